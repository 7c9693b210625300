package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;

import java.util.Map;
import java.util.Optional;

/**
 * Where {@code run} finds tuned parameters: the best valid result the tuning cache holds for this
 * session's backend and device fingerprint, the kernel of {@code kernelHash}, and fixed
 * parameters that include every entry of {@code match}. The runtime supplies it (the cache is
 * not part of the API); a workload only asks.
 */
@FunctionalInterface
public interface TunedLookup {
    /** No cache: every lookup finds nothing. */
    TunedLookup NONE = (s, hash, match) -> Optional.empty();

    /** The tuned parameters (name to value) of the best cached result, if any. */
    Optional<Map<String, Integer>> best(DeviceSession session, String kernelHash, Map<String, String> match);
}
