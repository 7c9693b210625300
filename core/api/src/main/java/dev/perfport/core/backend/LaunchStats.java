package dev.perfport.core.backend;

import java.util.Map;

/**
 * What one launch measured.
 *
 * @param kernelNanos   kernel time (device timer where the route has one, else host wall time)
 * @param modelledNanos modelled time of an emulator, or -1
 * @param counters      counts of this launch (also added to the session's counters)
 */
public record LaunchStats(long kernelNanos, long modelledNanos, Map<String, Long> counters) {
    /** Copies the counters. */
    public LaunchStats {
        counters = Map.copyOf(counters);
    }

    /**
     * {@return the stats of {@code times} launches, each made by {@code one}, summed} Kernel time
     * and counters add up; modelled time adds up where any launch has one, else it stays -1.
     *
     * @param times launches, at least 1
     * @param one   makes one launch
     */
    public static LaunchStats repeated(int times, java.util.function.Supplier<LaunchStats> one) {
        if (times < 1) throw new IllegalArgumentException("times must be >= 1, got " + times);
        long kernelNanos = 0, modelled = -1;
        Map<String, Long> sum = new java.util.LinkedHashMap<>();
        for (int i = 0; i < times; i++) {
            LaunchStats s = one.get();
            kernelNanos += s.kernelNanos();
            if (s.modelledNanos() >= 0) modelled = Math.max(0, modelled) + s.modelledNanos();
            s.counters().forEach((k, x) -> sum.merge(k, x, Long::sum));
        }
        return new LaunchStats(kernelNanos, modelled, sum);
    }
}
