package dev.perfport.core.backend;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;

/**
 * The part of a buffer every backend shares: its shape, the copy checks of
 * {@link DeviceBuffer#checkCopy} (so every route reports the same errors), and a close that runs
 * once ({@link SessionResource}). A backend supplies the copies and the release of its memory.
 *
 * @param <S> the backend's session type
 */
public abstract class AbstractDeviceBuffer<S extends AbstractDeviceSession> extends SessionResource<S> implements DeviceBuffer {
    private final ElemType type;
    private final long length;
    private final MemoryLevel level;

    /**
     * A buffer of a session.
     *
     * @param session the session that allocated it
     * @param type    the element type
     * @param length  elements
     * @param level   {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}
     */
    protected AbstractDeviceBuffer(S session, ElemType type, long length, MemoryLevel level) {
        super(session);
        this.type = type;
        this.length = length;
        this.level = level;
    }

    @Override
    public final ElemType type() {
        return type;
    }

    @Override
    public final long length() {
        return length;
    }

    @Override
    public final MemoryLevel level() {
        return level;
    }

    @Override
    public final void write(long offset, Object src, int srcOffset, int count) {
        DeviceBuffer.checkCopy(this, offset, src, srcOffset, count);
        if (count > 0) doWrite(offset, src, srcOffset, count);
    }

    @Override
    public final void read(long offset, Object dst, int dstOffset, int count) {
        DeviceBuffer.checkCopy(this, offset, dst, dstOffset, count);
        if (count > 0) doRead(offset, dst, dstOffset, count);
    }

    /**
     * Host to device, after the request was checked; {@code count} is at least 1.
     *
     * @param offset    first element of this buffer written
     * @param src       the host array, of this buffer's element type
     * @param srcOffset first element of {@code src} read
     * @param count     elements copied
     */
    protected abstract void doWrite(long offset, Object src, int srcOffset, int count);

    /**
     * Device to host, after the request was checked; {@code count} is at least 1.
     *
     * @param offset    first element of this buffer read
     * @param dst       the host array, of this buffer's element type
     * @param dstOffset first element of {@code dst} written
     * @param count     elements copied
     */
    protected abstract void doRead(long offset, Object dst, int dstOffset, int count);

    @Override
    public String toString() {
        return level.name().toLowerCase() + " " + type.clName() + "[" + length + "]" + (isClosed() ? " (closed)" : "");
    }
}
