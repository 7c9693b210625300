package dev.perfport.backend.jocl;

import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.OpenClPrelude;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_mem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenCL objects a session lives in: one context, one in-order command queue with profiling,
 * and the prelude's two hidden buffers (the counters and the dynamic mapping's task counter); on the
 * first launch whose small result is read back at once, a second queue without profiling and a pinned
 * staging area ({@link ReadbackQueue}). Every OpenCL object of the session is counted here when made
 * and when released.
 */
final class JoclContext {
    static final int COUNTER_BYTES = OpenClPrelude.COUNTER_SLOTS * Sizeof.cl_int;

    private final JoclDevice dev;
    private final NativeTally tally = new NativeTally();
    private final cl_context context;
    private final cl_command_queue queue;
    private final cl_mem counters;
    private final cl_mem next;
    /** Source of the non-blocking zeroing writes; direct, because JOCL refuses Java arrays there. */
    private final ByteBuffer zeros = ByteBuffer.allocateDirect(COUNTER_BYTES).order(ByteOrder.nativeOrder());
    /** CL_FALSE, or CL_TRUE on Oclgrind ({@link CheckedJocl#zeroingBlocks}). */
    private final boolean zeroingBlocks;
    /** Whether released buffers wait for the close ({@link CheckedJocl#buffersKeptUntilClose}). */
    private final boolean keepBuffers;
    /** The buffers the session released while keepBuffers holds them. */
    private final List<cl_mem> kept = new ArrayList<>();
    /** Made on first use; null until then and after the close. */
    private ReadbackQueue readback;
    /** Made on first use where the session starts timed launches on a busy device; null until then and after the close. */
    private BusyStart busyStart;

    @SuppressWarnings("deprecation") // clCreateCommandQueue: in every OpenCL 1.x-3.0 ICD, unlike ...WithProperties
    JoclContext(JoclDevice dev) {
        this.dev = dev;
        this.zeroingBlocks = CheckedJocl.zeroingBlocks(dev);
        this.keepBuffers = CheckedJocl.buffersKeptUntilClose(dev);
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_context_properties props = new cl_context_properties();
            props.addProperty(CL.CL_CONTEXT_PLATFORM, dev.platform());
            cl_context ctx = CL.clCreateContext(props, 1, new cl_device_id[]{dev.device()}, null, null, null);
            tally.created("context");
            undo.addFirst(() -> release("context", () -> CL.clReleaseContext(ctx)));
            cl_command_queue q = CL.clCreateCommandQueue(ctx, dev.device(), CL.CL_QUEUE_PROFILING_ENABLE, null);
            tally.created("queue");
            undo.addFirst(() -> release("queue", () -> CL.clReleaseCommandQueue(q)));
            cl_mem c = CL.clCreateBuffer(ctx, CL.CL_MEM_READ_WRITE, COUNTER_BYTES, null, null);
            tally.created("mem");
            undo.addFirst(() -> release("mem", () -> CL.clReleaseMemObject(c)));
            cl_mem n = CL.clCreateBuffer(ctx, CL.CL_MEM_READ_WRITE, Sizeof.cl_int, null, null);
            tally.created("mem");
            this.context = ctx;
            this.queue = q;
            this.counters = c;
            this.next = n;
        } catch (CLException e) {
            for (Runnable r : undo) {
                try {
                    r.run();
                } catch (RuntimeException ignored) {
                    // the creation error below is the one worth reporting
                }
            }
            throw Cl.error("cannot open an OpenCL session on " + dev.info().name(), e);
        }
    }

    JoclDevice device() {
        return dev;
    }

    cl_context context() {
        return context;
    }

    cl_command_queue queue() {
        return queue;
    }

    /**
     * The queue without profiling and its pinned staging area, made on first use. Work on it never overlaps the main
     * queue's: every session call waits for what it queued before it returns.
     */
    synchronized ReadbackQueue readbackQueue() {
        if (readback == null) readback = ReadbackQueue.open(this, JoclCopies.SMALL_READ_BYTES);
        return readback;
    }

    /** The spin that keeps the device busy ahead of a timed launch ({@link BusyStart}), made and calibrated on first use. */
    synchronized BusyStart busyStart() {
        if (busyStart == null) busyStart = BusyStart.open(this, BusyStart.SPIN_NANOS);
        return busyStart;
    }

    /** The prelude's counters ({@code pp_counters}). */
    cl_mem counters() {
        return counters;
    }

    /** The dynamic mapping's task counter ({@code pp_next}). */
    cl_mem next() {
        return next;
    }

    /** Whether the zeroing writes before a launch block (on Oclgrind, where JOCL's wait on another thread crashed). */
    boolean zeroingBlocks() {
        return zeroingBlocks;
    }

    /** Host memory of {@link #COUNTER_BYTES} zero bytes, for the zeroing writes. */
    ByteBuffer zeros() {
        return zeros;
    }

    /** Counts one OpenCL object of {@code kind} as made. */
    void created(String kind) {
        tally.created(kind);
    }

    /** Live OpenCL objects by kind (for tests: empty after close). */
    java.util.Map<String, Integer> live() {
        return tally.live();
    }

    void releaseEvent(cl_event ev) {
        try {
            release("event", () -> CL.clReleaseEvent(ev));
        } catch (DeviceExecutionException ignored) {
            // a failed event release leaks a few bytes; the command's result is what matters
        }
    }

    /** Runs one clRelease* call and counts the object as released (even on error: it is not retried). */
    void release(String kind, Runnable call) {
        try {
            call.run();
        } catch (CLException e) {
            throw Cl.error("releasing an OpenCL " + kind + " on " + dev.info().name(), e);
        } finally {
            tally.released(kind);
        }
    }

    /** Releases a buffer of the session's, or keeps it until the close where keepBuffers holds. */
    void releaseBuffer(cl_mem m) {
        if (keepBuffers) {
            synchronized (kept) {
                kept.add(m);
            }
            return;
        }
        release("mem", () -> CL.clReleaseMemObject(m));
    }

    /** Waits for everything queued (the first step of closing). */
    void finish() {
        CL.clFinish(queue);
        ReadbackQueue r;
        synchronized (this) {
            r = readback;
        }
        if (r != null) CL.clFinish(r.queue());
    }

    /** Releases the kept and the hidden buffers, the queue and the context, each attempted; failures are added to {@code errors}. */
    void releaseAll(List<RuntimeException> errors) {
        synchronized (kept) {
            for (cl_mem m : kept) attempt(errors, () -> release("mem", () -> CL.clReleaseMemObject(m)));
            kept.clear();
        }
        attempt(errors, () -> release("mem", () -> CL.clReleaseMemObject(counters)));
        attempt(errors, () -> release("mem", () -> CL.clReleaseMemObject(next)));
        ReadbackQueue r;
        synchronized (this) {
            r = readback;
            readback = null;
        }
        if (r != null) r.releaseAll(errors);
        BusyStart b;
        synchronized (this) {
            b = busyStart;
            busyStart = null;
        }
        if (b != null) b.releaseAll(errors);
        attempt(errors, () -> release("queue", () -> CL.clReleaseCommandQueue(queue)));
        attempt(errors, () -> release("context", () -> CL.clReleaseContext(context)));
    }

    static void attempt(List<RuntimeException> errors, Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            errors.add(e);
        }
    }
}
