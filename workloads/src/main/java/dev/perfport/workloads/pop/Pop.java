package dev.perfport.workloads.pop;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.gemm.Precision;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;
import dev.perfport.workloads.transfer.StagedRuns;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.perfport.workloads.pop.PopSpec.*;

/**
 * POP's equation of state and two KPP vertical-mixing functions with their data on the host (seed
 * 002 §5.5–5.6): {@code state} (MWJF: ρ, ∂ρ/∂T, ∂ρ/∂S at every point), {@code buoydiff} (buoyancy
 * differences to the surface and between levels) and {@code ddmix} (double-diffusion
 * diffusivities), each run with a transfer strategy: explicit, mapped (the thesis's Implicit),
 * streams (one stage per level, level k on queue k mod queues) or hybrid. buoydiff and ddmix compute
 * their states first in a kernel of their own and read them from the device; the {@code -fused}
 * variants inline the state, as the thesis's GPU kernels do, so that ddmix computes each level's
 * derivatives twice (once per interface) and its levels run apart.
 *
 * <p>Explicit runs on every backend through the session API; the other strategies need a session
 * that can run them ({@link TransferCapable}: jocl, and the emulator in modelled time); elsewhere
 * the row fails saying why. Every row is checked against {@link PopReference}.
 */
@AutoService(Workload.class)
public final class Pop implements Workload {
    /** Metric: host-to-host time measured. */
    public static final String MEASURED = StagedRuns.MEASURED;
    /** Metric: host-to-host time in an emulator's cost model. */
    public static final String MODELLED = StagedRuns.MODELLED;

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public List<String> paramHelp() {
        List<String> l = new ArrayList<>(SPEC.help());
        l.add("check: every point within " + (int) PopReference.ULPS + " units of roundoff x its field's scale of a double-precision "
                + "reference following POP's state_mod (ddmix: points within that of a regime's switch are not compared)");
        return l;
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, STRATEGY, STRATEGIES);
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("nx", "13", "ny", "7", "km", "5", "wg", "32", "strategy", "explicit", "reps", "1"),
                Params.of("nx", "37", "ny", "11", "km", "6", "type", "float", "wg", "64", "strategy", "explicit", "reps", "1", "seed", "7"));
    }

    static TransferStrategy strategy(String id) {
        for (TransferStrategy t : TransferStrategy.values()) if (t.id().equals(id)) return t;
        throw new IllegalStateException("no strategy " + id);   // the spec took only their ids
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, variant, v));
    }

    private static Outcome execute(DeviceSession s, String variant, Values v) {
        v.refuseOn(s.device());
        Precision p = Precision.of(v.get(TYPE));
        if (p == Precision.DOUBLE && s.device().support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException("pop type=double needs double precision, which " + s.device().name()
                    + " does not support (feature DOUBLE_PRECISION)");
        }
        TransferStrategy st = strategy(v.get(STRATEGY));
        if (st != TransferStrategy.EXPLICIT && s instanceof TransferCapable t && t.cannotRun(st).isPresent()) {
            throw new UnsupportedFeatureException(t.cannotRun(st).get());   // before the fields are made
        }
        int km = v.get(KM), wg = v.get(WG), reps = v.get(REPS);
        PopFields f = PopFields.of(p, v.get(NX), v.get(NY), km, v.get(SEED));
        double[] coef = Mwjf.coefficients(km);
        boolean perLevel = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
        int queues = Math.min(v.get(QUEUES), km);
        List<KernelDef> defs = PopJobs.kernels(variant, p);
        List<CompiledKernel> ks = new ArrayList<>();
        try (DeviceBuffer c = s.upload(p.array(coef))) {
            for (KernelDef d : defs) ks.add(s.compile(d));
            PopJobs jobs = new PopJobs(variant, p, f, ks, c, wg);
            StagedRuns.Result r = StagedRuns.run(s, () -> jobs.job(perLevel), st, Math.max(2, queues), reps);
            TransferTiming best = r.best();
            PopReference.Verdict verdict = jobs.check(r.job(), coef);
            Map<String, Double> m = r.metrics(reps);
            m.put("worst error (u)", verdict.worstUlps());
            if (verdict.switchPoints() >= 0) m.put("switch points", (double) verdict.switchPoints());
            if (best.modelled()) return new Outcome(verdict.mismatch() == null, verdict.mismatch(), r.wallNanos(), best.kernelNanos(),
                    best.totalNanos(), m, Map.of(), r.timing());
            return new Outcome(verdict.mismatch() == null, verdict.mismatch(), best.totalNanos(), best.kernelNanos(), -1, m, Map.of(), r.timing());
        } finally {
            for (CompiledKernel k : ks) k.close();
        }
    }
}
