package dev.perfport.workloads;

import java.util.Map;

/**
 * What a workload's host program measured in its best repetition.
 *
 * @param verified      output matched the reference
 * @param mismatch      what did not match, or null
 * @param wallNanos     host wall time of the repetition (launches and the copies it needs)
 * @param kernelNanos   kernel time of the repetition
 * @param modelledNanos modelled time of the repetition, or -1
 * @param metrics       rates derived from the repetition
 * @param counters      counters of the repetition's launches
 */
public record Outcome(boolean verified, String mismatch, long wallNanos, long kernelNanos,
                      long modelledNanos, Map<String, Double> metrics,
                      Map<String, Long> counters) {

    /** An outcome whose times and counters are those of {@code best}. */
    public static Outcome of(boolean verified, String mismatch, Rep best, Map<String, Double> metrics) {
        return new Outcome(verified, mismatch, best.wallNanos(), best.kernelNanos(), best.modelledNanos(),
                metrics, best.counters());
    }
}
