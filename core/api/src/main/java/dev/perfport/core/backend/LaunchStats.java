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
}
