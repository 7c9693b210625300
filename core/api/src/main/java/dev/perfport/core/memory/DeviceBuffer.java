package dev.perfport.core.memory;

import dev.perfport.core.device.MemoryLevel;

/**
 * A typed buffer in global or constant memory of one device session. Release it with
 * {@link #close()} (try-with-resources): native memory is freed then, not by the garbage collector.
 *
 * <p>Copies are synchronous and their time is added to the session's transfer time.
 */
public interface DeviceBuffer extends AutoCloseable {

    /** {@return the element type} */
    ElemType type();

    /** {@return number of elements} */
    long length();

    /** {@return {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}} */
    MemoryLevel level();

    /** {@return the size in bytes} */
    default long bytes() {
        return length() * type().bytes();
    }

    /** {@return whether {@link #close()} has run} */
    boolean isClosed();

    /**
     * Host to device: copies {@code count} elements of {@code src} from {@code srcOffset} to element
     * {@code offset} of this buffer.
     *
     * @param offset    first element of this buffer written
     * @param src       an int[], long[], float[] or double[] matching {@link #type()}
     * @param srcOffset first element of {@code src} read
     * @param count     elements copied
     */
    void write(long offset, Object src, int srcOffset, int count);

    /**
     * Device to host: copies {@code count} elements from element {@code offset} of this buffer into
     * {@code dst} at {@code dstOffset}.
     *
     * @param offset    first element of this buffer read
     * @param dst       an int[], long[], float[] or double[] matching {@link #type()}
     * @param dstOffset first element of {@code dst} written
     * @param count     elements copied
     */
    void read(long offset, Object dst, int dstOffset, int count);

    /**
     * Copies the whole host array to the start of this buffer.
     *
     * @param src an int[], long[], float[] or double[] matching {@link #type()}, at most {@link #length()} long
     */
    default void write(Object src) {
        write(0, src, 0, ElemType.arrayLength(src));
    }

    /**
     * Fills the whole host array from the start of this buffer.
     *
     * @param dst an int[], long[], float[] or double[] matching {@link #type()}, at most {@link #length()} long
     */
    default void read(Object dst) {
        read(0, dst, 0, ElemType.arrayLength(dst));
    }

    /** Releases the device memory. Idempotent. */
    @Override
    void close();

    /**
     * Checks a copy request against a buffer; backends call it first so that every route reports the
     * same errors.
     *
     * @param b           the buffer
     * @param offset      first element of the buffer
     * @param array       the host array
     * @param arrayOffset first element of the host array
     * @param count       elements to copy
     * @throws IllegalStateException    when the buffer is closed
     * @throws IllegalArgumentException when the array's type or a range does not fit
     */
    static void checkCopy(DeviceBuffer b, long offset, Object array, int arrayOffset, int count) {
        if (b.isClosed()) throw new IllegalStateException("buffer was released (closed) and cannot be copied");
        ElemType t = ElemType.ofArray(array);
        if (t == null) {
            throw new IllegalArgumentException("host array must be int[], long[], float[] or double[], got "
                    + (array == null ? "null" : array.getClass().getSimpleName()));
        }
        if (t != b.type()) {
            throw new IllegalArgumentException("buffer holds " + b.type() + " elements, host array is " + t.clName() + "[]");
        }
        int len = ElemType.arrayLength(array);
        if (count < 0 || arrayOffset < 0 || arrayOffset + (long) count > len) {
            throw new IndexOutOfBoundsException("host range [" + arrayOffset + ", " + (arrayOffset + (long) count)
                    + ") is outside the host array of length " + len);
        }
        if (offset < 0 || offset + count > b.length()) {
            throw new IndexOutOfBoundsException("device range [" + offset + ", " + (offset + count)
                    + ") is outside the buffer of length " + b.length());
        }
    }
}
