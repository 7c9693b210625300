package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RunResult;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Runs a workload's host program and turns it into a {@link RunResult}: the profile is the
 * calling thread's delta on the session over the whole run (so a session shared by threads gives
 * each row its own), times and counters are those of the best repetition (so a
 * counter such as globalAtomics does not grow with the repetition count), and any failure becomes the row's error instead of an exception,
 * so one failing backend never stops the others.
 */
public final class Runs {

    /** A workload's host program for one variant and parameter set. */
    @FunctionalInterface
    public interface Body {
        Outcome run() throws Exception;
    }

    private Runs() {
    }

    public static RunResult run(DeviceSession s, String workload, String variant, Params params, Body body) {
        // this thread's totals: other threads sharing the session do not leak into this row
        Profile p0 = s.threadProfile();
        String device = s.device().name();
        Map<String, String> ps = new LinkedHashMap<>(params.asMap());
        try {
            Outcome o = body.run();
            Profile p = s.threadProfile().minus(p0);
            Map<String, Long> counters = new TreeMap<>(o.counters());
            Long modelled = o.modelledNanos() >= 0 ? o.modelledNanos() : null;
            return new RunResult(s.backendId(), device, workload, variant, ps, o.verified(),
                    o.verified() ? null : o.mismatch(), o.wallNanos(), o.kernelNanos(), modelled, o.metrics(), counters, p);
        } catch (PerfportException e) {
            return RunResult.failed(s.backendId(), device, workload, variant, ps, e.getMessage());
        } catch (Exception | LinkageError | AssertionError e) {
            return RunResult.failed(s.backendId(), device, workload, variant, ps,
                    e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Most untimed warm-up runs a row may ask for. */
    public static final int MAX_WARMUP = 100;

    /**
     * One row after {@code warmup} untimed runs of it on the same session, whose results are dropped
     * (a failing warm-up stops the warm-up; the timed run reports the failure). A route's host code
     * runs interpreted at first, and on a GPU the time between its launches leaves the device idle,
     * which makes the next kernel slower: TornadoVM's saxpy at n = 1024 took 9.7-10.6 us of kernel time
     * in its first 50 repetitions and 4.4 us later on the H100 (docs/routes.md). With a
     * warm-up the row shows {@code warmup=N} beside its parameters.
     *
     * @param warmup untimed runs first, 0 to {@value #MAX_WARMUP}
     * @param row    runs the row once (never throws for a run that fails: a failed row)
     */
    public static RunResult afterWarmup(int warmup, Supplier<RunResult> row) {
        if (warmup < 0 || warmup > MAX_WARMUP) {
            throw new IllegalArgumentException("warmup must be 0.." + MAX_WARMUP + ", got " + warmup);
        }
        for (int i = 0; i < warmup; i++) {
            if (!row.get().ok()) break;
        }
        RunResult r = row.get();
        if (warmup == 0) return r;
        Map<String, String> shown = new LinkedHashMap<>(r.params());
        shown.put("warmup", Integer.toString(warmup));
        return r.withParams(shown);
    }

    /** GB/s for {@code bytes} moved in {@code nanos}. */
    public static double gbPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes / (double) nanos;
    }
}
