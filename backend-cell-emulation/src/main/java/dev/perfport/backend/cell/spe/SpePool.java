package dev.perfport.backend.cell.spe;

import dev.perfport.backend.cell.model.LaunchModel;
import dev.perfport.backend.cell.model.UnitModel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.launch.Launch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The compute units of one session: a fixed set of daemon platform threads (one per SPE, and one
 * for the PPE when it takes part), created with the session and stopped with it. A launch hands each participating worker one job (its block of
 * NDRange groups, or its static work-group) and waits for all of them; launches run one at a time.
 *
 * <p>A failing kernel or the timeout stops the other workers at their next check: between groups,
 * at every global atomic and in {@code nextTask()}. A worker still inside kernel code a grace period
 * later cannot be stopped (Java has no safe way to kill a thread), so it is abandoned and replaced
 * by a fresh worker; the session stays usable, and the abandoned thread ends when the kernel returns.
 */
public final class SpePool implements AutoCloseable {
    /** How long stopped workers get to reach a check before they are abandoned. */
    public static final Duration GRACE = Duration.ofSeconds(1);

    /**
     * What one launch did.
     *
     * @param nanos         host wall time from dispatch to the last worker finishing
     * @param workGroups    logical work-groups run: NDRange groups, or tasks taken by static groups
     * @param unitsUsed     workers that ran at least one group, or k for static work-groups
     * @param globalAtomics global atomics issued by the kernel
     * @param model         modelled time and the model's counters
     * @param chunkSizes    chunk sizes the guided schedule granted, in order (empty otherwise)
     */
    public record Result(long nanos, long workGroups, int unitsUsed, long globalAtomics, LaunchModel.Result model,
                         List<Long> chunkSizes) {
    }

    private final String tag;
    private final int speCount;
    private final Spe[] spes;
    private final ReentrantLock launchLock = new ReentrantLock();
    private int replacements;
    private volatile boolean closed;

    /** Starts {@code workers} threads named {@code spe-<i>@<tag>}. */
    public SpePool(int workers, String tag) {
        this(workers, false, tag);
    }

    /** Starts {@code workers} SPE threads and, with {@code ppe}, a PPE thread {@code ppe@<tag>} (unit {@code workers}). */
    public SpePool(int workers, boolean ppe, String tag) {
        if (workers < 1) throw new IllegalArgumentException("workers must be >= 1, got " + workers);
        this.tag = tag;
        this.speCount = workers;
        this.spes = new Spe[workers + (ppe ? 1 : 0)];
        for (int i = 0; i < spes.length; i++) spes[i] = Spe.start(i, threadName(i));
    }

    private String threadName(int unit) {
        return (unit == speCount ? "ppe" : "spe-" + unit) + "@" + tag;
    }

    /** SPE workers (the PPE not counted). */
    public int workers() {
        return speCount;
    }

    /** The worker threads now serving this pool (for tests and diagnostics). */
    public Thread[] threads() {
        synchronized (spes) {
            Thread[] t = new Thread[spes.length];
            for (int i = 0; i < spes.length; i++) t[i] = spes[i].thread();
            return t;
        }
    }

    /**
     * Runs a launch and waits for it.
     *
     * @param timeout       longest wall time before the launch is stopped and fails
     * @param timeoutOrigin where the timeout comes from (a configuration key), for the message
     * @throws DeviceExecutionException when the kernel throws, or on timeout or interruption
     */
    public Result launch(KernelCall call, Launch launch, boolean poison, Duration timeout, String timeoutOrigin) {
        return launch(call, launch, poison, LaunchPlan.basic(speCount), timeout, timeoutOrigin);
    }

    /** Runs a launch under {@code plan} and waits for it. */
    public Result launch(KernelCall call, Launch launch, boolean poison, LaunchPlan plan, Duration timeout, String timeoutOrigin) {
        launchLock.lock();
        try {
            if (closed) throw new IllegalStateException("the SPE workers of session " + tag + " are stopped (session closed)");
            if (plan.threads() != spes.length) {
                throw new IllegalArgumentException("plan for " + plan.threads() + " units, pool has " + spes.length);
            }
            LaunchRun run = new LaunchRun(call, launch, poison, plan);
            Spe[] team = new Spe[run.units.length];
            synchronized (spes) {
                for (int i = 0; i < team.length; i++) team[i] = spes[run.units[i]];
            }
            long t0 = System.nanoTime();
            for (Spe s : team) s.submit(run);
            boolean inTime;
            boolean interrupted = false;
            try {
                inTime = run.attention.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                inTime = false;
                interrupted = true;
            }
            long nanos = System.nanoTime() - t0;
            if (inTime && run.failure() == null) return result(run, nanos);

            run.abort();
            int abandoned = stopTeam(run);
            String note = abandoned == 0 ? "" : "; " + abandoned + " SPE worker(s) still inside kernel code "
                    + GRACE.toMillis() + " ms after the stop were abandoned and replaced (global buffers may still change)";
            if (interrupted) {
                Thread.currentThread().interrupt();
                throw new DeviceExecutionException("launch of kernel '" + call.name() + "' was interrupted; it was stopped" + note);
            }
            if (!inTime) {
                throw new DeviceExecutionException("kernel '" + call.name() + "' did not finish within the launch timeout of "
                        + timeout.toSeconds() + " s (" + timeoutOrigin + ") and was stopped (" + launch + ")" + note);
            }
            LaunchRun.Failure f = run.failure();
            throw new DeviceExecutionException("kernel '" + call.name() + "' failed on SPE " + f.unit() + " in "
                    + f.where() + ": " + describe(f.error()) + note, f.error());
        } finally {
            launchLock.unlock();
        }
    }

    private static Result result(LaunchRun run, long nanos) {
        long groups = 0;
        long atomics = 0;
        int used = 0;
        List<UnitModel> models = new ArrayList<>();
        long[] perUnit = new long[run.units.length];
        for (int w : run.units) {
            groups += run.groupsRun[w];
            atomics += run.atomics[w];
            if (run.isStatic || run.groupsRun[w] > 0) used++;
            if (run.models[w] != null) {
                perUnit[models.size()] = run.groupsRun[w];
                models.add(run.models[w]);
            }
        }
        long[] counts = java.util.Arrays.copyOf(perUnit, models.size());
        return new Result(nanos, groups, used, atomics, LaunchModel.combine(run.plan.cost(), models, counts), run.chunkSizes());
    }

    private static String describe(Throwable t) {
        return t instanceof PerfportException ? t.getMessage() : t.toString();
    }

    /** Waits up to {@link #GRACE} for the stopped team; replaces the workers that did not return. */
    private int stopTeam(LaunchRun run) {
        try {
            run.finished.await(GRACE.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int abandoned = 0;
        synchronized (spes) {
            for (int w : run.units) {
                if (run.done.get(w) == 0) {
                    spes[w].retire();
                    if (!closed) spes[w] = Spe.start(w, threadName(w) + "#" + (++replacements));
                    abandoned++;
                }
            }
        }
        return abandoned;
    }

    /** Stops the workers, waiting briefly for idle ones to end; a worker stuck in kernel code is left to end on its own. */
    @Override
    public void close() {
        Thread[] threads;
        synchronized (spes) {
            if (closed) return;
            closed = true;
            for (Spe s : spes) s.retire();
            threads = threads();
        }
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (Thread t : threads) {
            long left = deadline - System.nanoTime();
            if (left <= 0) break;
            try {
                t.join(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
    }
}
