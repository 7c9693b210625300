package dev.perfport.workloads.flops;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.UnsupportedFeatureException;
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
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

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

    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefaultText("2^20").help("work-items");
    static final Knob<Integer> ITERS = Knob.ints("iters").atLeast(1).byDefault(512)
            .help("steps of each of the 8 chains; 16 flops per step and work-item");
    // 0 < a < 1, so that the chains converge to b/(1-a) and the check's tolerance holds
    static final Knob<Double> A = Knob.reals("a").must(a -> a > 0 && a < 1, "in (0, 1)").byDefault(0.9)
            .help("the step x = x*a + b: its factor");
    static final Knob<Double> B = Knob.reals("b").must(b -> Math.abs(b) <= Float.MAX_VALUE, "finite as a float").byDefault(0.1).help("the step x = x*a + b: its addend");
    static final Knob<String> TYPE = Knob.choice("type", "float", "double").byDefault("float")
            .help("element type (double needs fp64 on the device); compare runs both unless given");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(256).help("work-group size");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Spec SPEC = Spec.of("flops")
            .description("FP32 and FP64 multiply-add throughput: 8 independent chains x = x*a + b per work-item (the FLOP/s peak of seed "
                    + "004's report and bench gpu's % of flops)")
            .kernels(() -> List.of(FlopsKernels.fma(Precision.FLOAT), FlopsKernels.fma(Precision.DOUBLE)))
            .variants(FMA).knobs(N, ITERS, A, B, TYPE, WG, REPS).build();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "iters", "1", "reps", "1"), Params.of("n", "1000", "iters", "37", "wg", "64", "reps", "1"),
                Params.of("n", "4099", "iters", "300", "a", "0.5", "b", "0.25", "reps", "1"));
    }

    /** Compute-bound: the multiply-add rate itself. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute(TYPE.parse(defaults().with(params).get(TYPE.name()))));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        Precision prec = Precision.of(v.get(TYPE));
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, prec, v));
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, TYPE, "float", "double");
    }

    private static Outcome execute(DeviceSession s, Precision prec, Values v) {
        int n = v.get(N), iters = v.get(ITERS), wg = v.get(WG), reps = v.get(REPS);
        if (prec == Precision.DOUBLE && s.device().support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException("flops type=double needs double precision, which " + s.device().name()
                    + " does not support (feature DOUBLE_PRECISION)");
        }
        boolean dbl = prec == Precision.DOUBLE;
        // the float row takes a and b as floats, the double row as doubles: each precision's own chains
        double a = dbl ? v.get(A) : v.get(A).floatValue(), b = dbl ? v.get(B) : v.get(B).floatValue();
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
            double x = dbl ? ((double[]) got)[i] : ((float[]) got)[i];
            if (!(Math.abs(x - want) <= tol)) mismatch = "out[" + i + "] = " + x + ", host " + want + " (tolerance " + tol + ")";
        }
        double flops = 2.0 * FlopsKernels.CHAINS * iters * (groups * wg);
        Map<String, Double> metrics = new LinkedHashMap<>();
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? flops / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", flops / row.modelledNanos());
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }
}
