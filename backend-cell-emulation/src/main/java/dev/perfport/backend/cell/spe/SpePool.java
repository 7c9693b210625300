package dev.perfport.backend.cell.spe;

import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.launch.Launch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The SPE-like workers of one session: a fixed set of daemon platform threads, created with the
 * session and stopped with it. A launch hands each participating worker one job (its block of
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
     */
    public record Result(long nanos, long workGroups, int unitsUsed, long globalAtomics) {
    }

    private final String tag;
    private final Spe[] spes;
    private final ReentrantLock launchLock = new ReentrantLock();
    private int replacements;
    private volatile boolean closed;

    /** Starts {@code workers} threads named {@code spe-<i>@<tag>}. */
    public SpePool(int workers, String tag) {
        if (workers < 1) throw new IllegalArgumentException("workers must be >= 1, got " + workers);
        this.tag = tag;
        this.spes = new Spe[workers];
        for (int i = 0; i < workers; i++) spes[i] = Spe.start(i, "spe-" + i + "@" + tag);
    }

    public int workers() {
        return spes.length;
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
        launchLock.lock();
        try {
            if (closed) throw new IllegalStateException("the SPE workers of session " + tag + " are stopped (session closed)");
            LaunchRun run = new LaunchRun(call, launch, poison, spes.length);
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
        for (int w : run.units) {
            groups += run.groupsRun[w];
            atomics += run.atomics[w];
            if (run.isStatic || run.groupsRun[w] > 0) used++;
        }
        return new Result(nanos, groups, used, atomics);
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
                    if (!closed) spes[w] = Spe.start(w, "spe-" + w + "@" + tag + "#" + (++replacements));
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
