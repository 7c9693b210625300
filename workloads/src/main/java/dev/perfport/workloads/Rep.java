package dev.perfport.workloads;

import dev.perfport.core.backend.LaunchStats;

import java.util.Map;
import java.util.TreeMap;

/** Times of one repetition of a host program: wall clock, plus kernel and modelled time of its launches. */
public final class Rep {
    private final long start = System.nanoTime();
    private long wall = -1;
    private long kernel;
    private long modelled = -1;
    private final Map<String, Long> counters = new TreeMap<>();

    /** Adds a launch's times. */
    public LaunchStats add(LaunchStats s) {
        kernel += s.kernelNanos();
        if (s.modelledNanos() >= 0) modelled = Math.max(modelled, 0) + s.modelledNanos();
        s.counters().forEach((k, v) -> counters.merge(k, v, Long::sum));
        return s;
    }

    /** Stops the wall clock. */
    public Rep stop() {
        wall = System.nanoTime() - start;
        return this;
    }

    public long wallNanos() {
        return wall;
    }

    public long kernelNanos() {
        return kernel;
    }

    public long modelledNanos() {
        return modelled;
    }

    /** Counters of this repetition's launches, summed (keys any launch reported, zeros included). */
    public Map<String, Long> counters() {
        return counters;
    }

    /**
     * The better of two repetitions: lower modelled time on emulators, then lower kernel time (a
     * deterministic cost model gives every repetition the same modelled time; the measured one
     * decides among them). Every time of the row comes from the one repetition kept, so that a
     * rate derived from its kernel time never contradicts its wall time; a repetition that paid
     * for a route's compile at first launch has the higher kernel time and is not kept.
     */
    public static Rep best(Rep a, Rep b) {
        if (a == null) return b;
        if (a.modelled != b.modelled && a.modelled >= 0 && b.modelled >= 0) return b.modelled < a.modelled ? b : a;
        if (b.kernel != a.kernel) return b.kernel < a.kernel ? b : a;
        return b.wall < a.wall ? b : a;
    }

    /**
     * The repetition of lower wall time (then lower kernel time), for rows that measure the host's time per launch:
     * the device's time barely varies between such repetitions, the host's does (a scheduler or a collector pausing
     * the thread), and the steady state is the quickest. All the row's times still come from the one kept.
     */
    public static Rep fastestWall(Rep a, Rep b) {
        if (a == null) return b;
        if (a.wall != b.wall) return b.wall < a.wall ? b : a;
        return b.kernel < a.kernel ? b : a;
    }
}
