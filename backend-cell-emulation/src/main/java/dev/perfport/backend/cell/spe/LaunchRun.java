package dev.perfport.backend.cell.spe;

import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One launch in flight: its geometry, which workers take part, and the state they share (the stop
 * flag, the first failure, the DYNAMIC task counter, completion). Each participating worker runs
 * {@link #runOn} once on its own thread.
 */
final class LaunchRun implements Spe.Job {

    /** Thrown inside a worker to unwind a kernel once the launch is stopped; carries no stack. */
    static final class Abort extends RuntimeException {
        static final Abort INSTANCE = new Abort();

        private Abort() {
            super("launch stopped", null, false, false);
        }
    }

    /** The first error of a launch, and where it happened. */
    record Failure(int unit, String where, Throwable error) {
    }

    final KernelCall call;
    final Launch launch;
    final boolean poison;
    final int workers;

    // geometry; unused dimensions read as size 1, id 0 (as in OpenCL)
    final int dims;
    final int[] local = {1, 1, 1};
    final long[] groups = {1, 1, 1};
    final long[] global = {1, 1, 1};
    final int items;
    /** NDRange work-groups, or k for static work-groups. */
    final long groupCount;

    // static work-groups (k = 0 for an NDRange)
    final boolean isStatic;
    final int k;
    final TaskMapping mapping;
    final long tasks;

    /** Workers that get a job, in order. */
    final int[] units;

    volatile boolean aborted;
    private final AtomicReference<Failure> failure = new AtomicReference<>();
    private final AtomicLong dynamicNext = new AtomicLong();
    /** Counts down once per participating worker. */
    final CountDownLatch finished;
    /** Opens on the first failure or when every worker has finished, whichever comes first. */
    final CountDownLatch attention = new CountDownLatch(1);
    /** 1 once worker w has left the kernel (by worker index). */
    final AtomicIntegerArray done;
    // per worker, written by that worker before it counts down, read after `finished` opened
    final long[] groupsRun;
    final long[] atomics;

    LaunchRun(KernelCall call, Launch launch, boolean poison, int workers) {
        this.call = call;
        this.launch = launch;
        this.poison = poison;
        this.workers = workers;
        this.dims = launch.dims();
        for (int d = 0; d < dims; d++) local[d] = Math.toIntExact(launch.local(d));
        this.items = Math.toIntExact(launch.localItems());
        switch (launch) {
            case NDRange r -> {
                for (int d = 0; d < dims; d++) {
                    groups[d] = r.groups(d);
                    global[d] = r.global(d);
                }
                isStatic = false;
                k = 0;
                mapping = null;
                tasks = 0;
            }
            case StaticGroups s -> {
                if (s.k() > workers) {
                    throw new IllegalArgumentException("k = " + s.k() + " static work-groups cannot run on " + workers + " SPEs");
                }
                // a static launch looks like an NDRange of k groups along x, one per SPE
                groups[0] = s.k();
                for (int d = 0; d < dims; d++) global[d] = groups[d] * local[d];
                isStatic = true;
                k = s.k();
                mapping = s.mapping();
                tasks = s.tasks();
            }
        }
        try {
            this.groupCount = Math.multiplyExact(Math.multiplyExact(groups[0], groups[1]), groups[2]);
        } catch (ArithmeticException e) {
            throw new InvalidLaunchException("kernel '" + call.name() + "': " + launch + " has more than "
                    + Long.MAX_VALUE + " work-groups");
        }
        this.units = isStatic ? range(k) : busyWorkers();
        this.finished = new CountDownLatch(units.length);
        this.done = new AtomicIntegerArray(workers);
        this.groupsRun = new long[workers];
        this.atomics = new long[workers];
    }

    /** First linear group id of worker w: w·G/W without overflowing w·G. */
    long blockStart(int w) {
        return split(groupCount, workers, w);
    }

    /** First task of static group i under BLOCKED: i·T/k without overflowing i·T. */
    long taskBlockStart(int i) {
        return split(tasks, k, i);
    }

    private static long split(long total, int parts, int i) {
        return (total / parts) * i + (total % parts) * i / parts;
    }

    private int[] busyWorkers() {
        int n = 0;
        int[] u = new int[workers];
        for (int w = 0; w < workers; w++) if (blockStart(w) < blockStart(w + 1)) u[n++] = w;
        return java.util.Arrays.copyOf(u, n);
    }

    private static int[] range(int n) {
        int[] u = new int[n];
        for (int i = 0; i < n; i++) u[i] = i;
        return u;
    }

    /** Next task of the shared DYNAMIC counter, or -1. */
    long nextDynamicTask() {
        long t = dynamicNext.getAndIncrement();
        return t < tasks ? t : -1;
    }

    Failure failure() {
        return failure.get();
    }

    /** Stops every worker at its next check (group boundary, atomic, nextTask). */
    void abort() {
        aborted = true;
    }

    private void fail(int unit, String where, Throwable t) {
        if (failure.compareAndSet(null, new Failure(unit, where, t))) {
            aborted = true;
            attention.countDown();
        }
    }

    @Override
    public void runOn(int unit, PrivateStore store) {
        SpeWorkGroup g = null;
        try {
            g = new SpeWorkGroup(this, unit, store);
            if (isStatic) {
                g.beginStatic(unit);
                call.kernel().run(g);
            } else {
                runBlock(g, unit);
            }
        } catch (Abort stopped) {
            // another SPE failed, or the launch timed out: nothing to report from here
        } catch (Throwable t) {
            fail(unit, g == null ? "while setting up its local store" : g.position(), t);
        } finally {
            if (g != null) {
                groupsRun[unit] = g.groupsRun();
                atomics[unit] = g.atomics();
            }
            done.set(unit, 1);
            finished.countDown();
            if (finished.getCount() == 0) attention.countDown();
        }
    }

    /** Static equal shares: this worker's contiguous block of groups, one after another. */
    private void runBlock(SpeWorkGroup g, int w) {
        long start = blockStart(w);
        long end = blockStart(w + 1);
        for (long id = start; id < end; id++) {
            if (aborted) return;
            g.beginGroup(id, id == start, id == end - 1);
            call.kernel().run(g);
            g.groupDone();
        }
    }
}
