package dev.perfport.workloads.trsm;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Objective;
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
import dev.perfport.workloads.gemm.GemmSpec;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.Arrays;
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
    static final Knob<Integer> M = Knob.ints("m").atLeast(1).byDefault(256).help("A is m x m (lower triangular, non-unit), B and X are m x n");
    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefault(64).help("right-hand sides");
    static final Knob<Double> ALPHA = GemmSpec.ALPHA.help("the scalar of alpha*B");
    static final Knob<Integer> NB = Knob.ints("nb").range(1, 1024).orAuto().byDefaultText(Gemm.AUTO).grid(8, 16, 32, 64, 128).macro("NB").tunable()
            .help("diagonal block size = the inversion's work-group size; auto: the value 'perfport tune trsm' cached, else "
                    + nbFor(DeviceType.GPU) + " on GPUs, " + nbFor(DeviceType.CPU) + " otherwise");
    static final Spec SPEC = Spec.of(NAME)
            .seed("001")
            .description("A*X = alpha*B, A lower triangular (left, non-unit), float/double: inverted NB x NB diagonal blocks plus GEMM updates")
            .kernels(() -> Arrays.stream(Precision.values()).map(TrsmKernels::invert).toList())
            .variants(BLOCKED)
            .knobs(M, N, GemmSpec.TYPE, ALPHA, NB, GemmSpec.DIRECTMAX, GemmSpec.CONFIG).knobs(GemmSpec.KERNEL).knobs(GemmSpec.DIRECT_KERNEL)
            .knobs(GemmSpec.REPS, GemmSpec.SEED)
            .rules(Rule.of("matrix size", v -> (long) v.get(M) * Math.max(v.get(M), v.get(N)) <= Integer.MAX_VALUE / 2,
                            v -> "m=" + v.get(M) + " n=" + v.get(N) + " gives more than " + Integer.MAX_VALUE / 2 + " elements in a matrix"),
                    Rule.device("nb within the work-group limit", (v, d) -> v.or(NB, nbFor(d.type())) <= d.maxWorkGroupSize(),
                            (v, d) -> "nb = " + v.or(NB, nbFor(d.type())) + " exceeds the device's maximum work-group size " + d.maxWorkGroupSize()))
            .build();
    private static final Gemm GEMM = new Gemm();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 81;   // beside gemm, which it builds on
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, GemmSpec.TYPE, "float", "double");
    }

    /**
     * Checked mode's case: three blocks of 8 rows, the last one partial (m 21), where the second small case's five
     * blocks (m 37) took 13 s a type under Oclgrind on this repository's machines, among CI's slowest checked cases.
     */
    @Override
    public List<Params> checkedCases(String variant) {
        return List.of(Params.of("m", "21", "n", "5", "nb", "8", "alpha", "-0.75", "reps", "1"));
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
        Values v = SPEC.parse(params, variant);
        int m = v.get(M), n = v.get(N);
        Precision prec = Precision.of(v.get(GemmSpec.TYPE));
        double alpha = v.get(ALPHA);
        int reps = v.get(GemmSpec.REPS);
        int nb = v.or(NB, nbFor(d.type()));
        int directMax = GemmSpec.directMax(d, v);
        String source = TuningSupport.source(v.get(GemmSpec.CONFIG));
        if (GemmSpec.kernelGiven(v) && source.equals(TuningSupport.DEFAULT)) source = TuningSupport.GIVEN;
        GemmConfig cfg = GemmSpec.indirectConfig(d, v);
        DirectConfig dc = GemmSpec.directConfig(d, v);
        List<String> why = new ArrayList<>();
        if (nb > d.maxWorkGroupSize()) why.add("nb = " + nb + " work-items exceed the device's maximum work-group size " + d.maxWorkGroupSize());
        cfg.violations(d, prec.bytes()).forEach(w -> why.add("gemm: " + w));
        dc.violations(d, prec.bytes()).forEach(w -> why.add("gemm direct: " + w));
        Map<String, String> shown = new LinkedHashMap<>();
        for (Knob<?> key : List.of(M, N, GemmSpec.TYPE, ALPHA)) shown.put(key.name(), v.text(key));
        shown.put("nb", Integer.toString(nb));
        shown.put("directmax", Integer.toString(directMax));
        shown.put("config", source);
        cfg.values().forEach((k, x) -> shown.put(k, Integer.toString(x)));
        shown.put("wgd", Integer.toString(dc.wgd()));
        shown.put("mdimcd", Integer.toString(dc.mdimcd()));
        shown.put("ndimcd", Integer.toString(dc.ndimcd()));
        shown.put("reps", Integer.toString(reps));
        shown.put(GemmSpec.SEED.name(), v.text(GemmSpec.SEED));
        String refusal = why.isEmpty() ? null : "trsm configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
        return new Settings(m, n, prec, prec.round(alpha), nb, cfg, dc, directMax, reps, v.get(GemmSpec.SEED), shown, refusal);
    }

    /** Compute-bound in its precision. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute(GemmSpec.TYPE.parse(defaults().with(params).get(GemmSpec.TYPE.name()))));
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
             CompiledKernel inv = s.compile(TrsmKernels.invert(p), Constants.of(NB.macroName(), nb));
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
        double res = residual(a, b, x, m, n, alpha);
        double bound = 4.0 * (m + nb) * p.unitRoundoff;
        if (res <= bound) return null;
        return "relative residual ||A*X - alpha*B|| / (||A|| ||X|| + |alpha| ||B||) = " + res + " exceeds 4*(m+nb)*u = " + bound;
    }

    /**
     * {@return the normwise relative residual ‖A·X − alpha·B‖_F / (‖A‖_F·‖X‖_F + |alpha|·‖B‖_F) of a left-side lower
     * triangular solve, in double} Column-major: {@code a} is m×m, of which only the lower triangle is read;
     * {@code b} and {@code x} are m×n.
     */
    public static double residual(double[] a, double[] b, double[] x, int m, int n, double alpha) {
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
        return Math.sqrt(rr) / (Math.sqrt(aa) * Math.sqrt(xx) + Math.abs(alpha) * Math.sqrt(bb));
    }

    // ---- tuning: the block size ------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return BLOCKED;
    }

    @Override
    public List<String> tunedParams() {
        return SPEC.tunedNames();
    }

    @Override
    public Params tuningDefaults() {
        return defaults().with("m", "512").with("n", "64").with("reps", "2");
    }

    /** nb from the tuning cache (when {@code nb=auto}), and gemm's tuned configuration (when config=auto). */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        // gemm's knobs from gemm's cache, as a gemm of trsm's sizes would take them
        Params p = params.with(GEMM.withTuned(session, Gemm.INDIRECT, GemmSpec.SPEC.own(params), lookup));
        Values v = SPEC.parse(p, variant);
        Precision prec = Precision.of(v.get(GemmSpec.TYPE));
        if (v.given(NB).isPresent()) return p;
        var best = lookup.best(session, TrsmKernels.invert(prec).hash(), Map.of("type", prec.label, "variant", BLOCKED));
        Integer nb = best.map(b -> b.get(NB.name())).orElse(null);
        return nb == null ? p : p.with(NB.name(), Integer.toString(nb));
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        DeviceInfo dev = session.device();
        Settings base = settings(dev, variant, fixed);
        Space space = SPEC.space(SPEC.parse(fixed, variant), dev, grid);
        List<Integer> values = space.param(NB.name()).values();
        Objective objective = Objective.maximize(session.profile().hasModelledTime() ? "modelled GFLOP/s" : "GFLOP/s");
        int start = values.contains(nbFor(dev.type())) ? nbFor(dev.type()) : values.getFirst();
        Strategy.Hierarchical h = new Strategy.Hierarchical(Map.of("nb", start),
                List.of(new Strategy.Stage("block", List.of("nb"), new Strategy.Rule.Best())), null);
        Map<String, String> fx = new LinkedHashMap<>();
        for (Knob<?> key : List.of(M, N, GemmSpec.TYPE, ALPHA, GemmSpec.DIRECTMAX, GemmSpec.CONFIG, GemmSpec.REPS, GemmSpec.SEED)) {
            fx.put(key.name(), base.shown().get(key.name()));
        }
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tuning(space, objective,
                c -> Tunable.evaluate(() -> execute(session, settings(dev, variant, fixed.with(NB.name(), Integer.toString(c.get(NB.name()))))),
                        objective.metric()),
                h, TrsmKernels.invert(base.prec()).hash(), fx);
    }
}
