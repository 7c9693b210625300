package dev.perfport.backend.jocl;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceMemoryException;
import dev.perfport.core.memory.ElemType;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_event;
import org.jocl.cl_mem;

/**
 * A session's buffers and the copies between them and host memory, on the session's queue. Each
 * copy returns its time; the session records it.
 */
final class JoclCopies {
    /**
     * Reads of at most this many bytes are timed by the host clock instead of a profiling event:
     * on the H100 (driver 580) the event and its two profiling queries cost about 8 µs of a 20 µs
     * read (bench/JoclLaunchOverhead.java, docs/results/gpu/h100.md), and a non-blocking
     * read into a direct buffer took 56 µs.
     */
    static final int SMALL_READ_BYTES = 4096;

    private final JoclContext ctx;
    private final JoclDevice dev;
    /** The device's global memory less what this session holds: the bytes an out-of-memory error says are left. */
    private final java.util.function.LongSupplier available;

    JoclCopies(JoclContext ctx, java.util.function.LongSupplier available) {
        this.ctx = ctx;
        this.dev = ctx.device();
        this.available = available;
    }

    /** A new {@code cl_mem} of {@code length} elements, after the device's limit on one buffer. */
    cl_mem allocate(ElemType type, long length, MemoryLevel level) {
        long max = dev.maxAllocBytes();
        if (length > max / type.bytes()) {
            throw new DeviceMemoryException(deviceName(), length > Long.MAX_VALUE / type.bytes() ? Long.MAX_VALUE : length * type.bytes(),
                    max, "the most one buffer may have, CL_DEVICE_MAX_MEM_ALLOC_SIZE");
        }
        long bytes = length * type.bytes();
        // CONSTANT buffers are read-only for kernels; the host still writes them
        long flags = level == MemoryLevel.CONSTANT ? CL.CL_MEM_READ_ONLY : CL.CL_MEM_READ_WRITE;
        cl_mem m;
        try {
            m = CL.clCreateBuffer(ctx.context(), flags, bytes, null, null);
        } catch (CLException e) {
            if (outOfMemory(e)) throw driverRefused(bytes, e);
            throw Cl.error("cannot allocate a " + level + " buffer of " + bytes + " B on " + deviceName(), e);
        }
        ctx.created("mem");
        return m;
    }

    /** Whether the driver ran out of device memory (drivers that allocate on first use say so at a copy or launch). */
    private static boolean outOfMemory(CLException e) {
        return e.getStatus() == CL.CL_MEM_OBJECT_ALLOCATION_FAILURE || e.getStatus() == CL.CL_OUT_OF_RESOURCES;
    }

    /** The driver's refusal of a buffer of {@code bytes}: the same one line as the session's own check. */
    private DeviceMemoryException driverRefused(long bytes, CLException e) {
        DeviceMemoryException d = new DeviceMemoryException(deviceName(), bytes, available.getAsLong(),
                "at most; the driver refused it with " + Cl.name(e) + ", so other programs hold some of the device's memory");
        d.initCause(e);
        return d;
    }

    /** A blocking read of at most {@link #SMALL_READ_BYTES}, without an event; returns its host time. */
    long readSmall(JoclBuffer b, long byteOffset, int bytes, Pointer host) {
        try {
            long t0 = System.nanoTime();
            CL.clEnqueueReadBuffer(ctx.queue(), b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, null);
            return System.nanoTime() - t0;
        } catch (CLException e) {
            throw Cl.error("copy of " + bytes + " B from a buffer on " + deviceName(), e);
        }
    }

    /** A blocking copy between a buffer and host memory; returns its time from its profiling event. */
    long copy(JoclBuffer b, boolean toDevice, long byteOffset, long bytes, Pointer host) {
        cl_event ev = new cl_event();
        boolean made = false;
        try {
            if (toDevice) {
                CL.clEnqueueWriteBuffer(ctx.queue(), b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, ev);
            } else {
                CL.clEnqueueReadBuffer(ctx.queue(), b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, ev);
            }
            made = true;
            ctx.created("event");
            return Cl.eventNanos(ev);
        } catch (CLException e) {
            if (toDevice && outOfMemory(e)) throw driverRefused(bytes, e);
            throw Cl.error("copy of " + bytes + " B " + (toDevice ? "to" : "from") + " a buffer on " + deviceName(), e);
        } finally {
            if (made) ctx.releaseEvent(ev);
        }
    }

    /** Releases a buffer's {@code cl_mem}. */
    void release(JoclBuffer b) {
        ctx.releaseBuffer(b.mem());
    }

    private String deviceName() {
        return dev.info().name();
    }
}
