package dev.perfport.workloads;

import dev.perfport.core.result.Timing;

import java.util.Map;

/**
 * What a workload's host program measured: the times of the repetition its row reports (the median of
 * each time over the timed repetitions, or the fastest under {@code stat=best}) and how they spread.
 *
 * @param verified      output matched the reference
 * @param mismatch      what did not match, or null
 * @param wallNanos     host wall time (launches and the copies they need)
 * @param kernelNanos   kernel time
 * @param modelledNanos modelled time, or -1
 * @param metrics       rates derived from those times
 * @param counters      counters of the reported repetition's launches
 * @param timing        the warm-up and each time's spread, or null where the host program timed otherwise
 */
public record Outcome(boolean verified, String mismatch, long wallNanos, long kernelNanos,
                      long modelledNanos, Map<String, Double> metrics,
                      Map<String, Long> counters, Timing timing) {

    /** An outcome without a record of its repetitions' spread. */
    public Outcome(boolean verified, String mismatch, long wallNanos, long kernelNanos, long modelledNanos,
                   Map<String, Double> metrics, Map<String, Long> counters) {
        this(verified, mismatch, wallNanos, kernelNanos, modelledNanos, metrics, counters, null);
    }

    /** An outcome whose times and counters are those {@code reps} reports ({@link Reps#row()}). */
    public static Outcome of(boolean verified, String mismatch, Reps reps, Map<String, Double> metrics) {
        Rep row = reps.row();
        return new Outcome(verified, mismatch, row.wallNanos(), row.kernelNanos(), row.modelledNanos(),
                metrics, row.counters(), reps.timing());
    }

    /** An outcome whose times are those {@code reps} reports, with counters of its own. */
    public static Outcome of(boolean verified, String mismatch, Reps reps, Map<String, Double> metrics, Map<String, Long> counters) {
        Rep row = reps.row();
        return new Outcome(verified, mismatch, row.wallNanos(), row.kernelNanos(), row.modelledNanos(),
                metrics, counters, reps.timing());
    }
}
