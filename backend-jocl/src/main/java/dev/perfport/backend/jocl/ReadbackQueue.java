package dev.perfport.backend.jocl;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_mem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A command queue without profiling and a pinned, mapped staging area ({@code target}: where a read of it lands), for a
 * launch whose small result the host waits for. On the H200, NVIDIA's OpenCL took 26-27 us for a kernel and a blocking 4-byte read on a profiling queue and
 * 14-19 us on a plain one (bench/JoclLaunchOverhead.java), and a read into pinned memory about 1.5 us less than into a
 * Java array. A kernel's store into the mapping does not reach the host unread there, so the read stays.
 */
record ReadbackQueue(JoclContext ctx, cl_command_queue queue, cl_mem staging, ByteBuffer mapped, Pointer target) {

    @SuppressWarnings("deprecation") // clCreateCommandQueue: in every OpenCL 1.x-3.0 ICD, unlike ...WithProperties
    static ReadbackQueue open(JoclContext ctx, int bytes) {
        cl_command_queue q = null;
        cl_mem m = null;
        try {
            q = CL.clCreateCommandQueue(ctx.context(), ctx.device().device(), 0, null);
            ctx.created("queue");
            m = CL.clCreateBuffer(ctx.context(), CL.CL_MEM_ALLOC_HOST_PTR | CL.CL_MEM_READ_WRITE, bytes, null, null);
            ctx.created("mem");
            ByteBuffer b = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_READ | CL.CL_MAP_WRITE, 0, bytes, 0, null, null, null)
                    .order(ByteOrder.nativeOrder());
            return new ReadbackQueue(ctx, q, m, b, Pointer.to(b));
        } catch (CLException e) {
            cl_mem mm = m;
            cl_command_queue qq = q;
            if (mm != null) ctx.release("mem", () -> CL.clReleaseMemObject(mm));
            if (qq != null) ctx.release("queue", () -> CL.clReleaseCommandQueue(qq));
            throw Cl.error("cannot make the read-back queue on " + ctx.device().info().name(), e);
        }
    }

    /** Copies the first {@code length} elements read into the staging area to {@code into} (an int, long, float or double array). */
    void copyTo(Object into, int length) {
        ByteBuffer b = mapped.duplicate().order(ByteOrder.nativeOrder());
        switch (into) {
            case int[] a -> b.asIntBuffer().get(a, 0, length);
            case long[] a -> b.asLongBuffer().get(a, 0, length);
            case float[] a -> b.asFloatBuffer().get(a, 0, length);
            case double[] a -> b.asDoubleBuffer().get(a, 0, length);
            default -> throw new IllegalArgumentException("unsupported host array " + into.getClass().getSimpleName());
        }
    }

    /** Unmaps and releases the staging area, then the queue, each attempted. */
    void releaseAll(List<RuntimeException> errors) {
        JoclContext.attempt(errors, () -> {
            CL.clEnqueueUnmapMemObject(queue, staging, mapped, 0, null, null);
            CL.clFinish(queue);
        });
        JoclContext.attempt(errors, () -> ctx.release("mem", () -> CL.clReleaseMemObject(staging)));
        JoclContext.attempt(errors, () -> ctx.release("queue", () -> CL.clReleaseCommandQueue(queue)));
    }
}
