package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.TuneRow;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.core.tune.TuneContext;
import dev.perfport.core.tune.TuneRecord;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.gemm.Gemm;
import dev.perfport.workloads.gemm.GemmConfig;
import dev.perfport.workloads.trsm.Trsm;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.perfport.cli.report.Seed001Report.fmt;
import static dev.perfport.cli.report.Seed001Report.rate;

/**
 * The tuning of report seed-001, through the tuner and its cache as {@code perfport tune} does it: GEMM's indirect
 * kernel (its 14 parameters and split k) per device and type, then TRSM's block size on that tuned GEMM. The tuned
 * pair is what the portability study carries from one device to another.
 */
final class Seed001Tuning {
    private final Options o;
    private final PrintStream err;
    private final TuneCache cache;
    private final Gemm gemm = new Gemm();
    private final Trsm trsm = new Trsm();

    /**
     * TRSM's block size tuned on one device in one type, every GEMM of the solve on the tuned indirect kernel.
     *
     * @param nb          the best block size, or null when none ran
     * @param gflops      its rate while tuning
     * @param evaluations block sizes evaluated
     * @param rejected    of them refused or failed
     * @param error       why there is no tuned block size (no tuned GEMM, or no block size ran), else null
     */
    record TrsmTuneRow(String type, Integer nb, Double gflops, String metric, int evaluations, int rejected, double seconds, String error) {
    }

    Seed001Tuning(Options o, PrintStream err, TuneCache cache) {
        this.o = o;
        this.err = err;
        this.cache = cache;
    }

    /** GEMM at tunesize³; the device default stays where it measured better (a tuner never returns something slower than its start). */
    TuneRow gemm(DeviceSession s, String tag, String type) {
        Params fixed = gemm.tuningDefaults().with("m", "" + o.tuneSize()).with("n", "" + o.tuneSize()).with("k", "" + o.tuneSize())
                .with("type", type).with("reps", "" + o.reps());
        Tunable.Tuning t = gemm.tuning(s, Gemm.INDIRECT, fixed, Map.of());
        long t0 = System.nanoTime();
        TuneResult r = tuner(s, t, tag + " tuning " + type).run(o.strategy().equals("hierarchical") ? t.hierarchy() : new Strategy.RandomSearch(o.seed(), o.budget()));
        double secs = (System.nanoTime() - t0) * 1e-9;
        RunResult def = gemm.run(s, Gemm.INDIRECT, fixed.with("config", "default"));
        Double defValue = rate(def);
        boolean keepDefault = defValue != null && (r.best() == null || defValue > r.bestValue());
        Map<String, Integer> best = keepDefault ? GemmConfig.defaultFor(s.device()).values()
                : r.best() == null ? null : new LinkedHashMap<>(r.best().values());
        return new TuneRow(type, t.objective().metric(), t.space().gridSize(), best, keepDefault ? defValue : r.best() == null ? null : r.bestValue(),
                defValue, r.evaluations(), r.measured(), r.rejected(), secs, keepDefault ? "default" : o.strategy());
    }

    /** TRSM's block size over {@code nbs} at trsmm × trsmn, on {@code gemmBest} (null: nothing to tune on). */
    TrsmTuneRow trsm(DeviceSession s, String tag, String type, Map<String, Integer> gemmBest) {
        if (gemmBest == null) return new TrsmTuneRow(type, null, null, null, 0, 0, 0, "no tuned GEMM configuration to solve on");
        Tunable.Tuning t = trsm.tuning(s, Trsm.BLOCKED, trsmParams(type, gemmBest), Map.of("nb", o.nbs()));
        long t0 = System.nanoTime();
        TuneResult r = tuner(s, t, tag + " tuning trsm " + type).run(t.hierarchy());
        double secs = (System.nanoTime() - t0) * 1e-9;
        Integer nb = r.best() == null ? null : r.best().get("nb");
        return new TrsmTuneRow(type, nb, nb == null ? null : r.bestValue(), t.objective().metric(), r.evaluations(), r.rejected(), secs,
                nb == null ? "no block size ran: " + r.noneValid() : null);
    }

    /**
     * TRSM's parameters with a GEMM configuration: trsmm × trsmn, directmax 0 so that every GEMM of the solve takes the
     * indirect kernel the configuration describes (the direct kernel's own parameters are not tuned, so they would not travel).
     */
    Params trsmParams(String type, Map<String, Integer> gemmConfig) {
        Params p = trsm.tuningDefaults().with("m", "" + o.trsmM()).with("n", "" + o.trsmN()).with("type", type).with("reps", "" + o.reps())
                .with("directmax", "0");
        return GemmConfig.withValues(p.with("config", "default"), gemmConfig);
    }

    private Tuner tuner(DeviceSession s, Tunable.Tuning t, String tag) {
        TuneContext tc = new TuneContext(s.backendId(), DeviceFingerprint.of(s.device()), t.kernelHash(), t.fixed());
        return new Tuner(t.space(), t.objective(), t.evaluator()).cache(cache, tc).listener(new Tuner.Listener() {
            @Override
            public void looked(TuneRecord rec, int evaluations, int planned) {
                err.println(tag + " " + evaluations + "/" + planned + ": "
                        + (rec.evaluation().valid() ? fmt(rec.evaluation().value()) + " " + t.objective().metric() : rec.evaluation().status().label())
                        + (rec.fromCache() ? " (cached)" : ""));
            }
        });
    }
}
