package dev.perfport.backend.tornado;

import dev.perfport.core.backend.AbstractDeviceBuffer;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.ElemType;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;
import uk.ac.manchester.tornado.api.types.arrays.TornadoNativeArray;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A buffer of a TornadoVM session: a TornadoVM off-heap array ({@link IntArray}, {@link FloatArray},
 * ...), which is what TornadoVM copies to and from the device.
 *
 * <p>TornadoVM's device buffers belong to an execution plan, and a plan copies its arrays in by
 * transfer mode when it runs; there is no device buffer before a launch binds the array to a plan.
 * So {@link #write} stages into the off-heap array and the copy to the device happens at the next
 * launch that needs it, while {@link #read} copies out of the plan that holds the newest contents
 * (TornadoVM's on-demand {@code transferToHost}). Which copy is newest is tracked with a version
 * (see {@link TornadoVmSession}). All state is guarded by the session's lock.
 */
final class TornadoVmBuffer extends AbstractDeviceBuffer<TornadoVmSession> {
    private final TornadoNativeArray array;
    private final MemorySegment data;

    /** Content version: raised by every host write and every launch that writes the buffer. */
    long version;
    /** The plan whose device copy is newer than the host copy, or null when the host copy is newest. */
    LaunchPlan owner;
    /** A launch has used this buffer. */
    boolean launched;
    /** The host rewrote it after a launch used it, or a kept device copy went stale: plans copy it in at every launch. */
    boolean volatileContents;

    TornadoVmBuffer(TornadoVmSession session, ElemType type, int length, MemoryLevel level) {
        super(session, type, length, level);
        this.array = switch (type) {
            case INT -> new IntArray(length);
            case LONG -> new LongArray(length);
            case FLOAT -> new FloatArray(length);
            case DOUBLE -> new DoubleArray(length);
        };
        this.data = array.getSegment();
        // TornadoVM's arrays are not zeroed; perfport's buffers start as zeros on every route
        data.fill((byte) 0);
    }

    /** The TornadoVM array a task receives. */
    TornadoNativeArray array() {
        return array;
    }

    @Override
    protected void doWrite(long offset, Object src, int srcOffset, int count) {
        session().hostWrite(this, offset, count, () ->
                MemorySegment.copy(src, srcOffset, data, layout(), offset * type().bytes(), count));
    }

    @Override
    protected void doRead(long offset, Object dst, int dstOffset, int count) {
        session().hostRead(this, () -> MemorySegment.copy(data, layout(), offset * type().bytes(), dst, dstOffset, count));
    }

    private ValueLayout layout() {
        return switch (type()) {
            case INT -> ValueLayout.JAVA_INT_UNALIGNED;
            case LONG -> ValueLayout.JAVA_LONG_UNALIGNED;
            case FLOAT -> ValueLayout.JAVA_FLOAT_UNALIGNED;
            case DOUBLE -> ValueLayout.JAVA_DOUBLE_UNALIGNED;
        };
    }

    @Override
    protected void release() {
        session().release(this);
    }
}
