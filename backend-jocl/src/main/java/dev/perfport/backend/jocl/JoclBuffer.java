package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractDeviceBuffer;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.ElemType;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/** A {@code cl_mem} of one session; released by {@link #close()} (idempotent) or when the session closes. */
final class JoclBuffer extends AbstractDeviceBuffer<JoclSession> {
    private final cl_mem mem;

    JoclBuffer(JoclSession session, cl_mem mem, ElemType type, long length, MemoryLevel level) {
        super(session, type, length, level);
        this.mem = mem;
    }

    cl_mem mem() {
        return mem;
    }

    @Override
    protected void doWrite(long offset, Object src, int srcOffset, int count) {
        session().copy(this, true, offset * type().bytes(), (long) count * type().bytes(), host(src, srcOffset));
    }

    @Override
    protected void doRead(long offset, Object dst, int dstOffset, int count) {
        long bytes = (long) count * type().bytes();
        if (bytes <= JoclCopies.SMALL_READ_BYTES) {
            session().readSmall(this, offset * type().bytes(), (int) bytes, host(dst, dstOffset));
        } else {
            session().copy(this, false, offset * type().bytes(), bytes, host(dst, dstOffset));
        }
    }

    /** A pointer to element {@code offset} of a host array (checkCopy has matched its type). */
    Pointer host(Object array, int offset) {
        Pointer p = switch (array) {
            case int[] a -> Pointer.to(a);
            case long[] a -> Pointer.to(a);
            case float[] a -> Pointer.to(a);
            case double[] a -> Pointer.to(a);
            default -> throw new IllegalArgumentException("unsupported host array " + array.getClass().getSimpleName());
        };
        return offset == 0 ? p : p.withByteOffset((long) offset * type().bytes());
    }

    @Override
    protected void release() {
        session().release(this);
    }
}
