package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RunResult;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs a workload's host program and turns it into a {@link RunResult}: the profile is the
 * calling thread's delta on the session over the whole run (so a session shared by threads gives
 * each row its own), times are the median over the timed repetitions and counters those of the median one (so a
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
                    o.verified() ? null : o.mismatch(), o.wallNanos(), o.kernelNanos(), modelled, o.metrics(), counters, p, o.timing());
        } catch (UnsupportedFeatureException e) {
            return RunResult.unsupported(s.backendId(), device, workload, variant, ps, e.reason());
        } catch (PerfportException e) {
            return RunResult.failed(s.backendId(), device, workload, variant, ps, e.getMessage());
        } catch (Exception | LinkageError | AssertionError e) {
            return RunResult.failed(s.backendId(), device, workload, variant, ps,
                    e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /**
     * One row measured as its parameters say ({@link Measurement}): {@code warmup} untimed repetitions
     * first, {@code reps} timed ones (or {@code reps=auto}), rates from the median or, with
     * {@code stat=best}, the fastest. The workload sees its own parameters only; the row shows
     * {@code reps=auto}, and {@code warmup} and {@code stat} where they are not the defaults.
     *
     * @param w       the workload
     * @param s       the session
     * @param variant the variant
     * @param params  the row's parameters, the measurement's among them
     * @return the row (a ConfigException propagates for a bad parameter)
     */
    public static RunResult measured(Workload w, DeviceSession s, String variant, Params params) {
        Measurement m = Measurement.of(params);
        RunResult r = m.during(() -> w.run(s, variant, m.strip(params)));
        return r.withParams(m.show(r.params()));
    }

    /** GB/s for {@code bytes} moved in {@code nanos}. */
    public static double gbPerSecond(long bytes, long nanos) {
        return nanos <= 0 ? 0 : bytes / (double) nanos;
    }
}
