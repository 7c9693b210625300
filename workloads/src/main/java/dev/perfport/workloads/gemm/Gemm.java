package dev.perfport.workloads.gemm;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import static dev.perfport.workloads.gemm.GemmSpec.SPEC;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GEMM of seed 001 (Du et al. 2011; CLBlast's Xgemm as the modern parameter superset):
 * C = alpha·op(A)·op(B) + beta·C for any M, N, K, in float or double, column- or row-major, A
 * and B each plain or transposed.
 *
 * <p>Variants (the paths of CLBlast, anchors-wave2 §1.2):
 * <ul>
 *   <li>{@code indirect}: pad/copy kernels bring op(A), op(B) and C to tile multiples in the
 *       packed layouts of the fast kernel {@code gemm_xgemm} (GemmConfig's 15 parameters), which
 *       then runs on whole tiles; a last kernel copies C back into the user's layout;</li>
 *   <li>{@code direct}: one bounds-checked kernel on the user's matrices (DirectConfig);</li>
 *   <li>{@code auto}: direct when m·n·k &lt; directmax³, else indirect; {@code directmax} is the
 *       switch-over: the one {@code perfport tune gemm --variant auto} cached for the device, else
 *       per device type.</li>
 * </ul>
 * Kernel parameters left at {@code auto} take the device type's default ({@link GemmConfig#defaultFor});
 * a configuration that breaks a constraint is refused before compiling with every reason.
 * An operand that already is in its packed form at tile multiples (col-major A, col-major B stored
 * transposed, col-major C; the row's {@code copies} names those that are not) is used in place.
 * The row's kernel time covers every kernel of the path (pad, xgemm, unpad), not the host
 * copies; {@code GFLOP/s} = 2·m·n·k / kernel time. Verification: {@link GemmProblem#check}.
 */
@AutoService(Workload.class)
public final class Gemm implements Workload, Tunable {
    public static final String NAME = "gemm";
    public static final String AUTO = "auto";
    public static final String INDIRECT = "indirect";
    public static final String DIRECT = "direct";
    /** Local size of the pad/unpad copies. */
    static final int COPY_WG = 8;

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 80;
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, GemmSpec.TYPE, "float", "double");
    }

    /**
     * Checked mode: the second small case, and on the indirect path a double-buffered one: three 8-deep k-tiles over
     * 3×2 groups of 4×4 work-items, so each group's halves swap twice across its single barriers.
     */
    @Override
    public List<Params> checkedCases(String variant) {
        List<Params> cases = new ArrayList<>(Workload.super.checkedCases(variant));
        if (variant.equals(INDIRECT)) {
            cases.add(Params.of("m", "20", "n", "12", "k", "24", "transb", "t", "mwg", "8", "nwg", "8", "kwg", "8", "mdimc", "4",
                    "ndimc", "4", "mdima", "4", "ndimb", "4", "kwi", "2", "vwm", "1", "vwn", "1", "strm", "1", "strn", "0", "sa", "1",
                    "sb", "1", "db", "1", "reps", "1"));
        }
        return cases;
    }

    /** Odd sizes, both layouts, transpositions, beta = 0; float and double each (compareCases). */
    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("m", "1", "n", "1", "k", "1", "reps", "1"),
                Params.of("m", "7", "n", "5", "k", "3", "layout", "row", "transa", "t", "reps", "1"),
                Params.of("m", "33", "n", "17", "k", "65", "transb", "t", "beta", "0", "alpha", "-0.75", "reps", "1"));
    }

    /** The validated settings of one run. */
    record Settings(GemmProblem problem, String path, GemmConfig config, DirectConfig direct, int reps, Map<String, String> shown,
                    String refusal) {
    }

    Settings settings(DeviceInfo d, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int m = v.get(GemmSpec.M), n = v.get(GemmSpec.N), k = v.get(GemmSpec.K);
        Precision prec = Precision.of(v.get(GemmSpec.TYPE));
        boolean row = v.get(GemmSpec.LAYOUT).equals("row");
        boolean ta = v.get(GemmSpec.TRANSA).equalsIgnoreCase("t"), tb = v.get(GemmSpec.TRANSB).equalsIgnoreCase("t");
        int reps = v.get(GemmSpec.REPS);
        int directMax = GemmSpec.directMax(d, v);

        String path = switch (variant) {
            case INDIRECT -> INDIRECT;
            case DIRECT -> DIRECT;
            default -> (double) m * n * k < Math.pow(directMax, 3) ? DIRECT : INDIRECT;
        };
        GemmConfig cfg = null;
        DirectConfig dc = null;
        String refusal = null;
        Map<String, String> shown = new LinkedHashMap<>();
        for (Knob<?> key : List.of(GemmSpec.M, GemmSpec.N, GemmSpec.K, GemmSpec.TYPE, GemmSpec.LAYOUT, GemmSpec.TRANSA, GemmSpec.TRANSB,
                GemmSpec.ALPHA, GemmSpec.BETA)) {
            shown.put(key.name(), v.text(key));
        }
        if (variant.equals(AUTO)) shown.put(GemmSpec.DIRECTMAX.name(), Integer.toString(directMax));
        shown.put("path", path);
        String source = TuningSupport.source(v.get(GemmSpec.CONFIG));
        if (path.equals(INDIRECT)) {
            cfg = GemmSpec.indirectConfig(d, v);
            if (GemmSpec.kernelGiven(v) && source.equals(TuningSupport.DEFAULT)) source = TuningSupport.GIVEN;
            shown.put(GemmSpec.CONFIG.name(), source);
            List<String> why = cfg.violations(d, prec.bytes());
            if (!why.isEmpty()) refusal = "gemm configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
            cfg.values().forEach((key, x) -> shown.put(key, Integer.toString(x)));
            if (why.isEmpty()) {
                String padded = cfg.paddedViolation(m, n, k);
                if (padded != null) throw new ConfigException(padded);
                String global = cfg.globalMemoryViolation(d, prec.bytes(), m, n, k);
                if (global != null) refusal = "gemm configuration refused before compiling on " + d.name() + ": " + global;
            }
        } else {
            dc = GemmSpec.directConfig(d, v);
            List<String> why = dc.violations(d, prec.bytes());
            if (!why.isEmpty()) refusal = "gemm direct configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
            shown.put("wgd", Integer.toString(dc.wgd()));
            shown.put("mdimcd", Integer.toString(dc.mdimcd()));
            shown.put("ndimcd", Integer.toString(dc.ndimcd()));
        }
        shown.put(GemmSpec.REPS.name(), Integer.toString(reps));
        shown.put(GemmSpec.SEED.name(), v.text(GemmSpec.SEED));
        GemmProblem prob = GemmProblem.generate(m, n, k, prec, row, ta, tb, v.get(GemmSpec.ALPHA), v.get(GemmSpec.BETA), v.get(GemmSpec.SEED));
        if (cfg != null && refusal == null) shown.put("copies", copies(prob, cfg));
        return new Settings(prob, path, cfg, dc, reps, shown, refusal);
    }

    static long roundUp(long x, long to) {
        return (x + to - 1) / to * to;
    }

    /** Compute-bound in its precision: 2·m·n·k flops. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute(GemmSpec.TYPE.parse(defaults().with(params).get(GemmSpec.TYPE.name()))));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Settings st = settings(s.device(), variant, params);
        return Runs.run(s, NAME, variant, Params.of(st.shown()), () -> execute(s, st));
    }

    /** Runs and verifies one configuration; the outcome of its timed repetitions. */
    Outcome execute(DeviceSession s, Settings st) {
        // a configuration that breaks a device constraint: the row says why, nothing is compiled
        if (st.refusal() != null) throw new InvalidLaunchException(st.refusal());
        GemmProblem pr = st.problem();
        Precision p = pr.precision();
        boolean direct = st.path().equals(DIRECT);
        for (KernelDef def : GemmRunner.kernels(p, direct)) {
            // no silent fallback: a route without an implementation of a kernel of this path says which
            s.cannotRun(def).ifPresent(why -> {
                throw new UnsupportedFeatureException("gemm " + st.path() + " cannot run on " + s.backendId() + ": " + why);
            });
        }
        Object cInit = pr.typed(pr.c0());
        if (pr.beta() == 0) {
            // beta = 0: C is not read (BLAS), so start from NaN: an element the kernels skip fails the check
            double[] nan = new double[pr.c0().length];
            java.util.Arrays.fill(nan, Double.NaN);
            cInit = pr.typed(nan);
        }
        Object result = pr.typed(new double[pr.c0().length]);
        Reps timed = Reps.of(st.reps());
        String mismatch = null;
        double[] verified = null;
        int m = pr.m(), n = pr.n(), k = pr.k();
        try (DeviceBuffer a = s.upload(pr.typed(pr.a())); DeviceBuffer b = s.upload(pr.typed(pr.b()));
             DeviceBuffer c = s.upload(cInit);
             GemmRunner g = direct ? new GemmRunner(s, p, null, st.direct(), 0, m, n, k) : new GemmRunner(s, p, st.config(), null, 0, m, n, k)) {
            while (timed.more() && mismatch == null) {
                c.write(cInit);
                Rep rep = new Rep();
                g.run(rep, a, 0, pr.asi(), pr.ask(), b, 0, pr.bsk(), pr.bsj(), c, 0, pr.csi(), pr.csj(), m, n, k, pr.alpha(), pr.beta());
                c.read(result);
                timed.add(rep.stop());
                // a repetition bit-identical to a verified one needs no second reference (minutes at 4096^3)
                double[] got = Precision.doubles(result);
                if (verified != null && java.util.Arrays.equals(got, verified)) continue;
                mismatch = pr.check(got);
                if (mismatch == null) verified = got.clone();
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        Rep row = timed.row();
        metrics.put("GFLOP/s", row.kernelNanos() > 0 ? pr.flops() / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled GFLOP/s", pr.flops() / row.modelledNanos());
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    /** The operands the indirect path copies into packed form ("none" when all three are used in place). */
    static String copies(GemmProblem pr, GemmConfig cfg) {
        int mp = (int) roundUp(pr.m(), cfg.mwg()), np = (int) roundUp(pr.n(), cfg.nwg()), kp = cfg.paddedK(pr.k());
        List<String> l = new java.util.ArrayList<>();
        if (!packed(pr.m(), pr.k(), mp, kp, pr.asi(), pr.ask())) l.add("a");
        if (!packed(pr.n(), pr.k(), np, kp, pr.bsj(), pr.bsk())) l.add("b");
        if (!packed(pr.m(), pr.n(), mp, np, pr.csi(), pr.csj())) l.add("c");
        return l.isEmpty() ? "none" : String.join("+", l);
    }

    /** Whether a stored X×Y operand with strides (sx, sy) already is the packed W×H plane (x fastest). */
    public static boolean packed(int x, int y, int w, int h, int sx, int sy) {
        return x == w && y == h && sx == 1 && sy == w;
    }

    // ---- tuning -----------------------------------------------------------------------------

    @Override
    public List<Map<String, Integer>> knownGood(DeviceInfo device, String variant) {
        return variant.equals(INDIRECT) ? GemmTuning.knownGood(device) : List.of();
    }

    @Override
    public String defaultTuningVariant() {
        return INDIRECT;
    }

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
        return defaults().with("m", "256").with("n", "256").with("k", "256").with("reps", "2");
    }

    /**
     * Fills in the indirect kernel's parameters from the tuning cache: when {@code config=auto} and
     * none of them is given, the best result cached for this backend, device fingerprint, kernel and
     * type (whatever sizes it was tuned at); the row then shows {@code config=tuned}.
     */
    /**
     * Fills in the indirect kernel's parameters from the tuning cache: when {@code config=auto} and
     * none of them is given, the best result cached for this backend, device fingerprint, kernel and
     * type (whatever sizes it was tuned at); the row then shows where it came from.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, dev.perfport.workloads.TunedLookup lookup) {
        Values v = SPEC.parse(params, variant);
        Precision prec = Precision.of(v.get(GemmSpec.TYPE));
        if (variant.equals(AUTO) && v.given(GemmSpec.DIRECTMAX).isEmpty()) {
            // the switch-over 'tune gemm --variant auto' cached for this device and type
            var sw = lookup.best(session, GemmTuning.switchHash(prec), Map.of("type", prec.label, "variant", AUTO));
            Integer dm = sw.map(x -> x.get(GemmSpec.DIRECTMAX.name())).orElse(null);
            if (dm != null) params = params.with(GemmSpec.DIRECTMAX.name(), Integer.toString(dm));
        }
        if (variant.equals(DIRECT) || !TuningSupport.takesCache(v, GemmSpec.KERNEL)) return params;
        boolean required = TuningSupport.required(v.get(GemmSpec.CONFIG));
        var pick = lookup.pick(session, NAME, GemmKernels.xgemm(prec).hash(), Map.of("type", prec.label, "variant", INDIRECT),
                Map.of("m", v.text(GemmSpec.M), "n", v.text(GemmSpec.N), "k", v.text(GemmSpec.K)));
        if (pick.isEmpty() || !GemmConfig.complete(pick.get().knobs()) || (required && !pick.get().source().equals(TuningSupport.CACHE))) {
            if (required) throw TuningSupport.noPick("gemm indirect, type " + prec.label);
            return params.with(GemmSpec.CONFIG.name(), TuningSupport.DEFAULT);
        }
        return GemmConfig.withValues(params.with(GemmSpec.CONFIG.name(), pick.get().source()), pick.get().knobs());
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return GemmTuning.tuning(this, session, variant, fixed, grid);
    }

}
