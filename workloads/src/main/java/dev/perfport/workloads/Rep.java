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
     * The better of two repetitions: lower kernel time (modelled time on emulators). Its wall time
     * becomes the lower of the two, so a first repetition that paid for a route's compile at first
     * launch (PoCL, TornadoVM's JIT) does not inflate the row's wall time.
     */
    public static Rep best(Rep a, Rep b) {
        if (a == null) return b;
        long ka = a.modelled >= 0 ? a.modelled : a.kernel;
        long kb = b.modelled >= 0 ? b.modelled : b.kernel;
        Rep keep = kb < ka ? b : a;
        keep.wall = Math.min(a.wall, b.wall);
        return keep;
    }
}
