package dev.perfport.workloads.convolution;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * 2-D single-channel convolution (seed 002 §4), float32: out(y,x) = Σ_j&lt;Fh Σ_i&lt;Fw in(y+j, x+i)·F(j,i),
 * the input carrying its border (W+Fw-1 × H+Fh-1), the output W×H of any size. The thesis's ladder:
 *
 * <ul>
 *   <li>{@code naive}: one work-item per output, everything from global memory (Fig. 3.1b);</li>
 *   <li>{@code tiled}: the group's tile plus border in local memory (Fig. 3.7), filter in constant memory;</li>
 *   <li>{@code tiled-x4}: the same with 1×4 outputs per work-item, spaced one block apart ("thread-block merge");</li>
 *   <li>{@code adaptive}: adaptive tiling: the tile factor chosen at run time from the filter size
 *       and the device's local memory (largest T ≤ 8 whose tile fits, twice for small filters), the
 *       filter size compiled in so that its loops unroll ("adapt+unroll"); tx/ty given explicitly
 *       override the choice (the tuner does);</li>
 *   <li>{@code separable}: two 1-D passes (§4.3), rows then columns, for a filter that is the
 *       outer product of a column and a row vector.</li>
 * </ul>
 *
 * Tunable ({@code perfport tune convolution}): block width/height, tile factors, local-memory
 * padding (the thesis's rule Sw = ⌈(Fw−1)/32⌉·32 + Bw·T), filter in constant or global memory,
 * read-only loads. Verified against a double-precision reference (every pixel up to 2^30
 * multiply-adds, a deterministic sample of rows beyond). GFLOP/s = 2·Fw·Fh·W·H / kernel time.
 */
@AutoService(Workload.class)
public final class Convolution implements Workload, Tunable {
    public static final String NAIVE = "naive";
    public static final String TILED = "tiled";
    public static final String TILED_X4 = "tiled-x4";
    public static final String ADAPTIVE = "adaptive";
    public static final String SEPARABLE = "separable";
    /** Banks the padding rule assumes (every NVIDIA GPU since Fermi). */
    static final int BANKS = 32;

    /** Whether padding changes a tile row's stride: not when the row's bw·tx outputs already fill whole banks. */
    static boolean paddingMatters(int bw, int tx) {
        return (bw * tx) % BANKS != 0;
    }
    /** Largest tile factor the adaptive choice and the tuner use. */
    static final int MAX_T = 8;
    static final int MAX_FILTER = 128;

    @Override
    public Spec spec() {
        return ConvolutionSpec.SPEC;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("width", "100", "height", "77", "fw", "3", "fh", "5", "bw", "8", "bh", "4", "reps", "1"),
                Params.of("width", "61", "height", "45", "fw", "17", "fh", "17", "bw", "16", "bh", "8", "filter", "global",
                        "readOnly", "0", "pad", "0", "reps", "1"));
    }

    /**
     * Checked mode: the 17×17 case on a smaller image, two 16×8 tiles each way, the second partial, so
     * the halo crosses a tile edge and runs off the image. Oclgrind pays for every tap: a larger image
     * added nothing but minutes to each route's run.
     */
    @Override
    public List<Params> checkedCases(String variant) {
        return List.of(smallCases().get(1).with(Params.of("width", "21", "height", "13")));
    }

    /** What one run does: the checked parameters, the kernel and its geometry. */
    record Plan(int w, int h, int fw, int fh, int bw, int bh, int tx, int ty, boolean pad, boolean constFilter,
                boolean readOnly, int reps, long seed, String variant, boolean unroll, boolean specialise, int checkRows,
                boolean cacheInput, boolean adjacent, boolean fma) {
        Plan(int w, int h, int fw, int fh, int bw, int bh, int tx, int ty, boolean pad, boolean constFilter,
             boolean readOnly, int reps, long seed, String variant) {
            this(w, h, fw, fh, bw, bh, tx, ty, pad, constFilter, readOnly, reps, seed, variant, false, true, 0, true, false, false);
        }

        /** This plan with its tiling and memory knobs replaced (a tuning point). */
        Plan with(int bw, int bh, int tx, int ty, boolean pad, boolean constFilter, boolean readOnly, boolean adjacent) {
            return new Plan(w, h, fw, fh, bw, bh, tx, ty, pad, constFilter, readOnly, reps, seed, variant, unroll, specialise, checkRows,
                    cacheInput, adjacent, fma);
        }

        int iw() {
            return w + fw - 1;
        }

        int ih() {
            return h + fh - 1;
        }

        int tileWidth() {
            return bw * tx + fw - 1;
        }

        int rowStride() {
            int tw = tileWidth();
            if (!pad || !paddingMatters(bw, tx)) return tw;
            return (fw - 1 + BANKS - 1) / BANKS * BANKS + bw * tx;
        }

        long tileElements() {
            return (long) (bh * ty + fh - 1) * rowStride();
        }

        double flop() {
            return 2.0 * fw * fh * w * h;
        }
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = ConvolutionSpec.SPEC.parse(params, variant);
        Plan plan = plan(s, variant, v);
        Params shown = v.params().with(ConvolutionSpec.TX.name(), Integer.toString(plan.tx())).with(ConvolutionSpec.TY.name(), Integer.toString(plan.ty()));
        return Runs.run(s, name(), variant, shown, () -> execute(s, plan));
    }

    /** What {@code variant} runs with the parsed parameters {@code v} (of the convolution or of the transfer study). */
    Plan plan(DeviceSession s, String variant, Values v) {
        int ty = v.or(ConvolutionSpec.TY, variant.equals(SEPARABLE) ? 4 : 1);
        int tx = switch (variant) {
            case NAIVE, TILED -> 1;
            case TILED_X4 -> 4;
            case SEPARABLE -> v.or(ConvolutionSpec.TX, 4);
            default -> v.or(ConvolutionSpec.TX, 0);
        };
        if (variant.equals(NAIVE) || variant.equals(TILED) || variant.equals(TILED_X4)) ty = 1;
        boolean unroll = v.given(ConvolutionSpec.UNROLL).map(u -> u == 1)
                .orElse(s != null && s.device().type() == dev.perfport.core.device.DeviceType.GPU);
        Plan plan = new Plan(v.get(ConvolutionSpec.WIDTH), v.get(ConvolutionSpec.HEIGHT), v.get(ConvolutionSpec.FW), v.get(ConvolutionSpec.FH),
                v.get(ConvolutionSpec.BW), v.get(ConvolutionSpec.BH), tx, ty, v.get(ConvolutionSpec.PAD) == 1,
                v.get(ConvolutionSpec.FILTER).equals("constant"), v.get(ConvolutionSpec.READ_ONLY) == 1, v.get(ConvolutionSpec.REPS),
                v.get(ConvolutionSpec.SEED), variant, unroll, v.given(ConvolutionSpec.SPECIALISE).orElse(1) == 1,
                v.given(ConvolutionSpec.CHECK_ROWS).orElse(0), v.given(ConvolutionSpec.CACHE_INPUT).orElse(1) == 1,
                reads(v, ConvolutionSpec.ADJACENT) && v.get(ConvolutionSpec.ADJACENT) == 1,
                reads(v, ConvolutionSpec.MATH) && v.get(ConvolutionSpec.MATH).equals("fma"));
        if (tx == 0) plan = adaptiveT(plan, s.device().capacity(MemoryLevel.LOCAL));
        return plan;
    }

    /** Whether these values carry the knob: the transfer study's spec shares the image knobs, not the kernel's forms. */
    private static boolean reads(Values v, dev.perfport.workloads.spec.Knob<?> k) {
        return v.spec().knobs().contains(k) && k.readBy(v.variant());
    }

    /**
     * Adaptive tiling (thesis §3.5, Kepler policy): the largest T ≤ {@value #MAX_T} whose tile fits
     * the local memory twice for small filters (two groups per compute unit), once for large ones,
     * and no wider than the image needs.
     */
    static Plan adaptiveT(Plan p, long localBytes) {
        int groupsWanted = p.fw() * p.fh() <= 81 ? 2 : 1;
        int needed = Math.max(1, (p.w() + p.bw() - 1) / p.bw());
        int best = 1;
        for (int t = 1; t <= Math.min(MAX_T, needed); t++) {
            Plan q = withTx(p, t);
            if (q.tileElements() * Float.BYTES * groupsWanted <= localBytes) best = t;
        }
        return withTx(p, best);
    }

    private static Plan withTx(Plan p, int tx) {
        return p.with(p.bw(), p.bh(), tx, p.ty(), p.pad(), p.constFilter(), p.readOnly(), p.adjacent());
    }

    Outcome execute(DeviceSession s, Plan p) {
        ConvolutionData d = ConvolutionData.generate(p.w(), p.h(), p.fw(), p.fh(), p.seed());
        // checkRows given (2-D kernels): only the checked rows travel and are kept, a sampled check need not move the whole image
        int[] rows = p.checkRows() > 0 && !p.variant().equals(SEPARABLE) ? d.checkedRowIndices(p.checkRows()) : null;
        float[] got = new float[rows == null ? p.w() * p.h() : rows.length * p.w()];
        float[] nan = new float[rows == null ? got.length : p.w()];
        Arrays.fill(nan, Float.NaN);
        Reps reps = Reps.of(p.reps());
        String mismatch = null;
        boolean sep = p.variant().equals(SEPARABLE);
        try (DeviceBuffer in = s.upload(d.input());
             DeviceBuffer out = s.allocate(ElemType.FLOAT, (long) p.w() * p.h())) {
            if (sep) {
                runSeparable(s, p, d, in, out, nan, got, reps);
                mismatch = d.checkSeparable(got, p.checkRows());
            } else {
                boolean naive = p.variant().equals(NAIVE);
                KernelDef def = naive ? (p.cacheInput() ? ConvolutionKernels.naive() : ConvolutionKernels.naiveUncached())
                        : ConvolutionKernels.tiled(p.constFilter());
                MemoryLevel fl = !naive && p.constFilter() ? MemoryLevel.CONSTANT : MemoryLevel.GLOBAL;
                // built and its filter uploaded once, outside the repetitions: a route that rebuilds a kernel it is
                // handed again (Aparapi, 120 ms at 8192^2 on the H200) must not put that in every repetition's wall
                try (CompiledKernel k = s.compile(def, constants(p, naive));
                     DeviceBuffer f = s.allocate(ElemType.FLOAT, d.filter().length, fl)) {
                    f.write(d.filter());
                    while (reps.more() && mismatch == null) {
                        // a pixel the kernel does not write stays NaN and fails the check
                        if (rows == null) out.write(nan);
                        else for (int y : rows) out.write((long) y * p.w(), nan, 0, p.w());
                        Rep rep = new Rep();
                        launch2d(s, p, k, in, f, out, rep);
                        if (rows == null) out.read(got);
                        else for (int i = 0; i < rows.length; i++) out.read((long) rows[i] * p.w(), got, i * p.w(), p.w());
                        reps.add(rep.stop());
                        mismatch = rows == null ? d.check(got, p.checkRows()) : d.checkRows(got, p.checkRows());
                    }
                }
            }
        }
        return Outcome.of(mismatch == null, mismatch, reps, metrics(p.flop(), reps.row()));
    }

    /** Launches the plan's 2-D kernel once. */
    private static void launch2d(DeviceSession s, Plan p, CompiledKernel k, DeviceBuffer in, DeviceBuffer f, DeviceBuffer out, Rep rep) {
        if (p.variant().equals(NAIVE)) {
            NDRange r = NDRange.of(roundUp(p.w(), p.bw()), roundUp(p.h(), p.bh()), p.bw(), p.bh());
            rep.add(s.launch(k, r, in, f, out, p.w(), p.h(), p.iw(), p.fw(), p.fh()));
        } else {
            NDRange r = NDRange.of(groups(p.w(), p.bw() * p.tx()) * p.bw(), groups(p.h(), p.bh() * p.ty()) * p.bh(), p.bw(), p.bh());
            rep.add(s.launch(k, r, in, f, out, p.w(), p.h(), p.iw(), p.fw(), p.fh(), p.tx(), p.ty(), p.rowStride(),
                    LocalSize.of(p.tileElements())));
        }
    }

    private static void runSeparable(DeviceSession s, Plan p, ConvolutionData d, DeviceBuffer in, DeviceBuffer out,
                                     float[] nan, float[] got, Reps reps) {
        Constants c = constants(p, false);
        try (CompiledKernel kr = s.compile(ConvolutionKernels.rows(), c); CompiledKernel kc = s.compile(ConvolutionKernels.cols(), c);
             DeviceBuffer fr = s.allocate(ElemType.FLOAT, p.fw(), MemoryLevel.CONSTANT);
             DeviceBuffer fc = s.allocate(ElemType.FLOAT, p.fh(), MemoryLevel.CONSTANT);
             DeviceBuffer tmp = s.allocate(ElemType.FLOAT, (long) p.w() * p.ih())) {
            fr.write(d.rowFilter());
            fc.write(d.colFilter());
            while (reps.more()) {
                out.write(nan);
                Rep rep = new Rep();
                rep.add(s.launch(kr, NDRange.of(groups(p.w(), p.bw() * p.tx()) * p.bw(), roundUp(p.ih(), p.bh()), p.bw(), p.bh()),
                        in, fr, tmp, p.w(), p.ih(), p.iw(), p.fw(), p.tx()));
                rep.add(s.launch(kc, NDRange.of(roundUp(p.w(), p.bw()), groups(p.h(), p.bh() * p.ty()) * p.bh(), p.bw(), p.bh()),
                        tmp, fc, out, p.w(), p.h(), p.fh(), p.ty()));
                out.read(got);
                reps.add(rep.stop());
            }
        }
    }

    /** The OpenCL specialisation: tile factors, filter space, read-only input, and (adaptive, separable) the unrolled filter size. */
    static Constants constants(Plan p, boolean naive) {
        Constants c = Constants.of("TX", p.tx(), "TY", p.ty(), "READ_ONLY", p.readOnly() ? 1 : 0);
        if (!naive) c = c.with("FILTER_GLOBAL", p.constFilter() ? 0 : 1).with("ADJACENT", p.adjacent() ? 1 : 0).with("CONV_FMA", p.fma() ? 1 : 0);
        if ((p.variant().equals(ADAPTIVE) || p.variant().equals(SEPARABLE)) && p.specialise()) {
            c = c.with("FW", p.fw()).with("FH", p.fh()).with("UNROLL_LOOPS", p.unroll() ? 1 : 0);
        }
        return c;
    }

    static long groups(long n, long per) {
        return (n + per - 1) / per;
    }

    static long roundUp(long n, long m) {
        return groups(n, m) * m;
    }

    static Map<String, Double> metrics(double flop, Rep row) {
        Map<String, Double> m = new LinkedHashMap<>();
        if (row == null) return m;
        m.put("GFLOP/s", row.kernelNanos() > 0 ? flop / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) m.put("modelled GFLOP/s", flop / row.modelledNanos());
        return m;
    }

    // ---- tuning ----------------------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return ADAPTIVE;
    }

    /** pad, constFilter, readOnly and adjacent are on/off knobs. */
    @Override
    public int minimum(String param) {
        return List.of("pad", "constFilter", "readOnly", "adjacent").contains(param) ? 0 : 1;
    }

    @Override
    public List<String> tunedParams() {
        return ConvolutionTuning.NAMES;
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("width", "512").with("height", "512").with("reps", "2");
    }

    /** Compute-bound in float: 2·fw·fh flops per output, dozens per byte moved. */
    @Override
    public java.util.Optional<dev.perfport.workloads.Bound> bound(String variant, Params params) {
        return java.util.Optional.of(dev.perfport.workloads.Bound.compute("float"));
    }

    /**
     * The adaptive kernel's knobs from the tuning cache, then the database, for this filter size
     * (the image size nearest), when config is auto (or tuned) and none of them is given.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, dev.perfport.workloads.TunedLookup lookup) {
        if (!variant.equals(ADAPTIVE)) return params;
        Values v = ConvolutionSpec.SPEC.parse(params, variant);
        List<dev.perfport.workloads.spec.Knob<?>> knobs = List.of(ConvolutionSpec.BW, ConvolutionSpec.BH, ConvolutionSpec.TX,
                ConvolutionSpec.TY, ConvolutionSpec.PAD, ConvolutionSpec.FILTER, ConvolutionSpec.READ_ONLY, ConvolutionSpec.ADJACENT);
        if (!dev.perfport.workloads.TuningSupport.takesCache(v, knobs)) return params;
        var pick = lookup.pick(session, name(), ConvolutionTuning.kernelHash(),
                Map.of("variant", ADAPTIVE, "fw", v.text(ConvolutionSpec.FW), "fh", v.text(ConvolutionSpec.FH), "math", v.text(ConvolutionSpec.MATH)),
                Map.of("width", v.text(ConvolutionSpec.WIDTH), "height", v.text(ConvolutionSpec.HEIGHT)));
        Params q = dev.perfport.workloads.TuningSupport.withPick(params, pick, ConvolutionTuning.NAMES,
                dev.perfport.workloads.TuningSupport.required(v.get(dev.perfport.workloads.TuningSupport.CONFIG)),
                "convolution " + v.get(ConvolutionSpec.FW) + "x" + v.get(ConvolutionSpec.FH));
        if (!q.has(ConvolutionTuning.CONST_FILTER)) return q;
        Map<String, String> m = new LinkedHashMap<>(q.asMap());
        m.put(ConvolutionSpec.FILTER.name(), m.remove(ConvolutionTuning.CONST_FILTER).equals("1") ? "constant" : "global");
        return Params.of(m);
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return ConvolutionTuning.tuning(this, session, variant, fixed, grid);
    }
}
