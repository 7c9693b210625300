package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;

import java.util.Map;
import java.util.Optional;

/**
 * Where {@code run} finds tuned parameters: the best valid result the user's tuning cache holds for this
 * session's backend and device fingerprint, the kernel of {@code kernelHash}, and fixed parameters that include
 * every entry of {@code match}; failing that, the tuning database shipped with perfport. The runtime supplies it
 * (neither is part of the API); a workload only asks.
 */
@FunctionalInterface
public interface TunedLookup {
    /** No cache, no database: every lookup finds nothing. */
    TunedLookup NONE = (s, hash, match) -> Optional.empty();

    /** Where a pick came from, as a row's {@code config} shows it. */
    String CACHE = "cache", DATABASE = "database";

    /**
     * A configuration found for a row.
     *
     * @param knobs  the tuned parameters, name to value
     * @param source {@link #CACHE} or {@link #DATABASE}
     * @param note   where in it (the database's device or architecture match), or empty
     */
    record Pick(Map<String, Integer> knobs, String source, String note) {
    }

    /** The tuned parameters (name to value) of the best cached result, if any. */
    Optional<Map<String, Integer>> best(DeviceSession session, String kernelHash, Map<String, String> match);

    /**
     * The configuration for a row: the user's tuning cache ({@link #best}) first, then where the runtime has one the
     * tuning database (this device, then the same architecture).
     *
     * @param session    the session
     * @param workload   the workload's name, the database's key
     * @param kernelHash the tuned kernel's hash, the cache's key
     * @param match      fixed parameters a result must have been tuned with (variant, type, ...)
     * @param near       the row's sizes: among database entries, the one tuned nearest them
     */
    default Optional<Pick> pick(DeviceSession session, String workload, String kernelHash, Map<String, String> match,
                                Map<String, String> near) {
        return best(session, kernelHash, match).map(k -> new Pick(k, CACHE, ""));
    }
}
