package dev.perfport.workloads.flops;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.gemm.Precision;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The device's FP32 and FP64 multiply-add throughput, measured ({@code type}; compare runs both
 * unless given): the FLOP/s "peak" that seed 004's report compares FFT and SGEMM with, and the
 * denominator of {@code perfport bench gpu}'s {@code % of flops}. Variant {@code fma}: n work-items,
 * each 8 independent chains of {@code iters} steps x = x·a + b (2 flops a step). OpenCL C asks for the fused instruction ({@code fma()}); the Java routes write a·x + b and
 * leave fusion to the compiler below them, so a route that does not fuse shows it as a lower rate.
 * Each work-item's result is checked against the host's fused chains in its precision, within 8 ulp of 8 per chain
 * (an unfused route rounds twice a step; the chains converge to b / (1 - a), so the errors do not grow).
 */
@AutoService(Workload.class)
public final class Flops implements Workload {
    public static final String FMA = "fma";

    @Override
    public String name() {
        return "flops";
    }

    @Override
    public String seed() {
        return "sample";
    }

    @Override
    public String description() {
        return "FP32 and FP64 multiply-add throughput: 8 independent chains x = x*a + b per work-item (the FLOP/s peak of seed 004's report and bench gpu's % of flops)";
    }

    @Override
    public List<String> variants() {
        return List.of(FMA);
    }

    @Override
    public List<KernelDef> kernels() {
        return List.of(FlopsKernels.fma(Precision.FLOAT), FlopsKernels.fma(Precision.DOUBLE));
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "iters", "1", "reps", "1"), Params.of("n", "1000", "iters", "37", "wg", "64", "reps", "1"),
                Params.of("n", "4099", "iters", "300", "a", "0.5", "b", "0.25", "reps", "1"));
    }

    @Override
    public Params defaults() {
        return Params.of("n", "2^20", "iters", "512", "a", "0.9", "b", "0.1", "type", "float", "wg", "256", "reps", "3");
    }

    @Override
    public List<String> paramHelp() {
        return List.of("n: work-items (>= 1)", "iters: steps of each of the 8 chains (>= 1); 16 flops per step and work-item",
                "a, b: the step x = x*a + b (0 < a < 1, so the chains converge to b/(1-a))",
                "type: float or double (double needs fp64 on the device); compare runs both unless given", "wg: work-group size",
                "reps: repetitions; timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    }

    /** Compute-bound: the multiply-add rate itself. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute(defaults().with(params).get("type")));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        if (!variants().contains(variant)) throw new ConfigException("unknown variant '" + variant + "' of flops; variants: " + variants());
        Params p = defaults().with(params);
        int n = p.getInt("n"), iters = p.getInt("iters"), wg = p.getInt("wg"), reps = p.getInt("reps");
        float a = number(p, "a"), b = number(p, "b");
        if (n < 1) throw new ConfigException("n must be >= 1, got " + n);
        if (iters < 1) throw new ConfigException("iters must be >= 1, got " + iters);
        if (wg < 1) throw new ConfigException("wg must be >= 1, got " + wg);
        if (reps < 1) throw new ConfigException("reps must be >= 1, got " + reps);
        if (!(a > 0 && a < 1) || !Float.isFinite(b)) throw new ConfigException("a must be in (0, 1) and b finite, got a=" + a + " b=" + b);
        Precision prec = Precision.of(p.get("type"));
        if (prec == null) throw new ConfigException("type must be float or double, got '" + p.get("type") + "'");
        return Runs.run(s, name(), variant, p, () -> execute(s, prec, n, iters, p, wg, reps));
    }

    private static float number(Params p, String key) {
        try {
            return Float.parseFloat(p.get(key));
        } catch (NumberFormatException e) {
            throw new ConfigException(key + " must be a number, got '" + p.get(key) + "'");
        }
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(overrides);
        if (overrides.has("type")) return List.of(base);
        return List.of(base.with("type", "float"), base.with("type", "double"));
    }

    private static Outcome execute(DeviceSession s, Precision prec, int n, int iters, Params p, int wg, int reps) {
        if (prec == Precision.DOUBLE && s.device().support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException("flops type=double needs double precision, which " + s.device().name()
                    + " does not support (feature DOUBLE_PRECISION)");
        }
        boolean dbl = prec == Precision.DOUBLE;
        // the float row takes a and b as floats, the double row as doubles: each precision's own chains
        double a = dbl ? Double.parseDouble(p.get("a")) : number(p, "a"), b = dbl ? Double.parseDouble(p.get("b")) : number(p, "b");
        double want = dbl ? FlopsKernels.chains(iters, a, b) : FlopsKernels.chains(iters, (float) a, (float) b);
        Object got = dbl ? new double[n] : new float[n];
        long groups = (n + (long) wg - 1) / wg;
        Reps timed = Reps.of(reps);
        try (CompiledKernel k = s.compile(FlopsKernels.fma(prec)); DeviceBuffer out = s.allocate(prec.elem, n)) {
            while (timed.more()) {
                Rep one = new Rep();
                one.add(dbl ? s.launch(k, NDRange.of(groups * wg, wg), out, n, iters, a, b)
                        : s.launch(k, NDRange.of(groups * wg, wg), out, n, iters, (float) a, (float) b));
                out.read(got);
                timed.add(one.stop());
            }
        }
        String mismatch = null;
        double tol = dbl ? 64 * Math.ulp(Math.abs(want)) + 64 * Math.ulp(8.0) : 64 * Math.ulp((float) Math.abs(want)) + 64 * Math.ulp(8f);
        for (int i = 0; i < n && mismatch == null; i++) {
            double v = dbl ? ((double[]) got)[i] : ((float[]) got)[i];
            if (!(Math.abs(v - want) <= tol)) mismatch = "out[" + i + "] = " + v + ", host " + want + " (tolerance " + tol + ")";
        }
        double flops = 2.0 * FlopsKernels.CHAINS * iters * (groups * wg);
        Map<String, Double> metrics = new LinkedHashMap<>();
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? flops / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", flops / row.modelledNanos());
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }
}
