package dev.perfport.backend.cell;

import dev.perfport.core.backend.AbstractDeviceBuffer;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.backend.cell.spe.KernelCall;

/**
 * A global or constant buffer of the emulator: a plain Java array in the heap ("main memory"),
 * placed at a modelled effective address (for the DMA rules and the software cache's set index).
 * Copies are {@link System#arraycopy}, timed and added to the session's transfer totals; on a
 * Cell they are main-memory copies by the PPE, so they add no modelled device time.
 */
final class ArrayBuffer extends AbstractDeviceBuffer<CellSession> {
    private final long address;
    private volatile Object array;   // null once closed

    private ArrayBuffer(CellSession session, ElemType type, int length, MemoryLevel level, Object array, long address) {
        super(session, type, length, level);
        this.array = array;
        this.address = address;
    }

    static ArrayBuffer allocate(CellSession session, ElemType type, long length, MemoryLevel level, long address) {
        checkLength(type, length);
        int n = (int) length;
        Object a;
        try {
            a = switch (type) {
                case INT -> new int[n];
                case LONG -> new long[n];
                case FLOAT -> new float[n];
                case DOUBLE -> new double[n];
            };
        } catch (OutOfMemoryError e) {
            throw new DeviceExecutionException("cannot allocate a buffer of " + length + " " + type.clName() + " elements ("
                    + length * type.bytes() + " B): the Java heap is exhausted (max heap "
                    + Runtime.getRuntime().maxMemory() + " B); close unused buffers or raise -Xmx", e);
        }
        return new ArrayBuffer(session, type, n, level, a, address);
    }

    /** A buffer is one Java array, so it holds at most {@link KernelCall#MAX_ARRAY_ELEMENTS} elements. */
    static void checkLength(ElemType type, long length) {
        if (length > KernelCall.MAX_ARRAY_ELEMENTS) {
            throw new IllegalArgumentException("buffer of " + length + " " + type.clName()
                    + " elements exceeds the emulator's limit of " + KernelCall.MAX_ARRAY_ELEMENTS
                    + " elements per buffer (one Java array)");
        }
    }

    /** The backing array for a launch of {@code s}; null when closed. */
    Object array() {
        return array;
    }

    /** Modelled effective address of element 0. */
    long address() {
        return address;
    }

    @Override
    protected void doWrite(long offset, Object src, int srcOffset, int count) {
        Object a = live();
        long t0 = System.nanoTime();
        System.arraycopy(src, srcOffset, a, (int) offset, count);
        session().transferred(System.nanoTime() - t0, (long) count * type().bytes(), true);
    }

    @Override
    protected void doRead(long offset, Object dst, int dstOffset, int count) {
        Object a = live();
        long t0 = System.nanoTime();
        System.arraycopy(a, (int) offset, dst, dstOffset, count);
        session().transferred(System.nanoTime() - t0, (long) count * type().bytes(), false);
    }

    /** The array, or the same error as {@link DeviceBuffer#checkCopy} if a close raced the copy. */
    private Object live() {
        Object a = array;
        if (a == null) throw new IllegalStateException("buffer was released (closed) and cannot be copied");
        return a;
    }

    /** Drops the memory now, not when the handle is collected. */
    @Override
    protected void release() {
        array = null;
    }
}
