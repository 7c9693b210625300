package dev.perfport.workloads.saxpy;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
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
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * y = a·x + y on float32: the sample workload that docs/architecture.md's recipe "Add a workload"
 * walks through. One variant, {@code ndrange}: one work-item per element. The kernels round the
 * product before the sum, as Java does; a route that still fuses them into one multiply-add
 * differs by at most one rounding, which the check allows (2 ulp of the terms).
 */
@AutoService(Workload.class)
public final class Saxpy implements Workload {
    public static final String NDRANGE = "ndrange";

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 70;
    }

    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefaultText("2^24").help("elements");
    static final Knob<Double> A = Knob.reals("a").byDefault(2.5).help("the scalar");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(256).help("work-group size");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Spec SPEC = Spec.of("saxpy")
            .description("y = a*x + y on float32, one work-item per element (the sample workload of the architecture recipes)")
            .kernels(() -> List.of(SaxpyKernels.saxpy()))
            .variants(NDRANGE).knobs(N, A, WG, REPS, SEED).build();

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "reps", "1"),
                Params.of("n", "100003", "a", "-0.75", "reps", "2"));
    }

    /** Memory-bound: the GB/s count x read, y read and written. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int n = v.get(N), wg = v.get(WG), reps = v.get(REPS);
        float a = v.get(A).floatValue();
        long seed = v.get(SEED);
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, n, a, wg, reps, seed));
    }

    private static Outcome execute(DeviceSession s, int n, float a, int wg, int reps, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] x = new float[n], y0 = new float[n], want = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (float) (r.nextDouble() * 2 - 1);
            y0[i] = (float) (r.nextDouble() * 2 - 1);
            float ax = a * x[i];
            want[i] = ax + y0[i];
        }
        float[] got = new float[n];
        long groups = (n + (long) wg - 1) / wg;
        Reps timed = Reps.of(reps);
        try (CompiledKernel k = s.compile(SaxpyKernels.saxpy()); DeviceBuffer dx = s.upload(x); DeviceBuffer dy = s.allocate(
                dev.perfport.core.memory.ElemType.FLOAT, n)) {
            while (timed.more()) {
                dy.write(y0);
                Rep one = new Rep();
                one.add(s.launch(k, NDRange.of(groups * wg, wg), a, dx, dy, n));
                dy.read(got);
                timed.add(one.stop());
            }
        }
        String mismatch = null;
        for (int i = 0; i < n && mismatch == null; i++) {
            float tol = 2 * Math.ulp(Math.abs(a * x[i]) + Math.abs(y0[i]));
            if (!(Math.abs(got[i] - want[i]) <= tol)) mismatch = "y[" + i + "] = " + got[i] + ", host " + want[i];
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        long bytes = 3L * n * Float.BYTES;
        Rep row = timed.row();
        metrics.put("GB/s", Runs.gbPerSecond(bytes, row.kernelNanos()));
        if (row.modelledNanos() >= 0) metrics.put("modelled GB/s", Runs.gbPerSecond(bytes, row.modelledNanos()));
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }
}
