package dev.perfport.workloads.flops;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The device's FP32 multiply-add throughput, measured: the FLOP/s "peak" that seed 004's report
 * compares FFT and SGEMM with, as saxpy's GB/s is the bandwidth it compares SpMV with. Variant
 * {@code fma}: n work-items, each 8 independent chains of {@code iters} steps x = x·a + b (2 flops a
 * step). OpenCL C asks for the fused instruction ({@code fma()}); the Java routes write a·x + b and
 * leave fusion to the compiler below them, so a route that does not fuse shows it as a lower rate.
 * Each work-item's result is checked against the host's fused chains, within 8 ulp of 8 per chain
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
        return "FP32 multiply-add throughput: 8 independent chains x = x*a + b per work-item (the FLOP/s peak seed 004's report compares with)";
    }

    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefaultText("2^20").help("work-items");
    static final Knob<Integer> ITERS = Knob.ints("iters").atLeast(1).byDefault(512)
            .help("steps of each of the 8 chains; 16 flops per step and work-item");
    static final Knob<Double> A = Knob.reals("a").must(a -> a > 0 && a < 1, "in (0, 1)").byDefault(0.9)
            .help("the step x = x*a + b (0 < a < 1, so the chains converge to b/(1-a))");
    static final Knob<Double> B = Knob.reals("b").must(b -> Float.isFinite(b.floatValue()), "finite as a float").byDefault(0.1)
            .help("the step's addend");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(256).help("work-group size");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Spec SPEC = Spec.of("flops").variants(FMA).knobs(N, ITERS, A, B, WG, REPS).build();

    @Override
    public List<String> variants() {
        return SPEC.variants();
    }

    @Override
    public List<KernelDef> kernels() {
        return List.of(FlopsKernels.fma());
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "iters", "1", "reps", "1"), Params.of("n", "1000", "iters", "37", "wg", "64", "reps", "1"),
                Params.of("n", "4099", "iters", "300", "a", "0.5", "b", "0.25", "reps", "1"));
    }

    @Override
    public Params defaults() {
        return SPEC.defaults();
    }

    @Override
    public List<String> paramHelp() {
        return SPEC.help();
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int n = v.get(N), iters = v.get(ITERS), wg = v.get(WG), reps = v.get(REPS);
        float a = v.get(A).floatValue(), b = v.get(B).floatValue();
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, n, iters, a, b, wg, reps));
    }

    private static Outcome execute(DeviceSession s, int n, int iters, float a, float b, int wg, int reps) {
        float want = FlopsKernels.chains(iters, a, b);
        float[] got = new float[n];
        long groups = (n + (long) wg - 1) / wg;
        Reps timed = Reps.of(reps);
        try (CompiledKernel k = s.compile(FlopsKernels.fma()); DeviceBuffer out = s.allocate(ElemType.FLOAT, n)) {
            while (timed.more()) {
                Rep one = new Rep();
                one.add(s.launch(k, NDRange.of(groups * wg, wg), out, n, iters, a, b));
                out.read(got);
                timed.add(one.stop());
            }
        }
        String mismatch = null;
        float tol = 64 * Math.ulp(Math.abs(want)) + 64 * Math.ulp(8f);
        for (int i = 0; i < n && mismatch == null; i++) {
            if (!(Math.abs(got[i] - want) <= tol)) mismatch = "out[" + i + "] = " + got[i] + ", host " + want + " (tolerance " + tol + ")";
        }
        double flops = 2.0 * FlopsKernels.CHAINS * iters * (groups * wg);
        Map<String, Double> metrics = new LinkedHashMap<>();
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? flops / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", flops / row.modelledNanos());
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }
}
