package dev.perfport.backend.jocl;

import dev.perfport.core.error.ConfigException;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.util.List;

/**
 * A short spin kernel queued just ahead of a timed launch, so that the device is busy when the launch arrives and the
 * launch's profiled START is when its work starts. On an idle NVIDIA H200 the START of a 4 KB copy came about 3 µs
 * before its work did (END − START 6.0–6.3 µs alone, 3.1 µs behind a spin): a fixed cost that PyTorch's figures
 * in {@code bench/} do not carry, since they time their calls behind {@code torch.cuda._sleep} the same way (the
 * 512 × 2^14 FFT: 37.3–38.9 µs against 40.6–41.0 without it). The spin
 * is one work-group of dependent multiply-adds, calibrated once to about {@code spinNanos}; it takes no event, so it
 * costs the timed launch nothing but the wall time it runs.
 */
record BusyStart(JoclContext ctx, cl_program program, cl_kernel kernel, cl_mem scratch, int iterations) {
    /** {@code auto} (on for a GPU that is not Oclgrind: {@link JoclSession#busyStartByDefault}), {@code true} or {@code false}. */
    static final String KEY = "perfport.jocl.busyStart";
    /** How long the spin runs: longer than the host takes to queue a sequence's next launch behind the first. */
    static final long SPIN_NANOS = 30_000;
    private static final int ITEMS = 32;
    private static final int PROBE_ITERATIONS = 1 << 12;
    private static final String SOURCE = """
            __kernel void pp_busy_start(__global float* x, const int iters) {
                float v = x[get_local_id(0)];
                for (int i = 0; i < iters; i++) v = v * 0.9999999f + 1e-7f;
                x[get_local_id(0)] = v;
            }
            """;

    /** The setting's value: null for auto, else whether it is on; one line naming the values otherwise. */
    static Boolean parse(String value) {
        return switch (value.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "auto" -> null;
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default -> throw new ConfigException(KEY + " must be auto, true or false, got '" + value + "'");
        };
    }

    /** Builds the spin on {@code ctx} and calibrates it to about {@code spinNanos} of device time. */
    static BusyStart open(JoclContext ctx, long spinNanos) {
        cl_program p = null;
        cl_kernel k = null;
        cl_mem m = null;
        try {
            p = CL.clCreateProgramWithSource(ctx.context(), 1, new String[]{SOURCE}, null, null);
            ctx.created("program");
            CL.clBuildProgram(p, 1, new org.jocl.cl_device_id[]{ctx.device().device()}, "", null, null);
            k = CL.clCreateKernel(p, "pp_busy_start", null);
            ctx.created("kernel");
            m = CL.clCreateBuffer(ctx.context(), CL.CL_MEM_READ_WRITE | CL.CL_MEM_COPY_HOST_PTR, (long) ITEMS * Sizeof.cl_float,
                    Pointer.to(new float[ITEMS]), null);
            ctx.created("mem");
            CL.clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
            long probe = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++) probe = Math.min(probe, run(ctx, k, PROBE_ITERATIONS));
            long iters = probe <= 0 ? PROBE_ITERATIONS : PROBE_ITERATIONS * spinNanos / probe;
            int iterations = (int) Math.clamp(iters, 1, 1 << 28);
            // set once: every queue() after this launches the calibrated spin, with no argument call per launch
            CL.clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{iterations}));
            return new BusyStart(ctx, p, k, m, iterations);
        } catch (CLException e) {
            List<RuntimeException> ignored = new java.util.ArrayList<>();
            new BusyStart(ctx, p, k, m, 0).releaseAll(ignored);
            throw Cl.error("cannot make the busy-start spin (" + KEY + ") on " + ctx.device().info().name()
                    + "; set " + KEY + "=false to time without it", e);
        }
    }

    /** Device time of one spin of {@code iters} on the main queue. */
    private static long run(JoclContext ctx, cl_kernel k, int iters) {
        CL.clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[]{iters}));
        cl_event ev = new cl_event();
        CL.clEnqueueNDRangeKernel(ctx.queue(), k, 1, null, new long[]{ITEMS}, new long[]{ITEMS}, 0, null, ev);
        ctx.created("event");
        try {
            CL.clWaitForEvents(1, new cl_event[]{ev});
            return Cl.eventNanos(ev);
        } finally {
            ctx.releaseEvent(ev);
        }
    }

    /** Queues the spin on {@code queue} (no event, no flush: the timed launch behind it flushes both). */
    void queue(cl_command_queue queue) {
        CL.clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[]{ITEMS}, new long[]{ITEMS}, 0, null, null);
    }

    /** Releases the kernel, the program and the buffer, each attempted. */
    void releaseAll(List<RuntimeException> errors) {
        if (kernel != null) JoclContext.attempt(errors, () -> ctx.release("kernel", () -> CL.clReleaseKernel(kernel)));
        if (program != null) JoclContext.attempt(errors, () -> ctx.release("program", () -> CL.clReleaseProgram(program)));
        if (scratch != null) JoclContext.attempt(errors, () -> ctx.release("mem", () -> CL.clReleaseMemObject(scratch)));
    }
}
