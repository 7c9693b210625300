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

    /** A repetition made of given times, e.g. the medians of several ({@link Reps#row()}). */
    static Rep of(long wall, long kernel, long modelled, Map<String, Long> counters) {
        Rep r = new Rep();
        r.wall = wall;
        r.kernel = kernel;
        r.modelled = modelled;
        r.counters.putAll(counters);
        return r;
    }
}
