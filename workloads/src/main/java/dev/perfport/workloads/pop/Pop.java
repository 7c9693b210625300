package dev.perfport.workloads.pop;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;
import dev.perfport.core.transfer.ExplicitTransfers;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.gemm.Precision;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
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
    public static final String MEASURED = "measured ms";
    /** Metric: host-to-host time in an emulator's cost model. */
    public static final String MODELLED = "modelled ms";

    @Override
    public String name() {
        return "pop";
    }

    @Override
    public String seed() {
        return "002";
    }

    @Override
    public String description() {
        return "POP's equation of state, buoydiff and ddmix (fused with the state or not) with host data, in each transfer strategy";
    }

    @Override
    public List<String> variants() {
        return SPEC.variants();
    }

    @Override
    public List<KernelDef> kernels() {
        return PopKernels.all();
    }

    @Override
    public Params defaults() {
        return SPEC.defaults();
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
        if (st != TransferStrategy.EXPLICIT) {
            String why = s instanceof TransferCapable t ? t.cannotRun(st).orElse(null)
                    : s.backendId() + " cannot run the " + st.id() + " strategy: its session offers only the session API's"
                    + " blocking copies on one queue (no host-visible buffers, no second queue)";
            if (why != null) throw new UnsupportedFeatureException(why);
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
            TransferTiming best = null;
            long wall = Long.MAX_VALUE;
            List<Long> walls = new ArrayList<>(), totals = new ArrayList<>();
            int warmup = Measurement.current().warmup();
            StagedJob job = null;
            for (int r = 0; r < warmup + reps; r++) {
                job = jobs.job(perLevel);
                long t0 = System.nanoTime();
                TransferTiming t = s instanceof TransferCapable tc ? tc.run(job, st, queues) : ExplicitTransfers.run(s, job);
                long w = System.nanoTime() - t0;
                if (r < warmup) continue;   // the kernels' first launch and the strategy's buffers are not timed
                walls.add(w);
                totals.add(t.totalNanos());
                wall = Math.min(wall, w);
                if (best == null || t.totalNanos() < best.totalNanos()) best = t;
            }
            PopReference.Verdict verdict = jobs.check(job, coef);
            Spread spread = Spread.of(totals.stream().mapToLong(Long::longValue).toArray());
            Timing timing = new Timing(warmup, Spread.of(walls.stream().mapToLong(Long::longValue).toArray()),
                    best.modelled() ? null : spread, best.modelled() ? spread : null, Timing.BEST, "reps=" + reps);
            Map<String, Double> m = new LinkedHashMap<>();
            m.put(best.modelled() ? MODELLED : MEASURED, best.totalNanos() / 1e6);
            m.put("kernel ms", best.kernelNanos() / 1e6);
            m.put("copied MB", (best.bytesIn() + best.bytesOut()) / 1e6);
            m.put("stages", (double) best.chunks());
            m.put("worst error (u)", verdict.worstUlps());
            if (jobs.ambiguous() >= 0) m.put("switch points", (double) jobs.ambiguous());
            if (best.modelled()) return new Outcome(verdict.mismatch() == null, verdict.mismatch(), wall, best.kernelNanos(), best.totalNanos(), m,
                    Map.of(), timing);
            return new Outcome(verdict.mismatch() == null, verdict.mismatch(), best.totalNanos(), best.kernelNanos(), -1, m, Map.of(), timing);
        } finally {
            for (CompiledKernel k : ks) k.close();
        }
    }
}
