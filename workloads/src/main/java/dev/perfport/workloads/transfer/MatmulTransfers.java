package dev.perfport.workloads.transfer;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.StagedJob.HostArray;
import dev.perfport.core.transfer.StagedJob.Range;
import dev.perfport.core.transfer.StagedJob.Role;
import dev.perfport.core.transfer.StagedJob.Stage;
import dev.perfport.core.transfer.StagedJob.Step;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import static dev.perfport.core.transfer.StagedJob.array;

/**
 * The thesis's fourth transfer kernel (seed 002 §6.7): the naive C = A·B of n×n floats with its
 * matrices on the host, in each transfer strategy. Explicit and mapped run one stage; streams and
 * hybrid send all of B first (a stage of its own, which every other waits for) and then stream A
 * by blocks of rows, each block's kernel computing its rows of C (the thesis: 4096², 128 streams,
 * B's time added to the estimate as a sequential part). Mapped reads B once per row of C, which
 * the thesis found very poor; the emulator counts those re-reads across its link.
 *
 * <p>The check: a sample of at most 4096 elements of C (all of them up to 64²) against a
 * double-precision product, each within 2·k units of roundoff of Σ|a·b|.
 */
@AutoService(Workload.class)
public final class MatmulTransfers implements Workload {
    static final String[] STRATEGIES = Arrays.stream(TransferStrategy.values()).map(TransferStrategy::id).toArray(String[]::new);
    static final Knob<Integer> N = Knob.ints("n").range(1, 46_340).byDefault(1024).help("matrix side (the thesis: 4096)");
    static final Knob<Integer> CHUNKS = Knob.ints("chunks").range(1, 4096).byDefault(16)
            .help("blocks of rows of A streamed by streams and hybrid, one queue each (the thesis: 128)");
    static final Knob<String> STRATEGY = Knob.choice("strategy", STRATEGIES).byDefault("explicit")
            .help("how A, B and C travel: explicit, mapped, streams (B first, then A by row blocks), hybrid (streams in, mapped out); "
                    + "compare runs all four unless one is given");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(64).help("work-group size");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("timed repetitions after the warm-up; the row reports the fastest, as the transfer study compares it");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Rule CHUNK_COUNT = Rule.of("chunks", v -> v.get(CHUNKS) <= v.get(N),
            v -> "chunks=" + v.get(CHUNKS) + " exceeds n=" + v.get(N) + " (a block is at least one row)");
    static final Spec SPEC = Spec.of("matmul-transfers")
            .seed("002")
            .description("the thesis's naive matrix multiplication with host data: explicit, mapped, streams (B first, A by row blocks) "
                    + "and hybrid")
            .kernels(() -> List.of(TransferKernels.matmulRows()))
            .variants("naive").knobs(N, CHUNKS, STRATEGY, WG, REPS, SEED)
            .rules(CHUNK_COUNT, dev.perfport.workloads.TuningSupport.workGroupRule(WG)).build();
    static final int SAMPLES = 4096;

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, STRATEGY, STRATEGIES);
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "37", "chunks", "3", "wg", "32", "strategy", "explicit", "reps", "1"));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, v));
    }

    private static Outcome execute(DeviceSession s, Values v) {
        v.refuseOn(s.device());
        TransferStrategy st = TransferStrategy.valueOf(v.get(STRATEGY).toUpperCase(Locale.ROOT));
        int n = v.get(N), wg = v.get(WG), reps = v.get(REPS);
        boolean streamed = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
        int chunks = streamed ? v.get(CHUNKS) : 1;
        SplittableRandom r = new SplittableRandom(v.get(SEED));
        float[] a = new float[n * n], b = new float[n * n];
        for (int i = 0; i < a.length; i++) a[i] = (float) (r.nextDouble() * 2 - 1);
        for (int i = 0; i < b.length; i++) b[i] = (float) (r.nextDouble() * 2 - 1);
        try (CompiledKernel k = s.compile(TransferKernels.matmulRows())) {
            StagedRuns.Result res = StagedRuns.run(s, () -> job(k, a, b, n, chunks, wg, streamed), st, Math.max(2, chunks), reps);
            float[] c = (float[]) res.job().arrays().get(2).data();
            String mismatch = check(a, b, c, n);
            TransferTiming best = res.best();
            Map<String, Double> m = res.metrics(reps);
            m.put(best.modelled() ? "modelled GFLOP/s" : "GFLOP/s", 2.0 * n * n * n / best.totalNanos());
            if (best.modelled()) return new Outcome(mismatch == null, mismatch, res.wallNanos(), best.kernelNanos(), best.totalNanos(), m,
                    Map.of(), res.timing());
            return new Outcome(mismatch == null, mismatch, best.totalNanos(), best.kernelNanos(), -1, m, Map.of(), res.timing());
        }
    }

    /** One stage for all of C, or B alone and then one stage per block of rows (C unset: NaN). */
    static StagedJob job(CompiledKernel k, float[] a, float[] b, int n, int chunks, int wg, boolean streamed) {
        float[] c = new float[n * n];
        Arrays.fill(c, Float.NaN);
        List<HostArray> arrays = List.of(new HostArray("A", ElemType.FLOAT, a.length, a, Role.IN),
                new HostArray("B", ElemType.FLOAT, b.length, b, Role.IN), new HostArray("C", ElemType.FLOAT, c.length, c, Role.OUT));
        List<Stage> stages = new ArrayList<>();
        if (!streamed) {
            stages.add(new Stage(List.of(new Range(0, 0, n * n), new Range(1, 0, n * n)), List.of(step(k, n, 0, n, wg)),
                    List.of(new Range(2, 0, n * n)), List.of(), List.of()));
            return new StagedJob(arrays, stages);
        }
        stages.add(new Stage(List.of(new Range(1, 0, n * n)), List.of(), List.of(), List.of(), List.of()));
        int per = (n + chunks - 1) / chunks;
        for (int r0 = 0; r0 < n; r0 += per) {
            int rows = Math.min(per, n - r0);
            stages.add(new Stage(List.of(new Range(0, r0 * n, rows * n)), List.of(step(k, n, r0, rows, wg)),
                    List.of(new Range(2, r0 * n, rows * n)), List.of(0), List.of()));
        }
        return new StagedJob(arrays, stages);
    }

    private static Step step(CompiledKernel k, int n, int row0, int rows, int wg) {
        long items = (long) rows * n;
        return new Step(k, NDRange.of(Math.max(wg, (items + wg - 1) / wg * wg), wg), List.of(array(0), array(1), array(2), n, n, row0, rows));
    }

    /** A sample of C against a double-precision product; null when every sampled element is within its bound. */
    static String check(float[] a, float[] b, float[] c, int n) {
        long total = (long) n * n;
        long step = Math.max(1, total / SAMPLES);
        double unit = Math.ulp(1.0f) / 2;
        for (long e = 0; e < total; e += step) {
            int i = (int) (e / n), j = (int) (e % n);
            double want = 0, size = 0;
            for (int kk = 0; kk < n; kk++) {
                double p = (double) a[i * n + kk] * b[kk * n + j];
                want += p;
                size += Math.abs(p);
            }
            float got = c[i * n + j];
            if (!(Math.abs(got - want) <= 2.0 * n * unit * size + Float.MIN_NORMAL)) {
                return String.format(Locale.ROOT, "C[%d][%d] = %s, reference %s (bound %.3g)", i, j, got, want, 2.0 * n * unit * size);
            }
        }
        return null;
    }
}
