package dev.perfport.backend.jocl;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.jocl.Pointer;
import org.jocl.cl_mem;

import java.util.concurrent.atomic.AtomicBoolean;

/** A {@code cl_mem} of one session; released by {@link #close()} (idempotent) or when the session closes. */
final class JoclBuffer implements DeviceBuffer {
    private final JoclSession session;
    private final cl_mem mem;
    private final ElemType type;
    private final long length;
    private final MemoryLevel level;
    private final AtomicBoolean closed = new AtomicBoolean();

    JoclBuffer(JoclSession session, cl_mem mem, ElemType type, long length, MemoryLevel level) {
        this.session = session;
        this.mem = mem;
        this.type = type;
        this.length = length;
        this.level = level;
    }

    JoclSession session() {
        return session;
    }

    cl_mem mem() {
        return mem;
    }

    @Override
    public ElemType type() {
        return type;
    }

    @Override
    public long length() {
        return length;
    }

    @Override
    public MemoryLevel level() {
        return level;
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void write(long offset, Object src, int srcOffset, int count) {
        DeviceBuffer.checkCopy(this, offset, src, srcOffset, count);
        if (count == 0) return;
        session.copy(this, true, offset * type.bytes(), (long) count * type.bytes(), host(src, srcOffset));
    }

    @Override
    public void read(long offset, Object dst, int dstOffset, int count) {
        DeviceBuffer.checkCopy(this, offset, dst, dstOffset, count);
        if (count == 0) return;
        long bytes = (long) count * type.bytes();
        if (bytes <= JoclSession.SMALL_READ_BYTES) {
            session.readSmall(this, offset * type.bytes(), (int) bytes, host(dst, dstOffset));
        } else {
            session.copy(this, false, offset * type.bytes(), bytes, host(dst, dstOffset));
        }
    }

    /** A pointer to element {@code offset} of a host array (checkCopy has matched its type). */
    private Pointer host(Object array, int offset) {
        Pointer p = switch (array) {
            case int[] a -> Pointer.to(a);
            case long[] a -> Pointer.to(a);
            case float[] a -> Pointer.to(a);
            case double[] a -> Pointer.to(a);
            default -> throw new IllegalArgumentException("unsupported host array " + array.getClass().getSimpleName());
        };
        return offset == 0 ? p : p.withByteOffset((long) offset * type.bytes());
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) session.release(this);
    }

    @Override
    public String toString() {
        return level.name().toLowerCase() + " " + type.clName() + "[" + length + "]" + (isClosed() ? " (closed)" : "");
    }
}
