package dev.perfport.backend.jocl;

import dev.perfport.core.backend.LaunchGrid;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.backend.Residency;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelLimitException;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.result.Counters;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Launching on one session: the residency query, the launch's grid (persistent kernels run as k
 * persistent groups along dimension 0, seed 003 §4), the six hidden {@code PP_PARAMS} arguments
 * and the kernel's own, the enqueues, and the counters read back. Launches are serialised by
 * {@link #lock()}, because kernel arguments and the hidden counter buffers are shared state.
 */
final class JoclLauncher {
    /** What limits a persistent launch's counts to an int here (for {@link LaunchGrid}'s errors). */
    private static final String INT_LIMIT = "that the prelude's int task and id arithmetic can address in a persistent launch";

    private final JoclSession session;
    private final JoclContext ctx;
    private final JoclDevice dev;
    /** False: the kernels were built without counters, and no atomics are reported. */
    private final boolean counting;
    /** Whether timed launches start behind a spin ({@link BusyStart}): profiled, not the read-back path. */
    private final boolean busyStart;
    private final Object launchLock = new Object();

    JoclLauncher(JoclSession session, JoclContext ctx, boolean counting, boolean busyStart) {
        this.session = session;
        this.ctx = ctx;
        this.dev = ctx.device();
        this.counting = counting;
        this.busyStart = busyStart;
    }

    /** Held while a launch, or a transfer strategy, sets a kernel's arguments and enqueues it, and while the session closes. */
    Object lock() {
        return launchLock;
    }

    // ---- residency -------------------------------------------------------------------------

    /** The residency query of {@link JoclSession#residency}. */
    int residency(JoclKernel k, long[] localSize, long localBytesPerGroup) {
        if (!fitsRequired(k, localSize)) return 0;
        long items = 1;
        for (long l : localSize) items *= l;
        // a register cap the build carries bounds the registers the estimate assumes
        return Residency.estimate(dev.residency(), k.workGroupSize(), items, groupLocalBytes(k, localBytesPerGroup),
                JoclPrograms.registerCap(k.constants(), dev.info()));
    }

    /** Local bytes per group plus whatever the kernel's own __local variables add beyond what its definition declares. */
    private static long groupLocalBytes(JoclKernel k, long localBytesPerGroup) {
        long declared = k.def().declaredLocalBytes().applyAsLong(k.constants());
        return localBytesPerGroup + Math.max(0, k.ownLocalBytes() - declared);
    }

    private static boolean fitsRequired(JoclKernel k, long[] local) {
        long[] reqd = k.requiredLocalSize();
        if (reqd[0] == 0) return true;
        for (int d = 0; d < 3; d++) {
            if (reqd[d] != (d < local.length ? local[d] : 1)) return false;
        }
        return true;
    }

    // ---- launch ----------------------------------------------------------------------------

    /**
     * {@code times} launches with the arguments set once: queued back to back on the in-order queue
     * with no finish and no event between them, only the first and the last carry an event, and the
     * host waits once, for the last. Kernel time is the device time from the first launch's start to
     * the last one's end.
     */
    LaunchStats launch(JoclKernel k, ValidatedLaunch v, Object[] args, int times) {
        return launch(k, v, args, times, null);
    }

    /**
     * A small read queued behind a launch, waited for instead of the kernel's event: the first {@code length} elements of
     * {@code mem} into {@code into}, through the read-back queue's pinned staging area. {@link #hostNanos()} is the host's
     * time from the read's enqueue to its return, once the launch ran.
     */
    static final class Readback {
        private final cl_mem mem;
        private final int bytes;
        private final Object into;
        private final int length;
        private long hostNanos;

        Readback(cl_mem mem, int bytes, Object into, int length) {
            this.mem = mem;
            this.bytes = bytes;
            this.into = into;
            this.length = length;
        }

        long hostNanos() {
            return hostNanos;
        }
    }

    /** As {@link #launch(JoclKernel, ValidatedLaunch, Object[], int)}, then {@code read} (or null) in the same wait. */
    LaunchStats launch(JoclKernel k, ValidatedLaunch v, Object[] args, int times, Readback read) {
        KernelDef def = k.def();
        String where = session.kernelWhere(def);
        long[] local = v.launch().localSizes();
        LaunchGrid grid = grid(k, v);

        long nanos;
        long[] host = new long[1];
        int[] c = new int[OpenClPrelude.COUNTER_SLOTS];
        synchronized (launchLock) {
            session.checkOpen();
            long t0 = System.nanoTime();
            setArgs(k, args, grid.tasks(), grid.mapping(), grid.ng0(), grid.ng1(), where);
            nanos = enqueueAndWait(k, grid.global(), local, c, grid.mapping() == OpenClPrelude.MAP_DYNAMIC, where, times, t0, host, read);
        }

        Map<String, Long> m = new LinkedHashMap<>();
        // queued launches: the host's own share, apart from the device's
        if (times > 1) m.put(Counters.HOST_ENQUEUE_NANOS, host[0]);
        putAtomics(m, c);
        grid.addCounters(m, def.usesStaticLocal(), times);
        return new LaunchStats(nanos, -1, m);
    }

    /** The launch's grid, after the limits of the compiled kernel that the device-level validation cannot know. */
    private LaunchGrid grid(JoclKernel k, ValidatedLaunch v) {
        Launch launch = v.launch();
        String where = session.kernelWhere(k.def());
        checkKernelLimits(k, v, launch.localSizes(), where);
        return k.def().isPersistent()
                ? LaunchGrid.persistent(launch, ls -> residency(k, ls, v.localBytes() + v.staticLocalBytes()), where, INT_LIMIT)
                : LaunchGrid.ordinary((NDRange) launch);
    }

    /** The hidden counters' global and local atomics, when the kernels count ({@code c} as read back, or zeros). */
    private void putAtomics(Map<String, Long> m, int[] c) {
        if (!counting) return;
        m.put(Counters.GLOBAL_ATOMICS, Integer.toUnsignedLong(c[OpenClPrelude.C_GLOBAL_ATOMICS]));
        m.put(JoclSession.LOCAL_ATOMICS, Integer.toUnsignedLong(c[OpenClPrelude.C_LOCAL_ATOMICS]));
    }

    /**
     * Dependent launches (at least two) queued back to back on the in-order queue, each with its own event for its
     * kernel time, and one wait for the last: the host's ~30 µs wait on NVIDIA's OpenCL comes once a sequence instead
     * of once a launch (TRSM: 64 launches a repetition). Arguments are captured at each enqueue, so steps may share a
     * kernel. With counting on, the counters of every step come with the first, as on TornadoVM.
     */
    List<LaunchStats> launchSequence(List<LaunchStep> steps, List<ValidatedLaunch> vs) {
        int n = steps.size();
        JoclKernel[] ks = new JoclKernel[n];
        LaunchGrid[] grids = new LaunchGrid[n];
        long[][] locals = new long[n][];
        for (int i = 0; i < n; i++) {
            ks[i] = session.ownKernel(steps.get(i).kernel());
            locals[i] = vs.get(i).launch().localSizes();
            grids[i] = grid(ks[i], vs.get(i));
        }
        cl_command_queue queue = ctx.queue();
        cl_event[] evs = new cl_event[n];
        long[] nanos = new long[n];
        int[] c = new int[OpenClPrelude.COUNTER_SLOTS];
        int made = 0, at = 0;
        String step = "zeroing the hidden counters";
        synchronized (launchLock) {
            session.checkOpen();
            try {
                if (counting) {
                    CL.clEnqueueWriteBuffer(queue, ctx.counters(), ctx.zeroingBlocks(), 0, JoclContext.COUNTER_BYTES, Pointer.to(ctx.zeros()), 0, null, null);
                }
                if (busyStart) {
                    step = "queuing the busy-start spin";
                    ctx.busyStart().queue(queue);
                }
                for (at = 0; at < n; at++) {
                    LaunchGrid g = grids[at];
                    step = "setting its arguments";
                    setArgs(ks[at], steps.get(at).args(), g.tasks(), g.mapping(), g.ng0(), g.ng1(), session.kernelWhere(ks[at].def()));
                    if (g.mapping() == OpenClPrelude.MAP_DYNAMIC) {
                        CL.clEnqueueWriteBuffer(queue, ctx.next(), ctx.zeroingBlocks(), 0, Sizeof.cl_int, Pointer.to(ctx.zeros()), 0, null, null);
                    }
                    step = "clEnqueueNDRangeKernel (global " + Arrays.toString(g.global()) + ", local " + Arrays.toString(locals[at]) + ")";
                    evs[at] = new cl_event();
                    CL.clEnqueueNDRangeKernel(queue, ks[at].kernel(), g.global().length, null, g.global(), locals[at], 0, null, evs[at]);
                    made++;
                    ctx.created("event");
                    // the device starts while the host queues the rest (see enqueueAndWait); behind the spin, the whole
                    // sequence goes at the wait instead, so that no step arrives at an idle device
                    if (at == 0 && !busyStart) CL.clFlush(queue);
                }
                at = n - 1;
                step = "running";
                CL.clWaitForEvents(1, new cl_event[]{evs[n - 1]});
                if (counting) {
                    step = "reading the hidden counters";
                    CL.clEnqueueReadBuffer(queue, ctx.counters(), CL.CL_TRUE, 0, JoclContext.COUNTER_BYTES, Pointer.to(c), 0, null, null);
                }
                for (int i = 0; i < n; i++) nanos[i] = Cl.eventNanos(evs[i]);
            } catch (RuntimeException e) {   // a CLException, or a refused argument
                // what was queued finishes before the error is reported, so that nothing runs on behind it
                try {
                    CL.clFinish(queue);
                } catch (CLException ignored) {
                    // the first error is reported
                }
                String what = session.kernelWhere(ks[Math.min(at, n - 1)].def()) + " (step " + (Math.min(at, n - 1) + 1)
                        + " of a sequence of " + n + ")";
                if (e instanceof CLException ce) throw new DeviceExecutionException(what + " failed while " + step + ": " + Cl.name(ce), ce);
                throw e;
            } finally {
                for (int i = 0; i < made; i++) ctx.releaseEvent(evs[i]);
            }
        }
        List<LaunchStats> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, Long> m = new LinkedHashMap<>();
            if (i == 0) m.put(Counters.HOST_SYNCS, 1L);
            putAtomics(m, i == 0 ? c : new int[OpenClPrelude.COUNTER_SLOTS]);
            grids[i].addCounters(m, ks[i].def().usesStaticLocal(), 1);
            out.add(new LaunchStats(nanos[i], -1, m));
        }
        return out;
    }

    /** Limits of the compiled kernel that the device-level validation cannot know. */
    private void checkKernelLimits(JoclKernel k, ValidatedLaunch v, long[] local, String where) {
        long items = v.launch().localItems();
        if (items > k.workGroupSize()) {
            throw new KernelLimitException(where + ": work-group of " + items + " work-items exceeds the "
                    + k.workGroupSize() + " this kernel allows (CL_KERNEL_WORK_GROUP_SIZE)");
        }
        if (!fitsRequired(k, local)) {
            long[] r = k.requiredLocalSize();
            throw new InvalidLaunchException(where + " declares reqd_work_group_size(" + r[0] + ", " + r[1] + ", " + r[2]
                    + "); the launch's local size is " + Arrays.toString(local));
        }
        long declared = k.def().declaredLocalBytes().applyAsLong(k.constants());
        long args = v.localBytes() - declared + v.staticLocalBytes();
        long own = Math.max(declared, k.ownLocalBytes());
        long cap = dev.info().capacity(MemoryLevel.LOCAL);
        if (args + own > cap) {
            throw new KernelLimitException(where + ": " + args + " B of __local arguments + " + own
                    + " B of __local variables in the kernel = " + (args + own) + " B exceeds the " + cap
                    + " B of local memory available to a work-group");
        }
    }

    /** Sets the hidden arguments and the kernel's own; the caller holds {@link #lock()}. */
    void setArgs(JoclKernel k, Object[] args, int tasks, int mapping, int ng0, int ng1, String where) {
        cl_kernel ker = k.kernel();
        int at = 0;
        try {
            // an argument is set only when it differs from the kernel's last launch: each set costs host time
            if (k.needsSet(0, ctx.counters())) CL.clSetKernelArg(ker, 0, Sizeof.cl_mem, Pointer.to(ctx.counters()));
            at = 1;
            if (k.needsSet(1, tasks)) CL.clSetKernelArg(ker, 1, Sizeof.cl_int, Pointer.to(new int[]{tasks}));
            at = 2;
            if (k.needsSet(2, mapping)) CL.clSetKernelArg(ker, 2, Sizeof.cl_int, Pointer.to(new int[]{mapping}));
            at = 3;
            if (k.needsSet(3, ng0)) CL.clSetKernelArg(ker, 3, Sizeof.cl_int, Pointer.to(new int[]{ng0}));
            at = 4;
            if (k.needsSet(4, ng1)) CL.clSetKernelArg(ker, 4, Sizeof.cl_int, Pointer.to(new int[]{ng1}));
            at = 5;
            if (k.needsSet(5, ctx.next())) CL.clSetKernelArg(ker, 5, Sizeof.cl_mem, Pointer.to(ctx.next()));
        } catch (CLException e) {
            k.forget(at);
            throw Cl.error("setting the hidden PP_PARAMS arguments of " + where, e);
        }
        List<ArgDef> defs = k.def().args();
        for (int i = 0; i < args.length; i++) {
            ArgDef a = defs.get(i);
            Object value = args[i];
            int index = OpenClPrelude.HIDDEN_ARGS + i;
            try {
                switch (a.level()) {
                    case GLOBAL, CONSTANT -> {
                        if (!(value instanceof JoclBuffer b) || b.session() != session) {
                            throw new InvalidLaunchException(where + ", argument " + i + " '" + a.name()
                                    + "': the buffer belongs to another session");
                        }
                        if (k.needsSet(index, b)) CL.clSetKernelArg(ker, index, Sizeof.cl_mem, Pointer.to(b.mem()));
                    }
                    case LOCAL, STATIC_LOCAL -> {
                        long bytes = ((LocalSize) value).elements() * a.type().bytes();
                        if (k.needsSet(index, new JoclKernel.LocalBytes(bytes))) CL.clSetKernelArg(ker, index, bytes, null);
                    }
                    case PRIVATE -> {
                        if (k.needsSet(index, value)) {
                            switch (a.type()) {
                                case INT -> CL.clSetKernelArg(ker, index, Sizeof.cl_int, Pointer.to(new int[]{(Integer) value}));
                                case LONG -> CL.clSetKernelArg(ker, index, Sizeof.cl_long, Pointer.to(new long[]{(Long) value}));
                                case FLOAT -> CL.clSetKernelArg(ker, index, Sizeof.cl_float, Pointer.to(new float[]{(Float) value}));
                                case DOUBLE -> CL.clSetKernelArg(ker, index, Sizeof.cl_double, Pointer.to(new double[]{(Double) value}));
                            }
                        }
                    }
                }
            } catch (CLException e) {
                k.forget(index);
                throw Cl.error("setting argument " + i + " '" + a + "' of " + where
                        + " (does the definition match the __kernel parameter list?)", e);
            } catch (RuntimeException e) {
                k.forget(index);
                throw e;
            }
        }
    }

    /** Zeroes the hidden buffers, runs the kernel, waits, reads the counters; returns the kernel's device time. */
    private long enqueueAndWait(JoclKernel k, long[] global, long[] local, int[] countersOut, boolean dynamic, String where, int times,
                                long hostStart, long[] hostNanos, Readback read) {
        // a single launch whose result is read back takes the host's time, not the kernel's event, and runs on the queue
        // without profiling: on NVIDIA's OpenCL a profiled event cost the host about 10 us a launch, and a profiling queue
        // about 8 us more even without events (H200: 26-27 against 14-19 us for a kernel and a 4-byte read)
        if (read != null && times != 1) throw new IllegalArgumentException("a read-back comes with one launch, not " + times);
        boolean hostTimed = read != null;
        ReadbackQueue rq = hostTimed ? ctx.readbackQueue() : null;
        cl_command_queue queue = hostTimed ? rq.queue() : ctx.queue();
        cl_event ev = hostTimed ? null : new cl_event();
        cl_event first = times > 1 ? new cl_event() : null;
        boolean made = false, madeFirst = false;
        String step = "zeroing the hidden counters";
        try {
            // in-order queue: the zeroing writes complete before the kernel starts
            // with counters off (-DPP_NO_COUNTERS) nothing touches them; only the dynamic mapping reads next
            if (counting) {
                CL.clEnqueueWriteBuffer(queue, ctx.counters(), ctx.zeroingBlocks(), 0, JoclContext.COUNTER_BYTES, Pointer.to(ctx.zeros()), 0, null, null);
            }
            if (busyStart && !hostTimed) {
                step = "queuing the busy-start spin";
                ctx.busyStart().queue(queue);
            }
            step = "clEnqueueNDRangeKernel (global " + Arrays.toString(global) + ", local " + Arrays.toString(local) + ")";
            for (int i = 0; i < times; i++) {
                // each launch of a dynamic mapping starts from a zeroed task counter (queued, not waited for)
                if (dynamic) CL.clEnqueueWriteBuffer(queue, ctx.next(), ctx.zeroingBlocks(), 0, Sizeof.cl_int, Pointer.to(ctx.zeros()), 0, null, null);
                boolean last = i == times - 1;
                CL.clEnqueueNDRangeKernel(queue, k.kernel(), global.length, null, global, local, 0, null,
                        last ? ev : i == 0 ? first : null);
                if (i == 0 && !last) {
                    madeFirst = true;
                    ctx.created("event");
                    // start the device on the first launch while the host queues the others: NVIDIA's
                    // driver holds queued commands until a flush, so without it the GPU sat idle for
                    // the whole enqueue loop (about 20 us a launch at 2^28), which the wall time showed
                    CL.clFlush(queue);
                }
            }
            made = !hostTimed;
            if (made) ctx.created("event");
            hostNanos[0] = System.nanoTime() - hostStart;
            if (hostTimed) {
                // in-order queue: the read starts once the kernel ended, so its return is the one wait
                step = "running, then reading its result";
                long r0 = System.nanoTime();
                CL.clEnqueueReadBuffer(queue, read.mem, CL.CL_TRUE, 0, read.bytes, rq.target(), 0, null, null);
                read.hostNanos = System.nanoTime() - r0;
                rq.copyTo(read.into, read.length);
                if (counting) {
                    // JOCL reads into a Java array only blocking; counting runs are not the ones timed per launch
                    step = "reading the hidden counters";
                    CL.clEnqueueReadBuffer(queue, ctx.counters(), CL.CL_TRUE, 0, JoclContext.COUNTER_BYTES, Pointer.to(countersOut), 0, null, null);
                }
                return System.nanoTime() - hostStart;
            } else {
                step = "running";
                CL.clWaitForEvents(1, new cl_event[]{ev});   // polling the status was no faster on the H100
                if (counting) {
                    step = "reading the hidden counters";
                    CL.clEnqueueReadBuffer(queue, ctx.counters(), CL.CL_TRUE, 0, JoclContext.COUNTER_BYTES, Pointer.to(countersOut), 0, null, null);
                }
            }
            return first == null ? Cl.eventNanos(ev) : Cl.eventEnd(ev) - Cl.eventStart(first);
        } catch (CLException e) {
            String status = "";
            if (made) {
                try {
                    int s = Cl.eventStatus(ev);
                    if (s < 0) status = "; the kernel ended with " + Cl.name(s);
                } catch (CLException ignored) {
                    // the first error is reported
                }
            }
            throw new DeviceExecutionException(where + " failed while " + step + ": " + Cl.name(e) + status, e);
        } finally {
            if (made) ctx.releaseEvent(ev);
            if (madeFirst) ctx.releaseEvent(first);
        }
    }
}
