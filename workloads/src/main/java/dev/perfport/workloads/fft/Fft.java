package dev.perfport.workloads.fft;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import static dev.perfport.workloads.fft.FftSpec.SPEC;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Batched complex single-precision 1-D FFT of seed 004 (SHOC's FFT after Volkov and Kazian):
 * {@code batch} forward transforms of {@code n} points, n a power of two from 8 to 2^20, by
 * Stockham autosort (every pass writes natural order; clFFT and VkFFT do the same).
 *
 * <p>Paths ({@code passes}): {@code fused} runs every pass of a transform in one work-group, one
 * launch, the passes exchanging data through local memory (the scratchpad) or global memory; the
 * paper's case, 512 points as radix 8·8·8 with one 8-point FFT per work-item in registers, is
 * {@code n=512 radix=8} (64 work-items per transform). {@code multi} launches one kernel per
 * pass over the whole batch, global memory in between: the path for large N. {@code auto} takes
 * fused up to {@value #FUSED_MAX} points when the transform fits the device's local memory.
 *
 * <p>Knobs ({@link FftConfig}): radix 2/4/8, layout aos/soa, exchange local/global (fused),
 * twiddle computed/table, share on/off (fused). GFLOP/s counts 5·N·log2 N per transform, the
 * paper's convention; verification is against {@link FftReference} with the bound it states.
 */
@AutoService(Workload.class)
public final class Fft implements Workload, Tunable {
    public static final String NAME = "fft";
    public static final String STOCKHAM = "stockham";
    /** The four-step path: N = N1·N2 in two launches of sub-FFTs in local memory (one launch up to {@link #COLS_MAX}). */
    public static final String FOURSTEP = "fourstep";
    /** The longest sub-FFT of the four-step path, done by one work-group in local memory. */
    public static final int COLS_MAX = 1024;
    /** The four-step path's target of complex values per work-group (cb·len), for cb adjacent columns per group. */
    static final int COLS_VALUES = 4096;
    public static final int MIN_N = 8;
    public static final int MAX_N = 1 << 20;
    /** Complex values of the whole batch at most (2^26: 512 MiB of float pairs per buffer). */
    public static final long MAX_TOTAL = 1L << 26;
    /** Largest transform the fused path takes under passes=auto. */
    public static final int FUSED_MAX = 4096;
    /** Most transforms batch=auto takes. */
    public static final int AUTO_BATCH_MAX = 2048;
    public static final String AUTO = "auto";

    @Override
    public Spec spec() {
        return SPEC;
    }

    /** Small and odd batches, every radix, both layouts, both exchanges, both twiddle sources, sharing, both paths. */
    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "8", "batch", "3", "reps", "1"),
                Params.of("n", "512", "batch", "5", "radix", "8", "layout", "soa", "twiddle", "table", "reps", "1"),
                Params.of("n", "64", "batch", "7", "radix", "4", "exchange", "global", "share", "on", "wg", "4", "reps", "1"),
                Params.of("n", "128", "batch", "3", "radix", "2", "layout", "soa", "share", "on", "wg", "8", "twiddle", "table", "reps", "1"),
                Params.of("n", "2048", "batch", "3", "passes", "multi", "radix", "8", "reps", "1"),
                Params.of("n", "32", "batch", "1", "passes", "multi", "radix", "4", "layout", "soa", "twiddle", "table", "reps", "1"));
    }

    /** fourstep: one launch (8, 128, 512 points) and two (2048 = 64x32, 4096 = 64x64), every radix, both layouts and twiddle sources. */
    @Override
    public List<Params> smallCases(String variant) {
        if (!variant.equals(FOURSTEP)) return smallCases();
        return List.of(Params.of("n", "8", "batch", "3", "reps", "1"),
                Params.of("n", "512", "batch", "5", "radix", "8", "layout", "soa", "twiddle", "table", "reps", "1"),
                Params.of("n", "128", "batch", "3", "radix", "2", "reps", "1"),
                Params.of("n", "2048", "batch", "3", "radix", "8", "reps", "1"),
                Params.of("n", "4096", "batch", "2", "radix", "4", "layout", "soa", "twiddle", "table", "wg", "64", "reps", "1"),
                Params.of("n", "512", "batch", "2", "n1", "16", "reps", "1"));
    }

    /** The validated settings of one run. */
    record Settings(int n, int batch, boolean fused, FftConfig config, int wg, int reps, long seed, Map<String, String> shown,
                    String refusal, List<ColsLaunch> cols) {
        /** Whether this is the four-step variant (its launches in cols). */
        boolean fourstep() {
            return !cols.isEmpty();
        }
    }

    /** One launch of the four-step path: sub-FFTs of len points over cols columns, cb columns per work-group. */
    record ColsLaunch(int len, int cols, int cb, int outs, int outc, int twist) {
        int wg(int radix) {
            return cb * len / radix;
        }

        /** Floats of each local array (re, im): cb columns at their pitch. */
        long localFloats() {
            return cb * pitch(len);
        }
    }

    /**
     * A column's pitch in fft_cols's local arrays: len values, one float of padding after every 8 (element i at
     * i + i/8, so that a radix-8 pass's stores, 8 or 4 to a bank without it, fall in 32 banks), and one more so that
     * adjacent columns start in different banks.
     */
    static long pitch(int len) {
        return len + len / 8 + 1;
    }

    /**
     * The four-step path's launches for an n-point transform: one up to COLS_MAX, else N1 by N2 = n/N1
     * with the given split n1, or (0) the split with the fewest sub-FFT passes in all, N2 <= N1 <=
     * COLS_VALUES, the most balanced of those: 2^20 = 2048 x 512 at radix 8 (4 + 3 passes, where
     * 1024 x 1024 takes 4 + 4, a radix-2 pass each, and measured 1.1x slower on the H100).
     */
    static List<ColsLaunch> fourstep(int n, int radix, int maxWg, long localCap, int split) {
        if (n <= COLS_MAX && split == 0) return List.of(new ColsLaunch(n, 1, 1, 1, n, 0));
        int n1 = split;
        if (n1 == 0) {
            int fewest = Integer.MAX_VALUE;
            for (int c = 1 << (Integer.numberOfTrailingZeros(n) + 1) / 2; c <= Math.min(COLS_VALUES, n / 2); c <<= 1) {
                int p = FftConfig.passes(c, radix).size() + FftConfig.passes(n / c, radix).size();
                if (p < fewest) {
                    fewest = p;
                    n1 = c;
                }
            }
        }
        int n2 = n / n1;
        return List.of(new ColsLaunch(n1, n2, cb(n1, n2, radix, maxWg, localCap), 1, n1, 1),
                new ColsLaunch(n2, n1, cb(n2, n1, radix, maxWg, localCap), n1, 1, 0));
    }

    /** Adjacent columns per group: up to COLS_VALUES/len, within the work-group size and local memory (at least 1). */
    private static int cb(int len, int cols, int radix, int maxWg, long localCap) {
        int cb = Math.min(cols, Math.max(1, COLS_VALUES / len));
        while (cb > 1 && ((long) cb * len / radix > maxWg || 8L * cb * pitch(len) > localCap)) cb /= 2;
        return cb;
    }

    Settings settings(DeviceInfo d, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int n = v.get(FftSpec.N), batch = FftSpec.batch(v), reps = v.get(FftSpec.REPS);
        String source = TuningSupport.source(v.get(FftSpec.CONFIG));
        FftConfig given = FftSpec.config(v);
        if (source.equals(TuningSupport.DEFAULT) && FftSpec.knobGiven(v)) source = TuningSupport.GIVEN;
        long localCap = d.capacity(MemoryLevel.LOCAL);
        if (variant.equals(FOURSTEP)) return fourstepSettings(d, v, n, batch, reps, source, given, localCap);
        boolean local = given.local(), share = given.share();
        boolean fits = 16L * n <= localCap;
        boolean fused = switch (v.get(FftSpec.PASSES)) {
            case "fused" -> true;
            case "multi" -> false;
            default -> n <= FUSED_MAX && (fits || !local);
        };
        String refusal = null;
        if (!fused) {
            // the multi-pass path exchanges through global memory and takes one butterfly per work-item:
            // a knob it cannot express is refused when given, and shown as what really runs otherwise
            if (v.given(FftSpec.EXCHANGE).isPresent() && local) refusal = "exchange=local needs the fused path (passes=fused); the multi-pass path exchanges through global memory";
            if (share) refusal = "share=on needs the fused path (passes=fused); the multi-pass path takes one butterfly per work-item";
            local = false;
        } else if (local && !fits) {
            refusal = "fft n=" + n + " with exchange=local needs " + 16L * n + " B of local memory, more than the " + localCap + " B of "
                    + d.name() + "; use exchange=global or passes=multi";
        }
        FftConfig cfg = new FftConfig(given.radix(), given.soa(), local, given.table(), share);
        int radix = cfg.radix();
        // share=on: 8 butterflies per work-item, so that a work-item has twiddles to share (the paper's
        // 8 sub-FFTs per twiddle set); otherwise one butterfly per work-item per pass
        int wg = v.given(FftSpec.WG).orElse(Math.min(!fused ? 256 : Math.min(Math.max(1, share ? n / radix / 8 : n / radix), 256),
                (int) Long.highestOneBit(d.maxWorkGroupSize())));
        if (fused && v.given(FftSpec.WG).isPresent() && wg > n / radix) {
            throw new ConfigException("wg must be at most n/radix = " + n / radix + " on the fused path (a work-item per butterfly at most), got " + wg);
        }
        if (refusal == null && wg > d.maxWorkGroupSize()) {
            refusal = "wg " + wg + " exceeds the maximum work-group size " + d.maxWorkGroupSize() + " of " + d.name();
        }
        return new Settings(n, batch, fused, cfg, wg, reps, v.get(FftSpec.SEED), shown(v, n, batch, fused ? "fused" : "multi", source, cfg, wg),
                refusal, List.of());
    }

    /** The four-step variant: local exchange, no sharing (refused when asked for), wg an upper bound. */
    private Settings fourstepSettings(DeviceInfo d, Values v, int n, int batch, int reps, String source, FftConfig given, long localCap) {
        String refusal = null;
        if (!v.or(FftSpec.EXCHANGE, 1).equals(1)) refusal = "exchange=global: the fourstep variant exchanges through local memory";
        if (v.or(FftSpec.SHARE, 0).equals(1)) refusal = "share=on needs the fused path (variant stockham, passes=fused); fourstep takes one twiddle set per butterfly";
        int maxWg = (int) Math.min(Integer.MAX_VALUE, d.maxWorkGroupSize());
        maxWg = Math.min(maxWg, v.or(FftSpec.WG, maxWg));
        int radix = given.radix();
        FftConfig cfg = new FftConfig(radix, given.soa(), true, given.table(), false);
        List<ColsLaunch> launches = fourstep(n, radix, maxWg, localCap, v.or(FftSpec.N1, 0));
        for (ColsLaunch l : launches) {
            if (refusal != null) break;
            if (l.wg(radix) > maxWg) {
                refusal = "fourstep n=" + n + " needs " + l.wg(radix) + " work-items per group (" + l.len() + "/radix " + radix + "), more than the wg limit "
                        + maxWg + " on " + d.name();
            } else if (8L * l.localFloats() > localCap) {
                refusal = "fourstep n=" + n + " needs " + 8L * pitch(l.len()) + " B of local memory, more than the " + localCap + " B of " + d.name();
            }
        }
        String passes = launches.size() == 1 ? FOURSTEP + "(" + n + ")" : FOURSTEP + "(" + launches.get(0).len() + "x" + launches.get(1).len() + ")";
        int wg = launches.getFirst().wg(radix);
        return new Settings(n, batch, false, cfg, wg, reps, v.get(FftSpec.SEED), shown(v, n, batch, passes, source, cfg, wg), refusal, launches);
    }

    /** The row's parameters: what runs, and math where it is not the default. */
    private static Map<String, String> shown(Values v, int n, int batch, String passes, String source, FftConfig cfg, int wg) {
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put(FftSpec.N.name(), Integer.toString(n));
        shown.put(FftSpec.BATCH.name(), Integer.toString(batch));
        shown.put(FftSpec.PASSES.name(), passes);
        shown.put(FftSpec.CONFIG.name(), source);
        shown.putAll(cfg.shown());
        shown.put(FftSpec.WG.name(), Integer.toString(wg));
        shown.put(FftSpec.REPS.name(), Integer.toString(v.get(FftSpec.REPS)));
        shown.put(FftSpec.SEED.name(), v.text(FftSpec.SEED));
        if (!v.atDefault(FftSpec.MATH)) shown.put(FftSpec.MATH.name(), v.get(FftSpec.MATH));
        return shown;
    }

    /**
     * Memory-bound: 5·n·log2 n flops over 16 bytes per point (a complex float read and written) is at most
     * 5·log2(n)/16 flops a byte, 6.25 at n = 2^20, below a GPU's ratio of FP32 rate to bandwidth (about 14 on an
     * H200); the GB/s count each point read and written once.
     */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Settings st = settings(s.device(), variant, params);
        return Runs.run(s, NAME, variant, Params.of(st.shown()), () -> execute(s, st));
    }

    /** Runs and verifies one configuration; the outcome of its timed repetitions. */
    Outcome execute(DeviceSession s, Settings st) {
        if (st.refusal() != null) throw new InvalidLaunchException(st.refusal());
        KernelDef def = st.fourstep() ? FftKernels.cols() : st.fused() ? FftKernels.fused() : FftKernels.pass();
        s.cannotRun(def).ifPresent(why -> {
            throw new UnsupportedFeatureException("fft cannot run on " + s.backendId() + ": " + why);
        });
        int n = st.n(), batch = st.batch(), total = n * batch;
        FftConfig cfg = st.config();
        // input: uniform in [-1, 1) in float; the reference transforms the same float values in double
        SplittableRandom rnd = new SplittableRandom(st.seed());
        float[] re = new float[total], im = new float[total];
        for (int i = 0; i < total; i++) {
            re[i] = (float) (rnd.nextDouble() * 2 - 1);
            im[i] = (float) (rnd.nextDouble() * 2 - 1);
        }
        float[] packed = pack(re, im, cfg.soa());
        float[] table = new float[cfg.table() ? 2 * n : 1];
        if (cfg.table()) {
            for (int m = 0; m < n; m++) {
                double a = -2 * Math.PI * m / n;
                table[2 * m] = (float) Math.cos(a);
                table[2 * m + 1] = (float) Math.sin(a);
            }
        }
        List<Integer> passes = FftConfig.passes(n, cfg.radix());
        float[] result = new float[2 * total];
        Reps timed = Reps.of(st.reps());
        int math = FftConfig.MATHS.indexOf(st.shown().getOrDefault("math", FftConfig.MATHS.getFirst()));
        Constants constants = cfg.constants().with(FftConfig.MATH, math);
        // fourstep: one program per launch with the launch's shape as constants (fft.cl's COLS_LEN ...)
        List<CompiledKernel> perLaunch = new ArrayList<>();
        try (CompiledKernel k = st.fourstep() ? null : s.compile(def, constants);
             DeviceBuffer in = s.upload(packed); DeviceBuffer out = s.allocate(ElemType.FLOAT, 2L * total);
             DeviceBuffer tmp = s.allocate(ElemType.FLOAT, st.fourstep() ? (st.cols().size() > 1 ? 2L * total : 1)
                     : passes.size() > 1 && !(st.fused() && cfg.local()) ? 2L * total : 1);
             DeviceBuffer tw = s.upload(table)) {
            for (ColsLaunch l : st.cols()) {
                perLaunch.add(s.compile(def, constants.with("COLS_LEN", l.len()).with("COLS_COLS", l.cols()).with("COLS_OUTS", l.outs())
                        .with("COLS_OUTC", l.outc()).with("COLS_TWIST", l.twist()).with("COLS_WG", l.wg(cfg.radix()))));
            }
            while (timed.more()) {
                Rep rep = new Rep();
                // dependent launches as one sequence: a route that submits it together keeps each pass's output on
                // the device for the next (TornadoVM: one task graph; one plan per pass sent 8 MB a pass at 2^20
                // through the host)
                List<LaunchStep> seq = new ArrayList<>();
                if (st.fourstep()) {
                    List<ColsLaunch> ls = st.cols();
                    for (int i = 0; i < ls.size(); i++) {
                        ColsLaunch l = ls.get(i);
                        int wg = l.wg(cfg.radix());
                        LocalSize ex = LocalSize.of(l.localFloats());
                        long groups = (long) batch * (l.cols() / l.cb());
                        seq.add(LaunchStep.of(perLaunch.get(i), NDRange.of(groups * wg, wg), i == 0 ? in : tmp, i == ls.size() - 1 ? out : tmp, tw, n,
                                batch, l.len(), l.cols(), l.outs(), l.outc(), l.twist(), ex, ex));
                    }
                } else if (st.fused()) {
                    LocalSize ex = LocalSize.of(cfg.local() ? 2L * n : 1);
                    rep.add(s.launch(k, NDRange.of((long) batch * st.wg(), st.wg()), in, out, tmp, tw, n, batch, ex, ex));
                } else {
                    // ping-pong so that the last pass writes out: pass p writes out when (last - p) is even
                    int ns = 1, last = passes.size() - 1;
                    for (int p = 0; p < passes.size(); p++) {
                        int radix = passes.get(p);
                        DeviceBuffer src = p == 0 ? in : (last - p) % 2 == 0 ? tmp : out;
                        DeviceBuffer dst = (last - p) % 2 == 0 ? out : tmp;
                        long items = (long) batch * (n / radix);
                        long global = (items + st.wg() - 1) / st.wg() * st.wg();
                        seq.add(LaunchStep.of(k, NDRange.of(global, st.wg()), src, dst, tw, n, batch, ns, radix));
                        ns *= radix;
                    }
                }
                if (!seq.isEmpty()) for (LaunchStats x : s.launchSequence(seq)) rep.add(x);
                timed.add(rep.stop());
            }
            // every repetition computes the same output: one read after the last, so that the repetitions run back to
            // back as a library's calls do (a 64 MB read after each left the device idle for milliseconds between them)
            out.read(result);
        } finally {
            for (CompiledKernel c : perLaunch) c.close();
        }
        double[] wr = new double[total], wi = new double[total];
        for (int i = 0; i < total; i++) {
            wr[i] = re[i];
            wi[i] = im[i];
        }
        for (int b = 0; b < batch; b++) FftReference.fft(wr, wi, b * n, n);
        float[] gr = new float[total], gi = new float[total];
        unpack(result, gr, gi, cfg.soa());
        String mismatch = FftReference.check(wr, wi, gr, gi, n, batch);
        Map<String, Double> metrics = new LinkedHashMap<>();
        double flops = flops(n, batch);
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? flops / row.kernelNanos() : 0);
        metrics.put("GB/s", Runs.gbPerSecond(16L * n * batch, row.kernelNanos()));   // each complex float read and written once
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", flops / row.modelledNanos());
        metrics.put("max rel error", FftReference.maxError(wr, wi, gr, gi, n, batch));
        metrics.put("error bound", FftReference.bound(n));
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    /** 5·N·log2 N per transform, the paper's (radix-2) convention. */
    public static double flops(int n, int batch) {
        return 5.0 * n * Integer.numberOfTrailingZeros(n) * batch;
    }

    static float[] pack(float[] re, float[] im, boolean soa) {
        int t = re.length;
        float[] a = new float[2 * t];
        for (int i = 0; i < t; i++) {
            if (soa) {
                a[i] = re[i];
                a[t + i] = im[i];
            } else {
                a[2 * i] = re[i];
                a[2 * i + 1] = im[i];
            }
        }
        return a;
    }

    static void unpack(float[] a, float[] re, float[] im, boolean soa) {
        int t = re.length;
        for (int i = 0; i < t; i++) {
            re[i] = soa ? a[i] : a[2 * i];
            im[i] = soa ? a[t + i] : a[2 * i + 1];
        }
    }

    // ---- tuning -----------------------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return STOCKHAM;
    }

    /** Every knob but radix is on/off (layout, exchange, twiddle, share: 0 or 1). */
    @Override
    public int minimum(String param) {
        return SPEC.lowest(param);
    }

    @Override
    public List<String> tunedParams() {
        return SPEC.tunedNames();
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("reps", "2");
    }

    /**
     * The knobs from the tuning cache: with {@code config=auto} and no knob given, the best result
     * cached for this backend, device fingerprint, kernel and n; the row then shows {@code config=tuned}.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        Values v = SPEC.parse(params, variants().contains(variant) ? variant : STOCKHAM);
        if (!TuningSupport.takesCache(v, FftSpec.TUNED)) return params;
        boolean required = TuningSupport.required(v.get(FftSpec.CONFIG));
        int n = v.get(FftSpec.N);
        var pick = lookup.pick(session, NAME, FftTuning.kernelHash(), Map.of("n", Integer.toString(n), "variant", v.variant()),
                v.given(FftSpec.BATCH).map(b -> Map.of("batch", v.text(FftSpec.BATCH))).orElse(Map.of()));
        return TuningSupport.withPick(params, pick, SPEC.tunedNames(), required, "fft n=" + n);
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return FftTuning.tuning(this, session, variant, fixed, grid);
    }
}
