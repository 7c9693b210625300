package dev.perfport.backend.cell.spe;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The guided dynamic schedule (seed 003 §2.4, like OpenMP guided): a unit that needs work takes
 * the next ⌈remaining / (2 × units)⌉ groups, so chunks start large and shrink to one.
 *
 * <p>Which unit gets a chunk must follow modelled time, not the host's thread timing (the PPE is
 * slower in the model but not on the host). So a request made at modelled time {@code t} is
 * granted only once no other unit can still ask earlier: every other unit is done, or has
 * published a clock past {@code t} (equal clocks go to the lower unit index). Running units
 * publish their clock after each group; clocks only grow, so a published clock is a lower bound
 * of the unit's next request. This is conservative discrete-event synchronisation: the earliest
 * requester never waits, so it cannot deadlock, and grants are deterministic. Waiting costs host
 * time only at chunk boundaries.
 */
final class Guided {
    private static final int RUNNING = 0;
    private static final int WAITING = 1;
    private static final int DONE = 2;

    private final long total;
    private final int units;
    private final BooleanSupplier stopped;
    private final AtomicLongArray published;
    private final AtomicIntegerArray state;
    private long next;                               // guarded by this
    private final List<Long> sizes = new ArrayList<>();   // guarded by this; chunk sizes in grant order

    Guided(long total, int units, BooleanSupplier stopped) {
        if (units < 1) throw new IllegalArgumentException("units must be >= 1, got " + units);
        this.total = total;
        this.units = units;
        this.stopped = stopped;
        this.published = new AtomicLongArray(units);
        this.state = new AtomicIntegerArray(units);
        for (int u = 0; u < units; u++) state.set(u, WAITING);   // everyone asks at time 0
    }

    /**
     * Asks for a chunk at modelled time {@code t} for unit {@code u} (an index in [0, units)) and
     * waits until it is this unit's turn. Returns {start, end} or null when no groups are left.
     *
     * @throws LaunchRun.Abort when the launch is stopped while waiting
     */
    long[] take(int u, long t) {
        published.set(u, t);
        state.set(u, WAITING);
        int spins = 0;
        while (!earliest(u, t)) {
            if (stopped.getAsBoolean()) throw LaunchRun.Abort.INSTANCE;
            if (++spins < 64) Thread.onSpinWait();
            else LockSupport.parkNanos(Math.min(200_000L, 1_000L << Math.min(spins - 64, 8)));
        }
        return grant(u);
    }

    /** Whether no other unit can still ask before unit {@code u} at {@code t}. */
    boolean earliest(int u, long t) {
        for (int v = 0; v < units; v++) {
            if (v == u || state.get(v) == DONE) continue;
            long p = published.get(v);
            if (p < t || (p == t && v < u)) return false;
        }
        return true;
    }

    /** Hands unit {@code u} the next chunk (no waiting); null and the unit is done when none are left. */
    synchronized long[] grant(int u) {
        long rem = total - next;
        if (rem <= 0) {
            state.set(u, DONE);
            return null;
        }
        long size = Math.max(1, (rem + 2L * units - 1) / (2L * units));
        long start = next;
        next += size;
        sizes.add(size);
        state.set(u, RUNNING);
        return new long[]{start, start + size};
    }

    /** A running unit's clock after a group: a lower bound of its next request. */
    void publish(int u, long t) {
        published.lazySet(u, t);
    }

    /** Marks a unit that stops asking (it failed or was stopped), so that others do not wait for it. */
    void leave(int u) {
        state.set(u, DONE);
    }

    synchronized List<Long> chunkSizes() {
        return List.copyOf(sizes);
    }
}
