package dev.perfport.workloads.trsm;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.gemm.DirectConfig;
import dev.perfport.workloads.gemm.Gemm;
import dev.perfport.workloads.gemm.GemmConfig;
import dev.perfport.workloads.gemm.GemmRunner;
import dev.perfport.workloads.gemm.Precision;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * TRSM of seed 001 (Du et al. §3.1; CLBlast's Xtrsm, anchors-wave2 §1.4): solve A·X = alpha·B for
 * X, A m×m lower triangular with a non-unit diagonal on the left, B m×n, column-major, float or
 * double. Built on the GEMM of {@link Gemm}:
 * <ol>
 *   <li>{@code trsm.invert}: the NB×NB diagonal blocks D_i of A are inverted, one work-group each;</li>
 *   <li>for each block row i: X_i = alpha_i·inv(D_i)·B_i (a GEMM, alpha_0 = alpha, then 1), then the
 *       rows below are updated, B_r = beta_i·B_r − A_ri·X_i (a GEMM, beta_0 = alpha, then 1).</li>
 * </ol>
 * Each GEMM takes gemm's direct or indirect path by gemm's switch-over ({@code directmax}), with
 * gemm's configuration: the one {@code perfport tune gemm} cached for the device when there is one
 * ({@code config=tuned}), else the device type's default, or the parameters given. The block size
 * {@code nb} is tuned by {@code perfport tune trsm}. The row counts the launches and host
 * synchronisations of one solve (every DeviceSession launch is synchronous, so each launch is a
 * host synchronisation; 1 + per block row 1 or 2 GEMMs of 1 launch (direct) or 4–5 (indirect)).
 * GFLOP/s = m²·n / kernel time (the standard count for a left-side solve; seed-001 F2).
 *
 * <p><b>Check.</b> The normwise relative residual ‖A·X − alpha·B‖_F / (‖A‖_F·‖X‖_F + |alpha|·‖B‖_F),
 * computed in double on the host, must be at most 4·(m + nb)·u (u the unit roundoff). A is
 * diagonally dominant (off-diagonal entries uniform in [−1, 1), diagonal entries ±(m/2 + 1 +
 * uniform [0, 1))), so the diagonal blocks are well conditioned and inversion-based TRSM is stable
 * on it; a lost or wrong block leaves a residual of order one. The strictly upper triangle of A is
 * NaN: a kernel that reads it poisons the result.
 */
@AutoService(Workload.class)
public final class Trsm implements Workload, Tunable {
    public static final String NAME = "trsm";
    public static final String BLOCKED = "blocked";
    static final int MAX_REPS = 1000;
    static final List<Integer> NB_GRID = List.of(8, 16, 32, 64, 128);
    private static final Gemm GEMM = new Gemm();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int order() {
        return 81;   // beside gemm, which it builds on
    }

    @Override
    public String seed() {
        return "001";
    }

    @Override
    public String description() {
        return "A*X = alpha*B, A lower triangular (left, non-unit), float/double: inverted NB x NB diagonal blocks plus GEMM updates";
    }

    @Override
    public List<String> variants() {
        return List.of(BLOCKED);
    }

    @Override
    public Params defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("m", "256");
        m.put("n", "64");
        m.put("type", "float");
        m.put("alpha", "1.5");
        m.put("nb", Gemm.AUTO);
        Gemm.putGemmDefaults(m);
        m.put("reps", "3");
        m.put("seed", "42");
        return Params.of(m);
    }

    @Override
    public List<String> paramHelp() {
        return List.of("m: A is m x m (lower triangular, non-unit), B and X are m x n; n: right-hand sides",
                "type: float or double; compare runs both unless given",
                "alpha: the scalar of alpha*B",
                "nb: diagonal block size = the inversion's work-group size (auto: the value 'perfport tune trsm' cached, else "
                        + nbFor(DeviceType.GPU) + " GPU, " + nbFor(DeviceType.CPU) + " otherwise)",
                "directmax, config, mwg ... sb, wgd, mdimcd, ndimcd: the GEMM's, as for gemm (config=auto takes gemm's tuned configuration)",
                "reps: repetitions, 1.." + MAX_REPS + "; timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)",
                "seed: input generator seed");
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Gemm.bothTypes(defaults().with(overrides), overrides);
    }

    @Override
    public List<KernelDef> kernels() {
        List<KernelDef> l = new ArrayList<>();
        for (Precision p : Precision.values()) l.add(TrsmKernels.invert(p));
        return l;
    }

    /** Odd sizes, a partial last block, both GEMM paths (directmax 0 forces the indirect one). */
    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("m", "1", "n", "1", "nb", "8", "reps", "1"),
                Params.of("m", "37", "n", "5", "nb", "8", "alpha", "-0.75", "reps", "1"),
                Params.of("m", "50", "n", "9", "nb", "16", "directmax", "0", "reps", "1"));
    }

    static int nbFor(DeviceType t) {
        return t == DeviceType.GPU ? 64 : 32;
    }

    /** The validated settings of one run. */
    record Settings(int m, int n, Precision prec, double alpha, int nb, GemmConfig cfg, DirectConfig dc, int directMax, int reps,
                    long seed, Map<String, String> shown, String refusal) {
    }

    Settings settings(DeviceInfo d, String variant, Params params) {
        if (!variants().contains(variant)) {
            throw new ConfigException("unknown variant '" + variant + "' of trsm; variants: " + String.join(", ", variants()));
        }
        Params p = defaults().with(params);
        int m = p.getInt("m"), n = p.getInt("n");
        if (m < 1 || n < 1) throw new ConfigException("m and n must be >= 1, got m=" + m + " n=" + n);
        if ((long) m * m > Integer.MAX_VALUE / 2 || (long) m * n > Integer.MAX_VALUE / 2) {
            throw new ConfigException("m=" + m + " n=" + n + " gives more than " + Integer.MAX_VALUE / 2 + " elements in a matrix");
        }
        Precision prec = Precision.of(p.get("type"));
        if (prec == null) throw new ConfigException("type must be float or double, got '" + p.get("type") + "'");
        double alpha = p.getDouble("alpha");
        if (!Double.isFinite(alpha)) throw new ConfigException("alpha must be finite");
        int reps = p.getInt("reps");
        if (reps < 1 || reps > MAX_REPS) throw new ConfigException("reps must be in [1, " + MAX_REPS + "], got " + reps);
        int nb = p.get("nb").equals(Gemm.AUTO) ? nbFor(d.type()) : p.getInt("nb");
        if (nb < 1 || nb > 1024) throw new ConfigException("nb must be in [1, 1024], got " + nb);
        int directMax = Gemm.directMax(d, p);
        String source = TuningSupport.source(p.get("config"));
        for (String name : GemmConfig.NAMES) if (!p.get(name).equals(Gemm.AUTO) && source.equals(TuningSupport.DEFAULT)) source = TuningSupport.GIVEN;
        GemmConfig cfg = Gemm.indirectConfig(d, p);
        DirectConfig dc = Gemm.directConfig(d, p);
        List<String> why = new ArrayList<>();
        if (nb > d.maxWorkGroupSize()) why.add("nb = " + nb + " work-items exceed the device's maximum work-group size " + d.maxWorkGroupSize());
        cfg.violations(d, prec.bytes()).forEach(v -> why.add("gemm: " + v));
        dc.violations(d, prec.bytes()).forEach(v -> why.add("gemm direct: " + v));
        Map<String, String> shown = new LinkedHashMap<>();
        for (String key : List.of("m", "n", "type", "alpha")) shown.put(key, p.get(key));
        shown.put("nb", Integer.toString(nb));
        shown.put("directmax", Integer.toString(directMax));
        shown.put("config", source);
        cfg.values().forEach((k, x) -> shown.put(k, Integer.toString(x)));
        shown.put("wgd", Integer.toString(dc.wgd()));
        shown.put("mdimcd", Integer.toString(dc.mdimcd()));
        shown.put("ndimcd", Integer.toString(dc.ndimcd()));
        shown.put("reps", Integer.toString(reps));
        shown.put("seed", p.get("seed"));
        String refusal = why.isEmpty() ? null : "trsm configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
        return new Settings(m, n, prec, prec.round(alpha), nb, cfg, dc, directMax, reps, p.getLong("seed"), shown, refusal);
    }

    /** Compute-bound in its precision. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute(defaults().with(params).get("type")));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Settings st = settings(s.device(), variant, params);
        return Runs.run(s, NAME, variant, Params.of(st.shown()), () -> execute(s, st));
    }

    Outcome execute(DeviceSession s, Settings st) {
        if (st.refusal() != null) throw new InvalidLaunchException(st.refusal());
        Precision p = st.prec();
        int m = st.m(), n = st.n(), nb = st.nb(), blocks = (m + nb - 1) / nb;
        s.cannotRun(TrsmKernels.invert(p)).ifPresent(why -> {
            throw new UnsupportedFeatureException("trsm cannot run on " + s.backendId() + ": " + why);
        });
        double[] a = matrixA(m, p, st.seed());
        double[] b = uniform(new SplittableRandom(st.seed() + 1), (long) m * n, p);
        Object result = p.array(new double[m * n]);
        Reps timed = Reps.of(st.reps());
        String mismatch = null;
        long launches = 0;
        try (DeviceBuffer ad = s.upload(p.array(a)); DeviceBuffer bd = s.allocate(p.elem, (long) m * n);
             DeviceBuffer xd = s.allocate(p.elem, (long) m * n); DeviceBuffer dinv = s.allocate(p.elem, (long) blocks * nb * nb);
             CompiledKernel inv = s.compile(TrsmKernels.invert(p), Constants.of("NB", nb));
             GemmRunner g = new GemmRunner(s, p, st.cfg(), st.dc(), st.directMax(), m, n, nb)) {
            g.checkRunnable("trsm's gemm");
            Object b0 = p.array(b);
            while (timed.more() && mismatch == null) {
                bd.write(b0);   // B is the work space of the updates
                Rep rep = new Rep();
                int before = g.launches();
                // the inversion and every block's two GEMMs as one launch sequence: a route that submits it
                // together keeps B, X and the inverses on the device between launches (TornadoVM: one task graph)
                g.runSequence(rep, List.of(LaunchStep.of(inv, NDRange.of((long) blocks * nb, nb), ad, dinv, m, m)), () -> {
                    for (int i = 0; i < blocks; i++) {
                        int o = i * nb, h = Math.min(nb, m - o), rest = m - o - h;
                        double scale = i == 0 ? st.alpha() : 1.0;
                        // X_i = scale · inv(D_i) · B_i
                        g.run(rep, dinv, i * nb * nb, 1, nb, bd, o, 1, m, xd, o, 1, m, h, n, h, scale, 0.0);
                        // B_rest = scale · B_rest − A(rest, i) · X_i
                        if (rest > 0) g.run(rep, ad, (o + h) + o * m, 1, m, xd, o, 1, m, bd, o + h, 1, m, rest, n, h, -1.0, scale);
                    }
                });
                launches = 1 + g.launches() - before;
                xd.read(result);
                timed.add(rep.stop());
                mismatch = check(a, b, Precision.doubles(result), m, n, st.alpha(), nb, p);
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        double flops = (double) m * m * n;
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? flops / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", flops / row.modelledNanos());
        Map<String, Long> counters = new java.util.TreeMap<>(row.counters());
        counters.put("launches", launches);
        // a route that submits the sequence together says how often it waited; the others wait once a launch
        counters.putIfAbsent(Counters.HOST_SYNCS, launches);
        return new Outcome(mismatch == null, mismatch, row.wallNanos(), row.kernelNanos(), row.modelledNanos(), metrics, counters, timed.timing());
    }

    /** Column-major m×m: lower triangle as described in the class comment, NaN above the diagonal. */
    static double[] matrixA(int m, Precision p, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = new double[m * m];
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < m; i++) {
                double v;
                if (i < j) v = Double.NaN;
                else if (i > j) v = r.nextDouble(-1, 1);
                else v = (r.nextBoolean() ? 1 : -1) * (m / 2.0 + 1 + r.nextDouble());
                a[i + j * m] = p.round(v);
            }
        }
        return a;
    }

    private static double[] uniform(SplittableRandom r, long len, Precision p) {
        double[] x = new double[(int) len];
        for (int i = 0; i < x.length; i++) x[i] = p.round(r.nextDouble(-1, 1));
        return x;
    }

    /** Null when the residual is within the bound (class comment), else what is wrong. */
    static String check(double[] a, double[] b, double[] x, int m, int n, double alpha, int nb, Precision p) {
        double rr = 0, aa = 0, xx = 0, bb = 0;
        for (int j = 0; j < m; j++) for (int i = j; i < m; i++) aa += a[i + j * m] * a[i + j * m];
        for (int c = 0; c < n; c++) {
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int k = 0; k <= i; k++) s += a[i + k * m] * x[k + c * m];
                double ri = s - alpha * b[i + c * m];
                rr += ri * ri;
                xx += x[i + c * m] * x[i + c * m];
                bb += b[i + c * m] * b[i + c * m];
            }
        }
        double res = Math.sqrt(rr) / (Math.sqrt(aa) * Math.sqrt(xx) + Math.abs(alpha) * Math.sqrt(bb));
        double bound = 4.0 * (m + nb) * p.unitRoundoff;
        if (res <= bound) return null;
        return "relative residual ||A*X - alpha*B|| / (||A|| ||X|| + |alpha| ||B||) = " + res + " exceeds 4*(m+nb)*u = " + bound;
    }

    // ---- tuning: the block size ------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return BLOCKED;
    }

    @Override
    public List<String> tunedParams() {
        return List.of("nb");
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("m", "512").with("n", "64").with("reps", "2");
    }

    /** nb from the tuning cache (when {@code nb=auto}), and gemm's tuned configuration (when config=auto). */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        Params p = GEMM.withTuned(session, Gemm.INDIRECT, params, lookup);
        Params all = defaults().with(p);
        Precision prec = Precision.of(all.get("type"));
        if (prec == null || !all.get("nb").equals(Gemm.AUTO)) return p;
        var best = lookup.best(session, TrsmKernels.invert(prec).hash(), Map.of("type", prec.label, "variant", BLOCKED));
        if (best.isEmpty() || !best.get().containsKey("nb")) return p;
        return p.with("nb", Integer.toString(best.get().get("nb")));
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        DeviceInfo dev = session.device();
        Settings base = settings(dev, variant, fixed);
        for (String k : grid.keySet()) {
            if (!k.equals("nb")) throw new ConfigException("'" + k + "' is not a tuned parameter of trsm; tuned: nb");
        }
        List<Integer> values = grid.getOrDefault("nb", NB_GRID);
        Param nbParam;
        try {
            nbParam = new Param("nb", values);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        Space space = new Space(List.of(nbParam), List.of(Constraint.of("nb within the work-group limit",
                c -> c.get("nb") <= dev.maxWorkGroupSize(),
                c -> "nb = " + c.get("nb") + " exceeds the device's maximum work-group size " + dev.maxWorkGroupSize())));
        Objective objective = Objective.maximize(session.profile().hasModelledTime() ? "modelled GFLOP/s" : "GFLOP/s");
        int start = values.contains(nbFor(dev.type())) ? nbFor(dev.type()) : values.getFirst();
        Strategy.Hierarchical h = new Strategy.Hierarchical(Map.of("nb", start),
                List.of(new Strategy.Stage("block", List.of("nb"), new Strategy.Rule.Best())), null);
        Map<String, String> fx = new LinkedHashMap<>();
        for (String key : List.of("m", "n", "type", "alpha", "directmax", "config", "reps", "seed")) fx.put(key, base.shown().get(key));
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tuning(space, objective,
                c -> Tunable.evaluate(() -> execute(session, settings(dev, variant, fixed.with("nb", Integer.toString(c.get("nb"))))),
                        objective.metric()),
                h, TrsmKernels.invert(base.prec()).hash(), fx);
    }
}
