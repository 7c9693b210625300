package dev.perfport.workloads.spmv;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.LocalSize;
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
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * SpMV y = A x in float32 (seed 004, Zhang, Sinclair and Chien §2.2), one variant per storage
 * format and its work mapping, verified row by row against a double-precision CSR product:
 * <ul>
 * <li>{@code csr-scalar}: one work-item per row ({@code rpt} rows per work-item, {@code map});</li>
 * <li>{@code csr-vector}: {@code lanes} work-items per row, combined in local memory;</li>
 * <li>{@code ell-col}, {@code ell-row}: ELLPACK column-major (SHOC's GPU default) and row-major
 *     (the paper's CPU layout), with {@code rpt} and {@code map};</li>
 * <li>{@code sell}: SELL-C-sigma, slice height {@code C}, sorting window {@code sigma};</li>
 * <li>{@code merge}: merge-based CSR, {@code ipt} merge-path items per work-item, then a fix-up
 *     kernel for rows that span work-items;</li>
 * <li>{@code csr-adaptive}: CSR-Adaptive (Greathouse and Daga, SC'14), one work-group per block
 *     of consecutive rows of at most {@code block} non-zeros, streamed through local memory; a
 *     longer row is a block of its own, added by the whole group.</li>
 * </ul>
 * Metrics: {@code GB/s} counts the bytes the format really reads (its index arrays and values as
 * stored, padding slots included, one x read per non-zero, y written once); {@code effective GB/s}
 * is the seed's effective bandwidth 3·NNZ·4 B / t (the same for every format, so it compares
 * times); {@code GFLOP/s} is 2·NNZ / t.
 */
@AutoService(Workload.class)
public final class Spmv implements Workload, Tunable {
    public static final String CSR_SCALAR = "csr-scalar", CSR_VECTOR = "csr-vector", ELL_COL = "ell-col", ELL_ROW = "ell-row",
            SELL = "sell", MERGE = "merge", CSR_ADAPTIVE = "csr-adaptive";
    public static final List<String> VARIANTS = List.of(CSR_SCALAR, CSR_VECTOR, ELL_COL, ELL_ROW, SELL, MERGE, CSR_ADAPTIVE);
    /** Variants whose work-items take whole rows, where {@code rpt} and {@code map} apply. */
    public static final List<String> ROW_MAPPED = List.of(CSR_SCALAR, ELL_COL, ELL_ROW);

    @Override
    public Spec spec() {
        return SpmvSpec.SPEC;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(
                Params.of("matrix", "stencil2d:13x11", "wg", "32", "reps", "1"),
                Params.of("matrix", "powerlaw:1000:6", "wg", "64", "rpt", "3", "map", "blocked", "lanes", "4", "C", "8", "sigma", "64",
                        "ipt", "7", "block", "64", "reps", "1"),
                Params.of("matrix", "random:333:0.02", "wg", "16", "rpt", "2", "lanes", "16", "C", "4", "sigma", "1", "ipt", "5",
                        "block", "40", "reps", "1"));
    }

    /** The knob values of one run, checked. */
    record Settings(String matrix, int wg, int rpt, boolean blocked, int lanes, int c, int sigma, int ipt, int block, int reps, long seed) {
    }

    static Settings settings(Values v) {
        return new Settings(v.get(SpmvSpec.MATRIX), v.get(SpmvSpec.WG), v.get(SpmvSpec.RPT), v.get(SpmvSpec.MAP) == 1, v.get(SpmvSpec.LANES),
                v.get(SpmvSpec.C), v.get(SpmvSpec.SIGMA), v.get(SpmvSpec.IPT), v.get(SpmvSpec.BLOCK), v.get(SpmvSpec.REPS), v.get(SpmvSpec.SEED));
    }

    // the last matrix: compare and tune run every variant and configuration on the same one
    private static Csr cached;
    private static String cachedKey;

    static synchronized Csr matrix(String spec, long seed) {
        String key = spec + "#" + seed;
        if (!key.equals(cachedKey)) {
            cached = null;
            cached = Matrices.load(spec, seed);
            cachedKey = key;
        }
        return cached;
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SpmvSpec.SPEC.parse(params, variant);
        Settings st = settings(v);
        Csr a = matrix(st.matrix(), st.seed());   // a malformed file is a usage error, before any row
        return Runs.run(s, name(), variant, v.params(), () -> {
            v.refuseOn(s.device());
            return execute(s, variant, a, st);
        });
    }

    static Outcome execute(DeviceSession s, String variant, Csr a, Settings st) {
        int n = a.rows();
        float[] x = new float[a.cols()];
        SplittableRandom rnd = new SplittableRandom(st.seed() ^ 0x5bd1e995L);
        for (int i = 0; i < x.length; i++) x[i] = (float) (rnd.nextDouble() * 2 - 1);
        float[] got = new float[n];
        long bytes;
        long formatNanos = System.nanoTime();
        List<AutoCloseable> open = new ArrayList<>();
        Reps timed = Reps.of(st.reps());
        double slotsPerNnz = 1;
        try {
            DeviceBuffer dx = keep(open, s.upload(x)), dy = keep(open, s.allocate(ElemType.FLOAT, Math.max(1, n)));
            long yBytes = 4L * n, xBytes = 4L * a.nnz();
            Launcher launcher;
            switch (variant) {
                case CSR_SCALAR, CSR_VECTOR -> {
                    DeviceBuffer rp = keep(open, s.upload(a.rowPtr())), ci = keep(open, s.upload(nonEmpty(a.col()))),
                            va = keep(open, s.upload(nonEmpty(a.val())));
                    bytes = 4L * (n + 1) + 8L * a.nnz() + xBytes + yBytes;
                    if (variant.equals(CSR_SCALAR)) {
                        launcher = rows(s, open, st, rp, ci, va, dx, dy, n, 0, SpmvKernels.CSR_LAYOUT);
                    } else {
                        CompiledKernel k = keep(open, s.compile(SpmvKernels.csrVector()));
                        long items = (long) n * st.lanes();
                        launcher = rep -> rep.add(s.launch(k, NDRange.of(roundUp(items, st.wg()), st.wg()), rp, ci, va, dx, dy, n, st.lanes(),
                                LocalSize.of(st.wg())));
                    }
                }
                case ELL_COL, ELL_ROW -> {
                    Formats.Ell e = Formats.ell(a, variant.equals(ELL_COL));
                    slotsPerNnz = e.slots() / (double) Math.max(1, a.nnz());
                    DeviceBuffer ci = keep(open, s.upload(nonEmpty(e.col()))), va = keep(open, s.upload(nonEmpty(e.val())));
                    DeviceBuffer none = keep(open, s.upload(new int[1]));   // ELLPACK reads no row pointers
                    bytes = 8L * e.slots() + xBytes + yBytes;
                    launcher = rows(s, open, st, none, ci, va, dx, dy, n, e.width(),
                            e.colMajor() ? SpmvKernels.ELL_COL_MAJOR : SpmvKernels.ELL_ROW_MAJOR);
                }
                case SELL -> {
                    Formats.Sell e = Formats.sell(a, st.c(), st.sigma());
                    slotsPerNnz = e.slots() / (double) Math.max(1, a.nnz());
                    DeviceBuffer sp = keep(open, s.upload(e.slicePtr())), ci = keep(open, s.upload(nonEmpty(e.col()))),
                            va = keep(open, s.upload(nonEmpty(e.val()))), pe = keep(open, s.upload(e.perm()));
                    bytes = 8L * e.slots() + 4L * e.perm().length + 8L * e.slices() + xBytes + yBytes;
                    CompiledKernel k = keep(open, s.compile(SpmvKernels.sell()));
                    int slots = e.perm().length;
                    launcher = rep -> rep.add(s.launch(k, NDRange.of(roundUp(slots, st.wg()), st.wg()), sp, ci, va, pe, dx, dy, slots, st.c()));
                }
                case MERGE -> {
                    DeviceBuffer rp = keep(open, s.upload(a.rowPtr())), ci = keep(open, s.upload(nonEmpty(a.col()))),
                            va = keep(open, s.upload(nonEmpty(a.val())));
                    long total = (long) n + a.nnz();
                    if (total + st.ipt() > Integer.MAX_VALUE) throw new ConfigException("merge: rows + non-zeros " + total + " exceed the int range");
                    int threads = (int) ceilDiv(total, st.ipt());
                    DeviceBuffer cr = keep(open, s.allocate(ElemType.INT, threads)), cv = keep(open, s.allocate(ElemType.FLOAT, threads));
                    // the search reads about 2·log2(n) row pointers per work-item; the fix-up its carries
                    long search = 4L * threads * (2 * (64 - Long.numberOfLeadingZeros(Math.max(1, n))));
                    bytes = 4L * (n + 1) + 8L * a.nnz() + xBytes + yBytes + search + 2 * 8L * threads;
                    CompiledKernel k = keep(open, s.compile(SpmvKernels.merge())), f = keep(open, s.compile(SpmvKernels.mergeFixup()));
                    int nnz = a.nnz();
                    launcher = rep -> {
                        rep.add(s.launch(k, NDRange.of(roundUp(threads, st.wg()), st.wg()), rp, ci, va, dx, dy, n, nnz, st.ipt(), cr, cv, threads));
                        rep.add(s.launch(f, NDRange.of(roundUp(threads, st.wg()), st.wg()), cr, cv, dy, n, threads));
                    };
                }
                case CSR_ADAPTIVE -> {
                    Formats.RowBlocks rb = Formats.rowBlocks(a, st.wg(), st.block());
                    // the local memory, max(block, wg) floats, is checked against the device before the launch
                    DeviceBuffer rp = keep(open, s.upload(a.rowPtr())), ci = keep(open, s.upload(nonEmpty(a.col()))),
                            va = keep(open, s.upload(nonEmpty(a.val()))), bl = keep(open, s.upload(rb.starts()));
                    bytes = 4L * (n + 1) + 8L * a.nnz() + xBytes + yBytes + 8L * rb.blocks();
                    CompiledKernel k = keep(open, s.compile(SpmvKernels.adaptive()));
                    int nb = rb.blocks();
                    launcher = rep -> rep.add(s.launch(k, NDRange.of((long) Math.max(1, nb) * st.wg(), st.wg()), rp, ci, va, dx, dy, bl, nb,
                            LocalSize.of(Math.max(st.block(), st.wg()))));
                }
                default -> throw new IllegalStateException("no variant " + variant);
            }
            formatNanos = System.nanoTime() - formatNanos;
            while (timed.more()) {
                Rep one = new Rep();
                launcher.launch(one);
                dy.read(got);
                timed.add(one.stop());
            }
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) {
                try {
                    open.get(i).close();
                } catch (Exception e) {
                    // releasing the rest matters more than this one's failure
                }
            }
        }
        String mismatch = check(a, x, got);
        Map<String, Double> m = new LinkedHashMap<>();
        long flops = 2L * a.nnz();
        long paperBytes = 12L * a.nnz();
        Rep row = timed.row();
        m.put("GB/s", Runs.gbPerSecond(bytes, row.kernelNanos()));
        m.put("GFLOP/s", Runs.gbPerSecond(flops, row.kernelNanos()));
        m.put("effective GB/s", Runs.gbPerSecond(paperBytes, row.kernelNanos()));
        if (row.modelledNanos() >= 0) {
            m.put("modelled GB/s", Runs.gbPerSecond(bytes, row.modelledNanos()));
            m.put("modelled GFLOP/s", Runs.gbPerSecond(flops, row.modelledNanos()));
            m.put("modelled effective GB/s", Runs.gbPerSecond(paperBytes, row.modelledNanos()));
        }
        m.put("rows", (double) n);
        m.put("nnz", (double) a.nnz());
        m.put("bytes/nnz", bytes / (double) Math.max(1, a.nnz()));
        m.put("slots/nnz", slotsPerNnz);
        m.put("format ms", formatNanos / 1e6);
        return Outcome.of(mismatch == null, mismatch, timed, m);
    }

    @FunctionalInterface
    private interface Launcher {
        void launch(Rep rep);
    }

    /** The row-per-work-item kernel in one of its layouts, rpt rows per work-item. */
    private static Launcher rows(DeviceSession s, List<AutoCloseable> open, Settings st, DeviceBuffer rowPtr, DeviceBuffer col, DeviceBuffer val,
                                 DeviceBuffer x, DeviceBuffer y, int n, int width, int layout) {
        CompiledKernel k = keep(open, s.compile(SpmvKernels.rows()));
        long threads = ceilDiv(n, st.rpt());
        return rep -> rep.add(s.launch(k, NDRange.of(roundUp(threads, st.wg()), st.wg()), rowPtr, col, val, x, y, n, width, st.rpt(),
                st.blocked() ? 1 : 0, layout));
    }

    private static <T extends AutoCloseable> T keep(List<AutoCloseable> open, T t) {
        open.add(t);
        return t;
    }

    /** Buffers of length 0 cannot be allocated; an empty matrix gets one unread element. */
    private static int[] nonEmpty(int[] a) {
        return a.length == 0 ? new int[]{-1} : a;
    }

    private static float[] nonEmpty(float[] a) {
        return a.length == 0 ? new float[1] : a;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    private static long roundUp(long a, long b) {
        return Math.max(1, ceilDiv(a, b)) * b;
    }

    /**
     * Row r must be within 2·(len+2)·2^-24·Σ|a_rj x_j| of the double-precision product: the bound
     * of a float sum of len products in any order (the formats add in different orders).
     */
    static String check(Csr a, float[] x, float[] got) {
        double[] want = a.multiplyDouble(x);
        double[] scale = a.absRowSums(x);
        for (int r = 0; r < a.rows(); r++) {
            double tol = 2.0 * (a.rowLength(r) + 2) * Math.ulp(1.0f) / 2 * scale[r] + Float.MIN_NORMAL;
            if (!(Math.abs(got[r] - want[r]) <= tol)) {
                return "y[" + r + "] = " + got[r] + ", reference " + want[r] + " (row of " + a.rowLength(r) + " non-zeros, tolerance " + tol + ")";
            }
        }
        return null;
    }

    // ---- tuning -----------------------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return ELL_ROW;
    }

    /** map is 0 (interleaved) or 1 (blocked). */
    @Override
    public int minimum(String param) {
        return SpmvSpec.SPEC.lowest(param);
    }

    @Override
    public List<String> tunedParams() {
        return SpmvSpec.SPEC.tunedNames();
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("matrix", "stencil2d:256x256").with("reps", "2");
    }

    /** Memory-bound: the GB/s count the bytes the format must read (and y written). */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    /**
     * The variant's knobs from the tuning cache, then the database, when config is auto (or tuned) and
     * none of them is given: the pick tuned on this matrix (as written) if there is one, else the pick of
     * any matrix, since a format's knobs follow the device more than the matrix.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        if (!VARIANTS.contains(variant)) return params;
        Values v = SpmvSpec.SPEC.parse(params, variant);
        // the knobs the variant's tuning space varies: what a cached or shipped pick holds
        List<Knob<?>> knobs = SpmvSpec.SPEC.knobs().stream().filter(k -> k.isTunedIn(variant)).toList();
        if (!TuningSupport.takesCache(v, knobs)) return params;
        boolean required = TuningSupport.required(v.get(TuningSupport.CONFIG));
        String hash = SpmvTuning.kernelHash(variant);
        var pick = lookup.pick(session, name(), hash, Map.of("variant", variant, "matrix", v.get(SpmvSpec.MATRIX)), Map.of());
        // config=tuned takes only the user's cache: a shipped pick for this matrix must not hide a cached one for another
        if (pick.isEmpty() || required && !pick.get().source().equals(TunedLookup.CACHE)) {
            pick = lookup.pick(session, name(), hash, Map.of("variant", variant), Map.of());
        }
        return TuningSupport.withPick(params, pick, knobs.stream().map(Knob::name).toList(),
                required, "spmv " + variant);
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return SpmvTuning.tuning(this, session, variant, fixed, grid);
    }
}
