package dev.perfport.core.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One row of a run or comparison: what ran where, whether it was right, and how fast.
 * {@code backend} and {@code device} name what really ran the work, never what was asked for.
 *
 * @param backend       backend id, e.g. {@code jocl}
 * @param device        device name as the route reports it
 * @param workload      workload name, e.g. {@code reduction}
 * @param variant       variant name, e.g. {@code static-local}
 * @param params        parameters of this run, in order
 * @param verified      true when the result matched the double-precision reference
 * @param error         why the row failed (an error or a verification mismatch), or null
 * @param wallNanos     host wall time of a timed repetition (its launches and the copies it needs, not
 *                      compilation): the median over the timed repetitions, or the fastest under {@code --stat best}
 * @param kernelNanos   kernel time, the same statistic (device timers where the route has them, else
 *                      host time around each launch; at most the wall time), or -1 where not known
 * @param modelledNanos modelled time from an emulator's cost model, the same statistic, or null
 * @param metrics       derived rates, each from one of the times above ({@code GB/s} from
 *                      {@code kernelNanos}, {@code modelled GB/s} from {@code modelledNanos}; the workload's
 *                      documentation names which)
 * @param counters      measured event counts, e.g. {@code globalAtomics}
 * @param profile       compile, transfer and kernel time
 * @param timing        how it was timed: warm-up, each time's spread over the timed repetitions and which
 *                      statistic the times above and the rates come from; null for a row that did not run
 * @param status        verified, failed, or unsupported (the route cannot run it); null derives verified or failed
 *                      from {@code verified} and {@code error}
 */
public record RunResult(String backend, String device, String workload, String variant,
                        Map<String, String> params, boolean verified, String error,
                        long wallNanos, long kernelNanos, Long modelledNanos, Map<String, Double> metrics,
                        Map<String, Long> counters, Profile profile, Timing timing, RowStatus status) {

    /**
     * Checks the row: backend, device, workload and variant are required, and a verified row has no error.
     */
    public RunResult {
        Objects.requireNonNull(backend);
        Objects.requireNonNull(device);
        Objects.requireNonNull(workload);
        Objects.requireNonNull(variant);
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
        profile = profile == null ? Profile.ZERO : profile;
        if (verified && error != null) throw new IllegalArgumentException("a verified row has no error");
        if (status == null) status = verified ? RowStatus.VERIFIED : RowStatus.FAILED;
        if ((status == RowStatus.VERIFIED) != verified) throw new IllegalArgumentException("status " + status + " with verified " + verified);
        if (status == RowStatus.UNSUPPORTED && error == null) throw new IllegalArgumentException("an unsupported row says why");
    }

    /**
     * A row with its timing, its status derived from {@code verified}.
     *
     * @param backend       backend that ran it
     * @param device        device that ran it
     * @param workload      the workload
     * @param variant       the variant
     * @param params        every parameter
     * @param verified      whether the result matched the reference
     * @param error         why the row failed, or null
     * @param wallNanos     host wall time
     * @param kernelNanos   kernel time, or -1
     * @param modelledNanos modelled time, or null
     * @param metrics       derived rates
     * @param counters      measured event counts
     * @param profile       compile, transfer and kernel time
     * @param timing        how it was timed, or null
     */
    public RunResult(String backend, String device, String workload, String variant,
                     Map<String, String> params, boolean verified, String error,
                     long wallNanos, long kernelNanos, Long modelledNanos, Map<String, Double> metrics,
                     Map<String, Long> counters, Profile profile, Timing timing) {
        this(backend, device, workload, variant, params, verified, error, wallNanos, kernelNanos, modelledNanos, metrics, counters,
                profile, timing, null);
    }

    /**
     * A row without a record of its repetitions' spread (one measured by other means).
     *
     * @param backend       backend that ran it
     * @param device        device that ran it
     * @param workload      the workload
     * @param variant       the variant
     * @param params        every parameter
     * @param verified      whether the result matched the reference
     * @param error         why the row failed, or null
     * @param wallNanos     host wall time
     * @param kernelNanos   kernel time, or -1
     * @param modelledNanos modelled time, or null
     * @param metrics       derived rates
     * @param counters      measured event counts
     * @param profile       compile, transfer and kernel time
     */
    public RunResult(String backend, String device, String workload, String variant,
                     Map<String, String> params, boolean verified, String error,
                     long wallNanos, long kernelNanos, Long modelledNanos, Map<String, Double> metrics,
                     Map<String, Long> counters, Profile profile) {
        this(backend, device, workload, variant, params, verified, error, wallNanos, kernelNanos, modelledNanos, metrics, counters,
                profile, null, null);
    }

    /**
     * A row without the best repetition's kernel time (kernelNanos -1, shown as unknown).
     *
     * @param backend       backend that ran it
     * @param device        device that ran it
     * @param workload      the workload
     * @param variant       the variant
     * @param params        every parameter
     * @param verified      whether the result matched the reference
     * @param error         why the row failed, or null
     * @param wallNanos     host wall time of the best repetition
     * @param modelledNanos modelled time, or null
     * @param metrics       derived rates
     * @param counters      measured event counts
     * @param profile       compile, transfer and kernel time
     */
    public RunResult(String backend, String device, String workload, String variant,
                     Map<String, String> params, boolean verified, String error,
                     long wallNanos, Long modelledNanos, Map<String, Double> metrics,
                     Map<String, Long> counters, Profile profile) {
        this(backend, device, workload, variant, params, verified, error, wallNanos, -1, modelledNanos, metrics, counters, profile);
    }

    /**
     * {@return this row with other parameters shown (a host program that settled some of them itself)}
     *
     * @param shown the parameters to show
     */
    public RunResult withParams(Map<String, String> shown) {
        return new RunResult(backend, device, workload, variant, shown, verified, error, wallNanos, kernelNanos, modelledNanos,
                metrics, counters, profile, timing, status);
    }

    /**
     * {@return a row for a run that failed before producing a result}
     *
     * @param backend  the backend that was asked to run it
     * @param device   the device, or {@code (none)}
     * @param workload the workload
     * @param variant  the variant
     * @param params   every parameter
     * @param error    why it failed
     */
    public static RunResult failed(String backend, String device, String workload, String variant,
                                   Map<String, String> params, String error) {
        return new RunResult(backend, device, workload, variant, params, false,
                Objects.requireNonNull(error), 0, 0, null, Map.of(), Map.of(), Profile.ZERO);
    }

    /**
     * {@return a row the route cannot run, with the reason for a user}
     *
     * @param backend  the backend that was asked to run it
     * @param device   the device
     * @param workload the workload
     * @param variant  the variant
     * @param params   every parameter
     * @param reason   what the route cannot do
     */
    public static RunResult unsupported(String backend, String device, String workload, String variant,
                                        Map<String, String> params, String reason) {
        return new RunResult(backend, device, workload, variant, params, false, Objects.requireNonNull(reason), 0, 0, null,
                Map.of(), Map.of(), Profile.ZERO, null, RowStatus.UNSUPPORTED);
    }

    /** {@return true when the row neither failed nor missed verification} */
    public boolean ok() {
        return verified && error == null;
    }
}
