package dev.perfport.workloads.convolution;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.ExplicitTransfers;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;
import dev.perfport.workloads.transfer.StagedRuns;
import dev.perfport.workloads.transfer.TransferModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The convolution with its data starting and ending on the host (seed 002 §6.7): the adaptive
 * kernel run with each transfer strategy (parameter {@code strategy}; {@code compare} runs all
 * four), chunks of output rows for streams and hybrid (each chunk's input carries its Fh-1 halo
 * rows). Each row shows the measured host-to-host time beside the transfer model's prediction
 * for that strategy ({@link TransferModel}, fitted once per device and process), its error, and
 * the fit's R². {@link #recommend} names the strategy the model predicts fastest.
 *
 * <p>Explicit runs on every backend through the session API. The others need a session that can
 * run them ({@link TransferCapable}: jocl, and the emulator in modelled time as MFC DMA); elsewhere
 * the row fails saying why.
 */
@AutoService(Workload.class)
public final class ConvolutionTransfers implements Workload {
    /** Metric: host-to-host time measured (every transfer row's: {@link StagedRuns#MEASURED}). */
    public static final String MEASURED = StagedRuns.MEASURED;
    /** Metric: host-to-host time in an emulator's cost model. */
    public static final String MODELLED = StagedRuns.MODELLED;
    /** Metric: the host's time to issue one chunk's kernel, in µs (a model input, as the kernel time). */
    public static final String ISSUE = "issue us";
    /** Metric: (slowest − fastest repetition) / fastest, in %. */
    public static final String SPREAD = StagedRuns.SPREAD;

    static final Knob<String> STRATEGY = Knob.choice("strategy",
                    java.util.Arrays.stream(TransferStrategy.values()).map(TransferStrategy::id).toArray(String[]::new)).byDefault("explicit")
            .help("how the host's data reach the device (compare runs all four unless one is given)");
    static final Knob<Integer> CHUNKS = Knob.ints("chunks").range(1, 1024).byDefault(16).help("chunks of output rows for streams and hybrid");
    static final Knob<Integer> QUEUES = Knob.ints("queues").atLeast(2).byDefault(2).help("command queues for streams and hybrid");
    static final Spec SPEC = Spec.of("convolution-transfers")
            .seed("002")
            .description("the convolution with host data: explicit, mapped, streams and hybrid transfers, measured beside the fitted "
                    + "transfer model's prediction")
            .kernels(() -> List.of(ConvolutionKernels.tiled(true))).variants(Convolution.ADAPTIVE)
            .knobs(ConvolutionSpec.WIDTH.byDefault(2048), ConvolutionSpec.HEIGHT.byDefault(2048))
            .knobs(ConvolutionSpec.IMAGE.subList(2, ConvolutionSpec.IMAGE.size()))
            .knobs(STRATEGY, CHUNKS, QUEUES, ConvolutionSpec.REPS.help("timed repetitions after the warm-up; the row reports the fastest, as the "
                    + "transfer study compares it with its model"), ConvolutionSpec.SEED)
            .rules(ConvolutionSpec.IMAGE_SIZE).build();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, STRATEGY,
                java.util.Arrays.stream(TransferStrategy.values()).map(TransferStrategy::id).toArray(String[]::new));
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("width", "100", "height", "77", "fw", "5", "fh", "5", "bw", "8", "bh", "8", "strategy", "explicit",
                "chunks", "3", "reps", "1"));
    }

    /** Checked mode: the small case on a quarter of its image, still three chunks of several tiles. */
    @Override
    public List<Params> checkedCases(String variant) {
        return List.of(smallCases().getFirst().with(Params.of("width", "50", "height", "39")));
    }

    static TransferStrategy strategy(String s) {
        for (TransferStrategy t : TransferStrategy.values()) if (t.id().equals(s)) return t;
        throw new IllegalStateException("no strategy " + s);   // the spec took only their ids
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        TransferStrategy st = strategy(v.get(STRATEGY));
        int chunks = v.get(CHUNKS), queues = v.get(QUEUES);
        Convolution.Plan plan = new Convolution().plan(s, Convolution.ADAPTIVE, v);
        int n = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID ? Math.min(chunks, plan.h()) : 1;
        Params shown = v.params().with(ConvolutionSpec.TX.name(), Integer.toString(plan.tx())).with(CHUNKS.name(), Integer.toString(n));
        return Runs.run(s, name(), variant, shown, () -> execute(s, plan, st, n, queues));
    }

    /**
     * The predicted host-to-host time (ns) of every strategy for the job of {@code params} on this
     * session, in strategy order; the kernel time the model takes as input is measured by one
     * explicit run first.
     */
    public static Map<TransferStrategy, Double> recommend(DeviceSession s, Params params) {
        if (!(s instanceof TransferCapable t)) {
            throw new UnsupportedFeatureException(s.backendId() + " cannot run transfer strategies beyond explicit copies, so there is nothing to choose");
        }
        ConvolutionTransfers w = new ConvolutionTransfers();
        Values v = SPEC.parse(params, Convolution.ADAPTIVE);
        Convolution.Plan plan = new Convolution().plan(s, Convolution.ADAPTIVE, v);
        RunResult explicit = w.run(s, Convolution.ADAPTIVE, params.with(STRATEGY.name(), TransferStrategy.EXPLICIT.id())
                .with(ConvolutionSpec.REPS.name(), "1"));
        if (!explicit.verified()) throw new UnsupportedFeatureException("the explicit run that measures the kernel time failed: " + explicit.error());
        double kernelNanos = explicit.kernelNanos();
        double issue = explicit.metrics().containsKey(ISSUE) ? explicit.metrics().get(ISSUE) * 1e3 : -1;
        TransferModel m = model(s, t);
        Map<TransferStrategy, Double> pred = new LinkedHashMap<>();
        for (TransferStrategy st : TransferStrategy.values()) {
            int n = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID ? Math.min(v.get(CHUNKS), plan.h()) : 1;
            pred.put(st, m.predict(st, inBytes(plan, n), 4L * plan.w() * plan.h(), kernelNanos, n, v.get(QUEUES), issue));
        }
        return pred;
    }

    /** The fitted model of this session's device (fitted on first use in this process). */
    public static TransferModel model(DeviceSession s, TransferCapable t) {
        return TransferModel.of(s, t);
    }

    static long inBytes(Convolution.Plan p, int n) {
        long rows = p.ih() + (long) (n - 1) * (p.fh() - 1);
        return 4L * rows * p.iw();
    }

    private static Outcome execute(DeviceSession s, Convolution.Plan p, TransferStrategy st, int n, int queues) {
        if (st != TransferStrategy.EXPLICIT) {
            String why = s instanceof TransferCapable t ? t.cannotRun(st).orElse(null)
                    : s.backendId() + " cannot run the " + st.id() + " strategy: its session offers only the session API's"
                    + " blocking copies on one queue (no host-visible buffers, no second queue); see docs/results/seed-002.md";
            if (why != null) throw new UnsupportedFeatureException(why);
        }
        ConvolutionData d = ConvolutionData.generate(p.w(), p.h(), p.fw(), p.fh(), p.seed());
        float[] out = new float[p.w() * p.h()];
        TransferTiming best = null;
        long wall = Long.MAX_VALUE, worst = 0;
        List<Long> walls = new ArrayList<>(), totals = new ArrayList<>();
        int warmup = Measurement.current().warmup();
        try (CompiledKernel k = s.compile(ConvolutionKernels.tiled(true), Convolution.constants(p, false));
             DeviceBuffer f = s.allocate(ElemType.FLOAT, d.filter().length, MemoryLevel.CONSTANT)) {
            f.write(d.filter());
            ChunkedJob job = job(k, f, p, d.input(), out, n);
            for (int r = 0; r < warmup + p.reps(); r++) {
                Arrays.fill(out, Float.NaN);
                long t0 = System.nanoTime();
                TransferTiming t = s instanceof TransferCapable tc ? tc.run(job, st, queues) : ExplicitTransfers.run(s, job);
                long w = System.nanoTime() - t0;
                if (r < warmup) continue;   // the kernel's first launch and the strategy's buffers are not timed
                walls.add(w);
                totals.add(t.totalNanos());
                wall = Math.min(wall, w);
                if (best == null || t.totalNanos() < best.totalNanos()) best = t;
                worst = Math.max(worst, t.totalNanos());
            }
        }
        // the strategy study compares the fastest run with the transfer model's prediction, as the thesis does
        Spread totalSpread = Spread.of(totals.stream().mapToLong(Long::longValue).toArray());
        Timing timing = new Timing(warmup, Spread.of(walls.stream().mapToLong(Long::longValue).toArray()),
                best.modelled() ? null : totalSpread, best.modelled() ? totalSpread : null, Timing.BEST, "reps=" + p.reps());
        String mismatch = d.check(out);
        Map<String, Double> m = new LinkedHashMap<>();
        // an emulator's times are its cost model's: "modelled ms" in place of "measured ms"
        m.put(best.modelled() ? MODELLED : MEASURED, best.totalNanos() / 1e6);
        m.put("kernel ms", best.kernelNanos() / 1e6);
        m.put("copied MB", (best.bytesIn() + best.bytesOut()) / 1e6);
        if (best.issueNanos() >= 0) m.put(ISSUE, best.issueNanos() / 1e3);
        // how far the slowest repetition lies from the fastest: the run's own noise
        if (p.reps() > 1) m.put(SPREAD, 100.0 * (worst - best.totalNanos()) / best.totalNanos());
        if (s instanceof TransferCapable t) {
            TransferModel model = model(s, t);
            double pred = model.predict(st, best.bytesIn(), best.bytesOut(), best.kernelNanos(), n, queues, best.issueNanos());
            m.put(StagedRuns.PREDICTED, pred / 1e6);
            if (st == TransferStrategy.STREAMS) {
                // the stream count the model likes best for this job (halos as at n), Fig. 5.8
                var o = model.optimum(dev.perfport.workloads.transfer.OverlapModel.Job.even(best.bytesIn(), best.bytesOut(), best.kernelNanos(), n),
                        dev.perfport.workloads.transfer.OverlapModel.MAX_STREAMS);
                m.put(StagedRuns.OPTIMUM_N, (double) o.n());
                m.put(StagedRuns.OPTIMUM_MS, o.time() / 1e6);
            }
            m.put(StagedRuns.ERROR, 100.0 * (pred - best.totalNanos()) / best.totalNanos());
            m.put("R2 h2d", model.link(TransferModel.Direction.H2D).r2());
            m.put("R2 d2h", model.link(TransferModel.Direction.D2H).r2());
        }
        m.put(best.modelled() ? "modelled GFLOP/s" : "GFLOP/s", p.flop() / best.totalNanos());
        if (best.modelled()) return new Outcome(mismatch == null, mismatch, wall, best.kernelNanos(), best.totalNanos(), m, Map.of(), timing);
        return new Outcome(mismatch == null, mismatch, best.totalNanos(), best.kernelNanos(), -1, m, Map.of(), timing);
    }

    /** Output rows split into n chunks; chunk i's input is its rows plus the Fh-1 rows below. */
    static ChunkedJob job(CompiledKernel k, DeviceBuffer filter, Convolution.Plan p, float[] in, float[] out, int n) {
        List<ChunkedJob.Chunk> cs = new ArrayList<>();
        int per = (p.h() + n - 1) / n;
        for (int r0 = 0; r0 < p.h(); r0 += per) {
            int rows = Math.min(per, p.h() - r0);
            NDRange range = NDRange.of(Convolution.groups(p.w(), (long) p.bw() * p.tx()) * p.bw(),
                    Convolution.groups(rows, (long) p.bh() * p.ty()) * p.bh(), p.bw(), p.bh());
            List<Object> args = List.of(ChunkedJob.IN, filter, ChunkedJob.OUT, p.w(), rows, p.iw(), p.fw(), p.fh(), p.tx(), p.ty(),
                    p.rowStride(), LocalSize.of(p.tileElements()));
            cs.add(new ChunkedJob.Chunk(r0 * p.iw(), (rows + p.fh() - 1) * p.iw(), r0 * p.w(), rows * p.w(), range, args));
        }
        return new ChunkedJob(k, in, out, cs);
    }
}
