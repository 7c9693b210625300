package dev.perfport.core.memory;

import dev.perfport.core.device.MemoryLevel;

/**
 * A typed buffer in global or constant memory of one device session. Release it with
 * {@link #close()} (try-with-resources): native memory is freed then, not by the garbage collector.
 *
 * <p>Copies are synchronous and their time is added to the session's transfer time.
 */
public interface DeviceBuffer extends AutoCloseable {

    ElemType type();

    /** Number of elements. */
    long length();

    /** {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}. */
    MemoryLevel level();

    default long bytes() {
        return length() * type().bytes();
    }

    /** Whether {@link #close()} has run. */
    boolean isClosed();

    /**
     * Host to device: copies {@code count} elements of {@code src} (an int[], long[], float[] or
     * double[] matching {@link #type()}) from {@code srcOffset} to element {@code offset} of this buffer.
     */
    void write(long offset, Object src, int srcOffset, int count);

    /** Device to host: copies {@code count} elements from element {@code offset} into {@code dst}. */
    void read(long offset, Object dst, int dstOffset, int count);

    /** Copies the whole host array to the start of this buffer. */
    default void write(Object src) {
        write(0, src, 0, ElemType.arrayLength(src));
    }

    /** Fills the whole host array from the start of this buffer. */
    default void read(Object dst) {
        read(0, dst, 0, ElemType.arrayLength(dst));
    }

    /** Releases the device memory. Idempotent. */
    @Override
    void close();

    /**
     * Checks a copy request against this buffer; backends call it first so that every route
     * reports the same errors.
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
