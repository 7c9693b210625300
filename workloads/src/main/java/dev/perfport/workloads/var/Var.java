package dev.perfport.workloads.var;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Monte Carlo Value-at-Risk, the {@code simplevarmc} study of seed 000: simulate {@code nsim}
 * markets (stock index, foreign interest rate, exchange rate, jointly normal), value a portfolio of
 * {@code npos} STOCK and FBOND positions in each, and report the q-quantile of the simulated
 * values, the loss VaR = V0 − quantile and its standard error. One simulation per vector lane:
 * {@code nsim = simbs·vwidth·wgsize·ngroup} (seed 000 Eq. 9). Throughput is
 * {@code mpps = 2^−20·nsim·npos / t} with t the median kernel time of the timed repetitions.
 *
 * <p>Variants: {@code loadstore}, {@code singlebuffer}, {@code doublebuffer} (seed 000 §2.5,
 * {@link VarKernels}). Random numbers: {@code rng=philox} (default, decomposition-invariant) or
 * {@code rng=mt} (Nvidia-style MT607, one stream per work-item, {@link Mt607Creator}); either
 * way the host reproduces the device's normals bit for bit ({@link FloatMath}).
 *
 * <p><b>Verification.</b> Every {@code simulation[i]} is compared with a double-precision host
 * reference computed from the same normals ({@link VarModel#reference}), relative to
 * {@code scale_i}, the sum of the magnitudes of its terms (with S, r and X counted by the
 * magnitudes they are computed from, see {@link VarModel.Reference}): the row verifies when
 * {@code |sim_i − ref_i| ≤ tol·scale_i} for every i and the quantile is within
 * {@code tol·max(scale)} of the reference's, with {@link #tolerance(int) tol = (npos + 16)·2^−24}.
 * Why: the kernel adds the npos float32 terms of a simulation one after the other, and recursive
 * summation is bounded by {@code (n−1)·u·Σ|x_i|} to first order (Higham, <i>Accuracy and
 * Stability of Numerical Algorithms</i>, §4.2; u = 2^−24); the 16 more units cover exp (at most
 * 3 ulp in OpenCL) and the rounding of S, r and X (the normals themselves are bit-identical to
 * the host's). For 2^17 positions that is 7.8e−3. The bound is approached here more than a
 * random-walk estimate (√n·u) would suggest: a partial sum is always a multiple of its own ulp,
 * so adding the same stock term a·S again and again rounds the same way each time, and with
 * the built-in portfolio's integer amounts these biases add up; measured: 6.3e−5 at 2^14
 * positions and 4.8e−4 at 2^17 (6 % of the bound), the same on the emulator, PoCL and Aparapi
 * (the summation order is the same everywhere). Wrong simulations (other normals, other lanes)
 * differ by percents.
 */
@AutoService(Workload.class)
public final class Var implements Workload, Tunable {
    public static final String NAME = "var";
    public static final int MAX_NSIM = VarSpec.MAX_NSIM;
    /** Positions compare uses unless npos is given: small enough for CI on two cores. */
    public static final int COMPARE_NPOS = 1 << 14;
    public static final int COMPARE_NGROUP = 4;

    private final Cache cache = new Cache();

    @Override
    public Spec spec() {
        return VarSpec.SPEC;
    }

    @Override
    public int order() {
        return 60;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("npos", "1000", "posbs", "64", "simbs", "4", "vwidth", "4", "wgsize", "16", "ngroup", "4", "reps", "1"),
                Params.of("npos", "300", "posbs", "7", "simbs", "3", "vwidth", "8", "wgsize", "8", "ngroup", "3", "rng", "mt", "reps", "1"),
                Params.of("npos", "129", "posbs", "129", "simbs", "64", "vwidth", "2", "wgsize", "4", "ngroup", "2", "reps", "1"));
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(VarSpec.NPOS.name(), Integer.toString(COMPARE_NPOS))
                .with(VarSpec.NGROUP.name(), Integer.toString(COMPARE_NGROUP)).with(VarSpec.REPS.name(), "2");
        return List.of(base.with(overrides));
    }

    /** The validated settings of one run. */
    public record Settings(VarKernels.Variant variant, int npos, int posbs, VarModel.Layout layout, VarModel.Rng rng, long seed,
                           double q, String input, int reps, boolean relaxed, boolean aos, boolean task, int offset) {
        public int seed0() {
            return (int) seed;
        }

        public int seed1() {
            return (int) (seed >>> 32);
        }

        public Constants constants() {
            Constants c = Constants.of(VarSpec.POSBS.macroName(), posbs, VarSpec.SIMBS.macroName(), layout.simbs(), VarSpec.VWIDTH.macroName(),
                    layout.vwidth(), VarKernels.RNG, rng.code);
            // each absent at its default: the paper's kernels keep their constants
            if (relaxed) c = c.with(VarKernels.RELAXED, 1);
            if (aos) c = c.with(VarSpec.LAYOUT.macroName(), 1);
            if (offset != 0) c = c.with(VarSpec.OFFSET.macroName(), offset);
            if (task) c = c.with(VarKernels.TASKS, layout.workItems());
            return c;
        }

        /** The launch: the NDRange of the work-items, or one work-item for a task. */
        public NDRange range() {
            return task ? NDRange.of(1L, 1L) : NDRange.of((long) layout.workItems(), layout.wgsize());
        }

        /** The parameters as a row shows them: npos resolved, integers in decimal. */
        public Map<String, String> params() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("npos", Integer.toString(npos));
            m.put("posbs", Integer.toString(posbs));
            m.put("simbs", Integer.toString(layout.simbs()));
            m.put("vwidth", Integer.toString(layout.vwidth()));
            m.put("wgsize", Integer.toString(layout.wgsize()));
            m.put("ngroup", Integer.toString(layout.ngroup()));
            m.put("rng", rng.label);
            m.put("seed", Long.toString(seed));
            m.put("q", Double.toString(q));
            m.put("input", input);
            m.put("reps", Integer.toString(reps));
            if (relaxed) m.put("math", "relaxed");
            if (aos) m.put("layout", "aos");
            if (task) m.put("form", "task");
            if (offset != 0) m.put("offset", Integer.toString(offset));
            return m;
        }
    }

    /** Parses and checks every parameter; a bad one is a ConfigException naming it and its limit. */
    public Settings settings(String variant, Params params) {
        Values v = VarSpec.SPEC.parse(params, variant);
        VarInput in = cache.input(v.get(VarSpec.INPUT));
        int npos = v.or(VarSpec.NPOS, in.portfolio(0).size());
        int posbs = v.get(VarSpec.POSBS);
        // npos=auto is the input's: the one limit the spec cannot know before the file is read
        if (posbs > npos) throw new ConfigException("posbs must be in [1, " + npos + "], got " + posbs);
        return new Settings(VarKernels.Variant.of(variant), npos, posbs, new VarModel.Layout(v.get(VarSpec.SIMBS), v.get(VarSpec.VWIDTH),
                v.get(VarSpec.WGSIZE), v.get(VarSpec.NGROUP)), VarModel.Rng.of(v.get(VarSpec.RNG)), v.get(VarSpec.SEED), v.get(VarSpec.Q),
                v.get(VarSpec.INPUT), v.get(VarSpec.REPS), v.get(VarSpec.MATH).equals("relaxed"), v.get(VarSpec.LAYOUT) == 1,
                v.get(VarSpec.FORM) == 1, v.get(VarSpec.OFFSET));
    }

    /** The verification tolerance relative to scale for {@code npos} positions (class comment). */
    public static double tolerance(int npos) {
        return Math.scalb(npos + 16.0, -24);
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Settings st = settings(variant, params);
        return Runs.run(s, name(), variant, Params.of(st.params()), () -> execute(s, st).outcome());
    }

    /**
     * What one run produced.
     *
     * @param settings   the settings
     * @param simulation the device's simulated values
     * @param reference  the double-precision reference
     * @param quantile   the device's q-quantile
     * @param maxError   largest |sim − ref|/scale
     * @param mismatch   why it does not verify, or null
     * @param outcome    the row's outcome
     * @param times      each timed repetition's device time in nanoseconds, in the order they ran (modelled where the
     *                   device models time, else kernel time)
     */
    public record Simulation(Settings settings, float[] simulation, VarModel.Reference reference, double quantile, double maxError,
                             String mismatch, Outcome outcome, long[] times) {
    }

    /** Runs one variant and returns the simulated values with the reference (for tests, the tuner and reports). */
    public Simulation simulate(DeviceSession s, String variant, Params params) {
        return execute(s, settings(variant, params));
    }

    /**
     * The normals a device draws, three per simulation, from the probe kernel
     * {@link VarKernels#normals()} (for bit-for-bit comparison with {@link VarModel#normals}).
     */
    public static float[] normals(DeviceSession s, VarModel.Rng rng, long seed, VarModel.Layout layout) {
        int[] mtParams = mtParams(rng, layout);
        float[] z = new float[3 * layout.nsim()];
        try (DeviceBuffer zb = s.allocate(dev.perfport.core.memory.ElemType.FLOAT, z.length); DeviceBuffer mtp = s.upload(mtParams);
             CompiledKernel k = s.compile(VarKernels.normals(), Constants.of("SIMBS", layout.simbs(), "VWIDTH", layout.vwidth(), "RNG", rng.code))) {
            s.launch(k, NDRange.of(layout.workItems(), layout.wgsize()), zb, mtp, (int) seed, (int) (seed >>> 32));
            zb.read(z);
        }
        return z;
    }

    /** 4 ints per work-item's MT607 stream (matrix_a, mask_b, mask_c, seed), or a dummy for Philox. */
    static int[] mtParams(VarModel.Rng rng, VarModel.Layout layout) {
        if (rng != VarModel.Rng.MT) return new int[]{0};
        List<Mt607.Params> streams = Mt607Creator.shared().params(layout.workItems());
        int[] a = new int[4 * streams.size()];
        for (int i = 0; i < streams.size(); i++) {
            Mt607.Params p = streams.get(i);
            a[4 * i] = p.matrixA();
            a[4 * i + 1] = p.maskB();
            a[4 * i + 2] = p.maskC();
            a[4 * i + 3] = p.seed();
        }
        return a;
    }

    /** The portfolio as the kernel reads it: three arrays, or (aos) the records in amount; offset elements before position 0. */
    record Uploaded(int[] type, float[] amount, int[] day) {
    }

    /** The arrays to upload for {@code st}'s layout and offset (the padding before position 0 is zeros). */
    static Uploaded arrays(VarInput.Portfolio pf, Settings st) {
        int n = st.npos(), off = st.offset();
        if (st.aos()) {
            float[] rec = new float[off + 3 * n];
            for (int i = 0; i < n; i++) {
                int d = pf.dayOfMaturity()[i];
                // a float holds every int up to 2^24 exactly: then (int) of it is the day again
                if (Math.abs(d) > 1 << 24) throw new ConfigException("layout=aos keeps dayOfMaturity as a float: " + d + " of position " + i
                        + " exceeds 2^24, which a float holds exactly; use layout=soa");
                rec[off + 3 * i] = pf.type()[i];
                rec[off + 3 * i + 1] = pf.amount()[i];
                rec[off + 3 * i + 2] = d;
            }
            return new Uploaded(new int[]{0}, rec, new int[]{0});
        }
        if (off == 0) return new Uploaded(pf.type(), pf.amount(), pf.dayOfMaturity());
        int[] t = new int[off + n], d = new int[off + n];
        float[] a = new float[off + n];
        System.arraycopy(pf.type(), 0, t, off, n);
        System.arraycopy(pf.amount(), 0, a, off, n);
        System.arraycopy(pf.dayOfMaturity(), 0, d, off, n);
        return new Uploaded(t, a, d);
    }

    Simulation execute(DeviceSession s, Settings st) {
        VarInput in = cache.input(st.input());
        VarInput.Portfolio pf = cache.portfolio(in, st.npos());
        VarModel.Layout lay = st.layout();
        int nsim = lay.nsim();
        int[] mtParams = mtParams(st.rng(), lay);
        List<Mt607.Params> streams = st.rng() == VarModel.Rng.MT ? Mt607Creator.shared().params(lay.workItems()) : List.of();
        VarModel.Reference ref = cache.reference(in, pf, st, streams);
        float[] out = new float[nsim];
        Reps timed = Reps.of(st.reps());
        Uploaded arrays = arrays(pf, st);
        try (DeviceBuffer type = s.upload(arrays.type()); DeviceBuffer amount = s.upload(arrays.amount());
             DeviceBuffer day = s.upload(arrays.day()); DeviceBuffer mtp = s.upload(mtParams);
             DeviceBuffer market = s.upload(in.marketArray()); DeviceBuffer sim = s.allocate(dev.perfport.core.memory.ElemType.FLOAT, nsim);
             CompiledKernel k = s.compile(VarKernels.def(st.variant()), st.constants())) {
            NDRange range = st.range();
            List<Object> args = new ArrayList<>(List.of(type, amount, day, sim, mtp, market, st.npos(), in.today(), st.seed0(), st.seed1()));
            if (st.variant().buffers > 0) {
                long block = (long) st.variant().buffers * st.posbs();
                LocalSize ls = LocalSize.of(block), one = LocalSize.of(1);
                // aos: the records in lamount, three floats per position; ltype and lday unused
                args.addAll(st.aos() ? List.of(one, LocalSize.of(3 * block), one) : List.of(ls, ls, ls));
            }
            Object[] a = args.toArray();
            while (timed.more()) {
                Rep rep = new Rep();
                rep.add(s.launch(k, range, a));
                sim.read(out);
                timed.add(rep.stop());
            }
        }
        // verification against the reference, relative to each simulation's scale
        double maxErr = 0;
        int worst = -1;
        for (int i = 0; i < nsim; i++) {
            double e = Math.abs(out[i] - ref.values()[i]) / Math.max(ref.scale()[i], Double.MIN_NORMAL);
            if (!(e <= maxErr)) {   // NaN counts as the worst
                maxErr = Double.isNaN(e) ? Double.POSITIVE_INFINITY : e;
                worst = i;
            }
        }
        float[] sorted = out.clone();
        Arrays.sort(sorted);
        int rank = Quantile.rank(st.q(), nsim);
        double quantile = sorted[rank - 1];
        double refQuantile = Quantile.of(st.q(), ref.values());
        double maxScale = Arrays.stream(ref.scale()).max().orElse(1);
        double tol = tolerance(st.npos());
        String mismatch = null;
        if (maxErr > tol) {
            mismatch = "simulation[" + worst + "] = " + out[worst] + " differs from the double reference " + ref.values()[worst] + " by "
                    + String.format("%.3g", maxErr) + " of its scale " + String.format("%.6g", ref.scale()[worst])
                    + " (tolerance " + String.format("%.3g", tol) + " = (npos + 16)*2^-24)";
        } else if (Math.abs(quantile - refQuantile) > tol * maxScale) {
            mismatch = "quantile " + quantile + " differs from the reference quantile " + refQuantile + " by more than "
                    + String.format("%.3g", tol) + " of the scale " + maxScale;
        }
        double se = Quantile.standardError(st.q(), sorted);
        Map<String, Double> metrics = new LinkedHashMap<>();
        double work = Math.scalb((double) nsim * st.npos(), -20);
        Rep row = timed.row();
        metrics.put("mpps", row.kernelNanos() > 0 ? work / (row.kernelNanos() * 1e-9) : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled mpps", work / (row.modelledNanos() * 1e-9));
        metrics.put("VaR", ref.v0() - quantile);
        metrics.put("quantile", quantile);
        metrics.put("stderr", se);
        metrics.put("V0", ref.v0());
        metrics.put("nsim", (double) nsim);
        metrics.put("maxError", maxErr);
        metrics.put("tolerance", tol);
        Outcome o = Outcome.of(mismatch == null, mismatch, timed, metrics);
        return new Simulation(st, out, ref, quantile, maxErr, mismatch, o, timed.times());
    }

    /**
     * Inputs, portfolios and references of recent runs: a sweep changes the configuration but
     * mostly not the problem, and with the Philox option the reference depends on nsim only.
     */
    private static final class Cache {
        private final Map<String, VarInput> inputs = new LinkedHashMap<>();
        private final Map<List<Object>, VarInput.Portfolio> portfolios = lru(4);
        private final Map<List<Object>, VarModel.Reference> references = lru(8);

        private static <K, V> Map<K, V> lru(int max) {
            return new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<K, V> e) {
                    return size() > max;
                }
            };
        }

        synchronized VarInput input(String spec) {
            // a file is read again each time (it may have changed); the built-in one is kept
            if (!spec.equals("builtin")) return VarInput.load(spec);
            return inputs.computeIfAbsent(spec, VarInput::load);
        }

        synchronized VarInput.Portfolio portfolio(VarInput in, int npos) {
            return portfolios.computeIfAbsent(List.of(in, npos), k -> in.portfolio(npos));
        }

        synchronized VarModel.Reference reference(VarInput in, VarInput.Portfolio pf, Settings st, List<Mt607.Params> streams) {
            VarModel.Layout lay = st.layout();
            // Philox: only nsim matters; MT: the whole decomposition (stream per work-item)
            Object layoutKey = st.rng() == VarModel.Rng.PHILOX ? (Object) lay.nsim() : lay;
            List<Object> key = List.of(in, pf, st.rng(), st.seed(), layoutKey);
            VarModel.Reference r = references.get(key);
            if (r == null) {
                float[] z = VarModel.normals(st.rng(), st.seed0(), st.seed1(), lay, streams);
                r = VarModel.reference(in, pf, z);
                references.put(key, r);
            }
            return Objects.requireNonNull(r);
        }
    }

    // ---- tuning ---------------------------------------------------------------------------

    @Override
    public boolean hierarchicalByDefault() {
        return true;   // seed 000 defines var's tuning by the hierarchical method
    }

    @Override
    public String defaultTuningVariant() {
        return VarKernels.Variant.SINGLEBUFFER.label;
    }

    @Override
    public List<String> tunedParams() {
        return VarSpec.SPEC.tunedNames();
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("npos", Integer.toString(VarInput.DEFAULT_NPOS)).with("reps", "3");
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return VarTuning.tuning(this, session, variant, defaults().with(fixed), grid);
    }
}
