package dev.perfport.backend.cell.spe;

import dev.perfport.backend.cell.cache.SoftwareCache;
import dev.perfport.backend.cell.model.Cost;
import dev.perfport.backend.cell.model.LineClock;
import dev.perfport.backend.cell.model.UnitCosts;
import dev.perfport.backend.cell.model.UnitModel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One launch in flight: its geometry, which units take part, how groups reach them, and the state
 * they share (the stop flag, the first failure, the DYNAMIC task counter, the guided schedule,
 * the lock-line clock, completion). Each participating unit runs {@link #runOn} once on its own
 * thread and keeps its cost accounting in its own {@link UnitModel}.
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
    final LaunchPlan plan;

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

    /** Units that may take groups, in order (SPEs, then the PPE). */
    private final int[] team;
    /** Position of each unit in {@link #team}, -1 if it takes no part. */
    private final int[] teamIndex;
    /** Units that get a job, in order. */
    final int[] units;

    volatile boolean aborted;
    private final AtomicReference<Failure> failure = new AtomicReference<>();
    private final AtomicLong dynamicNext = new AtomicLong();
    private final Guided guided;
    /** Only static work-groups may wait for each other, so only they need the shared lock-line clock. */
    private final LineClock lineClock;
    /** Counts down once per participating worker. */
    final CountDownLatch finished;
    /** Opens on the first failure or when every worker has finished, whichever comes first. */
    final CountDownLatch attention = new CountDownLatch(1);
    /** 1 once unit u has left the kernel (by unit index). */
    final AtomicIntegerArray done;
    // per unit, written by that unit before it counts down, read after `finished` opened
    final long[] groupsRun;
    final long[] atomics;
    final UnitModel[] models;

    LaunchRun(KernelCall call, Launch launch, boolean poison, LaunchPlan plan) {
        this.call = call;
        this.launch = launch;
        this.poison = poison;
        this.plan = plan;
        this.dims = launch.dims();
        for (int d = 0; d < dims; d++) local[d] = Math.toIntExact(launch.local(d));
        this.items = Math.toIntExact(launch.localItems());
        this.team = plan.eligibleUnits();
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
                if (s.k() > team.length) {
                    throw new IllegalArgumentException("k = " + s.k() + " static work-groups cannot run on " + team.length + " compute units");
                }
                // a static launch looks like an NDRange of k groups along x, one per unit
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
        this.lineClock = isStatic ? new LineClock() : null;
        int threads = plan.threads();
        this.teamIndex = new int[threads];
        Arrays.fill(teamIndex, -1);
        for (int i = 0; i < team.length; i++) teamIndex[team[i]] = i;
        boolean dynamic = !isStatic && plan.schedule() == Schedule.GUIDED;
        this.guided = dynamic ? new Guided(groupCount, team.length, () -> aborted) : null;
        this.units = isStatic ? Arrays.copyOf(team, k) : dynamic ? team : busyUnits();
        this.finished = new CountDownLatch(units.length);
        this.done = new AtomicIntegerArray(threads);
        this.groupsRun = new long[threads];
        this.atomics = new long[threads];
        this.models = new UnitModel[threads];
    }

    /** First linear group id of team member i under static shares: i·G/U without overflowing i·G. */
    long blockStart(int i) {
        return split(groupCount, team.length, i);
    }

    /** First task of static group i under BLOCKED: i·T/k without overflowing i·T. */
    long taskBlockStart(int i) {
        return split(tasks, k, i);
    }

    private static long split(long total, int parts, int i) {
        return (total / parts) * i + (total % parts) * i / parts;
    }

    private int[] busyUnits() {
        int n = 0;
        int[] u = new int[team.length];
        for (int i = 0; i < team.length; i++) if (blockStart(i) < blockStart(i + 1)) u[n++] = team[i];
        return Arrays.copyOf(u, n);
    }

    /** Next task of the shared DYNAMIC counter, or -1. */
    long nextDynamicTask() {
        long t = dynamicNext.getAndIncrement();
        return t < tasks ? t : -1;
    }

    Failure failure() {
        return failure.get();
    }

    /** Stops every worker at its next check (group boundary, atomic, nextTask, guided wait). */
    void abort() {
        aborted = true;
    }

    private void fail(int unit, String where, Throwable t) {
        if (failure.compareAndSet(null, new Failure(unit, where, t))) {
            aborted = true;
            attention.countDown();
        }
    }

    /** The cost accounting of {@code unit} for this launch. */
    private UnitModel newModel(int unit) {
        boolean ppe = plan.isPpe(unit);
        SoftwareCache cache = null;
        if (plan.cache()) {
            cache = ppe
                    ? SoftwareCache.ofCapacity(Long.highestOneBit(plan.cost().cycles(Cost.PPE_L2_BYTES) / (8L * 128)) * 8 * 128, 128, 8)
                    : SoftwareCache.ofCapacity(plan.speCacheBytes(), plan.cacheLineBytes(), plan.cacheWays());
        }
        UnitCosts costs = ppe ? UnitCosts.ppe(plan.cost()) : UnitCosts.spe(plan.cost());
        int inFlight = isStatic ? 1 : plan.groupsInFlight();
        UnitModel m = new UnitModel(plan.unitName(unit), costs, plan.cost().dma(), cache, inFlight, lineClock);
        m.link(plan.link());
        return m;
    }

    @Override
    public void runOn(int unit, PrivateStore store) {
        SpeWorkGroup g = null;
        UnitModel m = null;
        try {
            m = newModel(unit);
            models[unit] = m;
            g = new SpeWorkGroup(this, unit, store, m);
            if (isStatic) {
                g.beginStatic(teamIndex[unit]);
                call.kernel().run(g);
                g.endStatic();
            } else if (guided != null) {
                runGuided(g, m, teamIndex[unit]);
            } else {
                runBlock(g, teamIndex[unit]);
            }
            m.finish();
        } catch (Abort stopped) {
            // another unit failed, or the launch timed out: nothing to report from here
        } catch (Throwable t) {
            fail(unit, g == null ? "while setting up its local store" : g.position(), t);
        } finally {
            if (guided != null) guided.leave(teamIndex[unit]);
            if (g != null) {
                groupsRun[unit] = g.groupsRun();
                atomics[unit] = g.atomics();
            }
            done.set(unit, 1);
            finished.countDown();
            if (finished.getCount() == 0) attention.countDown();
        }
    }

    /** Static equal shares: this unit's contiguous block of groups, one after another. */
    private void runBlock(SpeWorkGroup g, int i) {
        long start = blockStart(i);
        long end = blockStart(i + 1);
        for (long id = start; id < end; id++) {
            if (aborted) return;
            g.beginGroup(id, id == start, id == end - 1);
            call.kernel().run(g);
            g.groupDone();
        }
    }

    /**
     * Guided: chunks from {@link Guided} in modelled-time order. A unit asks for its next chunk as
     * it starts the last group of the current one (estimating that group's end from the previous
     * group's cost), so that it knows whether that group is its last, for
     * {@code lastGroupOnUnit()}. Every request costs an atomic on the shared counter.
     */
    private void runGuided(SpeWorkGroup g, UnitModel m, int i) {
        long minCost = Math.max(1, plan.cost().cycles(Cost.GROUP_CYCLES));
        m.sharedCounter();
        long[] chunk = guided.take(i, m.now());
        boolean first = true;
        long lastCost = 0;
        while (chunk != null) {
            long[] next = null;
            for (long id = chunk[0]; id < chunk[1]; id++) {
                if (aborted) return;
                long t0 = m.now();
                boolean lastOnUnit = false;
                if (id == chunk[1] - 1) {
                    m.sharedCounter();
                    next = guided.take(i, m.now() + Math.max(lastCost, minCost));
                    lastOnUnit = next == null;
                }
                g.beginGroup(id, first, lastOnUnit);
                call.kernel().run(g);
                g.groupDone();
                first = false;
                long t1 = m.now();
                lastCost = t1 - t0;
                guided.publish(i, t1);
            }
            chunk = next;
        }
    }

    /** Chunk sizes the guided schedule granted, in order (empty for static schedules). */
    java.util.List<Long> chunkSizes() {
        return guided == null ? java.util.List.of() : guided.chunkSizes();
    }
}
