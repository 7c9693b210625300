package dev.perfport.workloads.gemm;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GEMM of seed 001 (Du et al. 2011; CLBlast's Xgemm as the modern parameter superset):
 * C = alpha·op(A)·op(B) + beta·C for any M, N, K, in float or double, column- or row-major, A
 * and B each plain or transposed.
 *
 * <p>Variants (the paths of CLBlast, anchors-wave2 §1.2):
 * <ul>
 *   <li>{@code indirect}: pad/copy kernels bring op(A), op(B) and C to tile multiples in the
 *       packed layouts of the fast kernel {@code gemm_xgemm} (GemmConfig's 14 parameters), which
 *       then runs on whole tiles; a last kernel copies C back into the user's layout;</li>
 *   <li>{@code direct}: one bounds-checked kernel on the user's matrices (DirectConfig);</li>
 *   <li>{@code auto}: direct when m·n·k &lt; directmax³, else indirect; {@code directmax} is the
 *       switch-over, per device type by default ("tuned per device" is still to come).</li>
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
    /** Value of {@code config} in a row whose kernel parameters came from the tuning cache. */
    public static final String TUNED = "tuned";
    public static final int MAX_REPS = 1000;
    /** Local size of the pad/unpad copies. */
    static final int COPY_WG = 8;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int order() {
        return 80;
    }

    @Override
    public String seed() {
        return "001";
    }

    @Override
    public String description() {
        return "C = alpha*op(A)*op(B) + beta*C, float/double, any m, n, k, col/row-major, A/B transposed; "
                + "indirect (pad + CLBlast-style tiled kernel), direct, auto";
    }

    @Override
    public List<String> variants() {
        return List.of(AUTO, INDIRECT, DIRECT);
    }

    @Override
    public Params defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("m", "256");
        m.put("n", "256");
        m.put("k", "256");
        m.put("type", "float");
        m.put("layout", "col");
        m.put("transa", "n");
        m.put("transb", "n");
        m.put("alpha", "1.5");
        m.put("beta", "0.5");
        m.put("directmax", AUTO);
        m.put("config", AUTO);
        for (String p : GemmConfig.NAMES) m.put(p, AUTO);
        for (String p : List.of("wgd", "mdimcd", "ndimcd")) m.put(p, AUTO);
        m.put("reps", "3");
        m.put("seed", "42");
        return Params.of(m);
    }

    @Override
    public List<String> paramHelp() {
        return List.of("m, n, k: C is m x n, op(A) m x k, op(B) k x n; any sizes >= 1",
                "type: float or double (double needs fp64 on the device); compare runs both unless given",
                "layout: col (column-major, BLAS) or row (row-major), for A, B and C",
                "transa, transb: n (as stored) or t (transposed: A stored k x m, B stored n x k)",
                "alpha, beta: the scalars; beta = 0 never reads C",
                "directmax: auto uses the direct kernel when m*n*k < directmax^3 (CLBlast's XGEMM_MIN_INDIRECT_SIZE); auto = per device type ("
                        + directMaxFor(DeviceType.GPU) + " GPU, " + directMaxFor(DeviceType.CPU) + " otherwise)",
                "config: auto = the best configuration 'perfport tune gemm' cached for this device and type (any sizes), else the device type's default; "
                        + "default = the device type's default even when tuned",
                "mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, kwi, vwm, vwn, strm, strn, sa, sb: the indirect kernel's CLBlast parameters "
                        + "(MWG ... SB); any given here override config",
                "wgd, mdimcd, ndimcd: the direct kernel's tile and threads (auto = per device type)",
                "reps: repetitions, 1.." + MAX_REPS + "; the row reports the fastest",
                "seed: input generator seed");
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(overrides);
        if (overrides.has("type")) return List.of(base);
        return List.of(base.with("type", "float"), base.with("type", "double"));
    }

    @Override
    public List<KernelDef> kernels() {
        List<KernelDef> l = new java.util.ArrayList<>();
        for (Precision p : Precision.values()) {
            l.addAll(List.of(GemmKernels.pad(p), GemmKernels.xgemm(p), GemmKernels.unpad(p), GemmKernels.direct(p)));
        }
        return l;
    }

    /** Aparapi and TornadoVM kernels of GEMM are not written yet (issue 13). */
    @Override
    public boolean hasRouteNativeKernels() {
        return false;
    }

    /** Odd sizes, both layouts, transpositions, beta = 0; float and double each (compareCases). */
    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("m", "1", "n", "1", "k", "1", "reps", "1"),
                Params.of("m", "7", "n", "5", "k", "3", "layout", "row", "transa", "t", "reps", "1"),
                Params.of("m", "33", "n", "17", "k", "65", "transb", "t", "beta", "0", "alpha", "-0.75", "reps", "1"));
    }

    static int directMaxFor(DeviceType t) {
        return t == DeviceType.GPU ? 384 : 128;
    }

    /** The validated settings of one run. */
    record Settings(GemmProblem problem, String path, GemmConfig config, DirectConfig direct, int reps, Map<String, String> shown,
                    String refusal) {
    }

    Settings settings(DeviceInfo d, String variant, Params params) {
        if (!variants().contains(variant)) {
            throw new ConfigException("unknown variant '" + variant + "' of gemm; variants: " + String.join(", ", variants()));
        }
        Params p = defaults().with(params);
        int m = p.getInt("m"), n = p.getInt("n"), k = p.getInt("k");
        Precision prec = Precision.of(p.get("type"));
        if (prec == null) throw new ConfigException("type must be float or double, got '" + p.get("type") + "'");
        boolean row = switch (p.get("layout")) {
            case "row" -> true;
            case "col" -> false;
            default -> throw new ConfigException("layout must be col or row, got '" + p.get("layout") + "'");
        };
        boolean ta = trans(p, "transa"), tb = trans(p, "transb");
        double alpha = p.getDouble("alpha"), beta = p.getDouble("beta");
        if (!Double.isFinite(alpha) || !Double.isFinite(beta)) throw new ConfigException("alpha and beta must be finite");
        int reps = p.getInt("reps");
        if (reps < 1 || reps > MAX_REPS) throw new ConfigException("reps must be in [1, " + MAX_REPS + "], got " + reps);
        int directMax = p.get("directmax").equals(AUTO) ? directMaxFor(d.type()) : p.getInt("directmax");
        if (directMax < 0) throw new ConfigException("directmax must be >= 0, got " + directMax);
        GemmProblem.checkSizes(m, n, k);

        String path = switch (variant) {
            case INDIRECT -> INDIRECT;
            case DIRECT -> DIRECT;
            default -> (double) m * n * k < Math.pow(directMax, 3) ? DIRECT : INDIRECT;
        };
        GemmConfig cfg = null;
        DirectConfig dc = null;
        String refusal = null;
        Map<String, String> shown = new LinkedHashMap<>();
        for (String key : List.of("m", "n", "k", "type", "layout", "transa", "transb", "alpha", "beta")) shown.put(key, p.get(key));
        if (variant.equals(AUTO)) shown.put("directmax", Integer.toString(directMax));
        shown.put("path", path);
        String source = switch (p.get("config")) {
            case AUTO, "default" -> "default";
            case TUNED -> TUNED;
            default -> throw new ConfigException("config must be auto or default, got '" + p.get("config") + "'");
        };
        if (path.equals(INDIRECT)) {
            Map<String, Integer> v = new LinkedHashMap<>(GemmConfig.defaultFor(d).values());
            for (String name : GemmConfig.NAMES) {
                if (!p.get(name).equals(AUTO)) {
                    v.put(name, p.getInt(name));
                    if (!source.equals(TUNED)) source = "given";
                }
            }
            shown.put("config", source);
            cfg = GemmConfig.of(v);
            List<String> why = cfg.violations(d, prec.bytes());
            if (!why.isEmpty()) refusal = "gemm configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
            v.forEach((key, x) -> shown.put(key, Integer.toString(x)));
            if (why.isEmpty()) {
                long mp = roundUp(m, cfg.mwg()), np = roundUp(n, cfg.nwg()), kp = roundUp(k, cfg.kwg());
                for (long e : new long[]{mp * kp, kp * np, mp * np}) {
                    if (e > GemmProblem.MAX_ELEMENTS) throw new ConfigException("padded matrices of " + e + " elements exceed " + GemmProblem.MAX_ELEMENTS);
                }
            }
        } else {
            DirectConfig def = DirectConfig.defaultFor(d);
            dc = new DirectConfig(intOr(p, "wgd", def.wgd()), intOr(p, "mdimcd", def.mdimcd()), intOr(p, "ndimcd", def.ndimcd()));
            List<String> why = dc.violations(d, prec.bytes());
            if (!why.isEmpty()) refusal = "gemm direct configuration refused before compiling on " + d.name() + ": " + String.join("; ", why);
            shown.put("wgd", Integer.toString(dc.wgd()));
            shown.put("mdimcd", Integer.toString(dc.mdimcd()));
            shown.put("ndimcd", Integer.toString(dc.ndimcd()));
        }
        shown.put("reps", Integer.toString(reps));
        shown.put("seed", p.get("seed"));
        GemmProblem prob = GemmProblem.generate(m, n, k, prec, row, ta, tb, alpha, beta, p.getLong("seed"));
        if (cfg != null && refusal == null) shown.put("copies", copies(prob, cfg));
        return new Settings(prob, path, cfg, dc, reps, shown, refusal);
    }

    private static boolean trans(Params p, String key) {
        return switch (p.get(key)) {
            case "n", "N" -> false;
            case "t", "T" -> true;
            default -> throw new ConfigException(key + " must be n or t, got '" + p.get(key) + "'");
        };
    }

    private static int intOr(Params p, String key, int dflt) {
        return p.get(key).equals(AUTO) ? dflt : p.getInt(key);
    }

    static long roundUp(long x, long to) {
        return (x + to - 1) / to * to;
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Settings st = settings(s.device(), variant, params);
        return Runs.run(s, NAME, variant, Params.of(st.shown()), () -> execute(s, st));
    }

    /** Runs and verifies one configuration; the outcome of the best repetition. */
    Outcome execute(DeviceSession s, Settings st) {
        // a configuration that breaks a device constraint: the row says why, nothing is compiled
        if (st.refusal() != null) throw new InvalidLaunchException(st.refusal());
        GemmProblem pr = st.problem();
        Precision p = pr.precision();
        List<KernelDef> defs = st.path().equals(INDIRECT)
                ? List.of(GemmKernels.pad(p), GemmKernels.xgemm(p), GemmKernels.unpad(p))
                : List.of(GemmKernels.direct(p));
        for (KernelDef def : defs) {
            // no silent fallback: a route without an implementation of a kernel of this path says which
            s.cannotRun(def).ifPresent(why -> {
                throw new UnsupportedFeatureException("gemm " + st.path() + " cannot run on " + s.backendId() + ": " + why);
            });
        }
        Object alpha = box(p, pr.alpha()), beta = box(p, pr.beta());
        Object cInit = pr.typed(pr.c0());
        if (pr.beta() == 0) {
            // beta = 0: C is not read (BLAS), so start from NaN: an element the kernels skip fails the check
            double[] nan = new double[pr.c0().length];
            java.util.Arrays.fill(nan, Double.NaN);
            cInit = pr.typed(nan);
        }
        Object result = pr.typed(new double[pr.c0().length]);
        Rep best = null;
        String mismatch = null;
        int m = pr.m(), n = pr.n(), k = pr.k();
        try (DeviceBuffer a = s.upload(pr.typed(pr.a())); DeviceBuffer b = s.upload(pr.typed(pr.b()));
             DeviceBuffer c = s.upload(cInit)) {
            if (st.path().equals(DIRECT)) {
                DirectConfig dc = st.direct();
                try (CompiledKernel kd = s.compile(GemmKernels.direct(p), dc.constants())) {
                    NDRange range = NDRange.of(ceilDiv(m, dc.wgd()) * dc.mdimcd(), ceilDiv(n, dc.wgd()) * dc.ndimcd(), dc.mdimcd(), dc.ndimcd());
                    LocalSize tile = LocalSize.of((long) dc.wgd() * dc.wgd());
                    for (int r = 0; r < st.reps() && mismatch == null; r++) {
                        c.write(cInit);
                        Rep rep = new Rep();
                        rep.add(s.launch(kd, range, a, b, c, m, n, k, alpha, beta, 0, pr.asi(), pr.ask(), 0, pr.bsk(), pr.bsj(),
                                0, pr.csi(), pr.csj(), tile, tile));
                        c.read(result);
                        best = Rep.best(best, rep.stop());
                        mismatch = pr.check(toDoubles(result));
                    }
                }
            } else {
                GemmConfig cfg = st.config();
                int mp = (int) roundUp(m, cfg.mwg()), np = (int) roundUp(n, cfg.nwg()), kp = (int) roundUp(k, cfg.kwg());
                // an operand already in its packed form at tile multiples is used in place (CLBlast skips
                // those copies too): no pad kernel for it, and no unpad when C is packed
                boolean aIn = packed(m, k, mp, kp, pr.asi(), pr.ask()), bIn = packed(n, k, np, kp, pr.bsj(), pr.bsk());
                boolean cIn = packed(m, n, mp, np, pr.csi(), pr.csj());
                try (CompiledKernel pad = s.compile(GemmKernels.pad(p)); CompiledKernel unpad = s.compile(GemmKernels.unpad(p));
                     CompiledKernel xg = s.compile(GemmKernels.xgemm(p), cfg.constants());
                     DeviceBuffer apOwn = aIn ? null : s.allocate(p.elem, (long) kp * mp);
                     DeviceBuffer bpOwn = bIn ? null : s.allocate(p.elem, (long) kp * np);
                     DeviceBuffer cpOwn = cIn ? null : s.allocate(p.elem, (long) mp * np)) {
                    DeviceBuffer ap = aIn ? a : apOwn, bp = bIn ? b : bpOwn, cp = cIn ? c : cpOwn;
                    NDRange range = NDRange.of((long) mp / cfg.mwg() * cfg.mdimc(), (long) np / cfg.nwg() * cfg.ndimc(), cfg.mdimc(), cfg.ndimc());
                    LocalSize alm = LocalSize.of(cfg.sa() == 1 ? (long) cfg.kwg() * cfg.mwg() : 1);
                    LocalSize blm = LocalSize.of(cfg.sb() == 1 ? (long) cfg.kwg() * cfg.nwg() : 1);
                    for (int r = 0; r < st.reps() && mismatch == null; r++) {
                        c.write(cInit);
                        Rep rep = new Rep();
                        // op(A)(i,k) -> Ap[k*Mp + i]; op(B)(k,j) -> Bp[k*Np + j]; C(i,j) <-> Cp[j*Mp + i]
                        if (!aIn) rep.add(copy(s, pad, a, ap, pr.asi(), pr.ask(), m, k, mp, kp));
                        if (!bIn) rep.add(copy(s, pad, b, bp, pr.bsj(), pr.bsk(), n, k, np, kp));
                        if (pr.beta() != 0 && !cIn) rep.add(copy(s, pad, c, cp, pr.csi(), pr.csj(), m, n, mp, np));
                        rep.add(s.launch(xg, range, ap, bp, cp, mp, np, kp, alpha, beta, alm, blm));
                        if (!cIn) rep.add(copy(s, unpad, cp, c, pr.csi(), pr.csj(), m, n, mp, np));
                        c.read(result);
                        best = Rep.best(best, rep.stop());
                        mismatch = pr.check(toDoubles(result));
                    }
                }
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("GFLOP/s", best.kernelNanos() > 0 ? pr.flops() / best.kernelNanos() : 0);
        if (best.modelledNanos() > 0) metrics.put("modelled GFLOP/s", pr.flops() / best.modelledNanos());
        return Outcome.of(mismatch == null, mismatch, best, metrics);
    }

    /** The operands the indirect path copies into packed form ("none" when all three are used in place). */
    static String copies(GemmProblem pr, GemmConfig cfg) {
        int mp = (int) roundUp(pr.m(), cfg.mwg()), np = (int) roundUp(pr.n(), cfg.nwg()), kp = (int) roundUp(pr.k(), cfg.kwg());
        List<String> l = new java.util.ArrayList<>();
        if (!packed(pr.m(), pr.k(), mp, kp, pr.asi(), pr.ask())) l.add("a");
        if (!packed(pr.n(), pr.k(), np, kp, pr.bsj(), pr.bsk())) l.add("b");
        if (!packed(pr.m(), pr.n(), mp, np, pr.csi(), pr.csj())) l.add("c");
        return l.isEmpty() ? "none" : String.join("+", l);
    }

    /** Whether a stored X×Y operand with strides (sx, sy) already is the packed W×H plane (x fastest). */
    static boolean packed(int x, int y, int w, int h, int sx, int sy) {
        return x == w && y == h && sx == 1 && sy == w;
    }

    /** pad: plane W×H from the strided source; unpad: the X×Y corner back (the caller swaps buffers). */
    private static dev.perfport.core.backend.LaunchStats copy(DeviceSession s, CompiledKernel kernel, DeviceBuffer src, DeviceBuffer dst,
                                                             int sx, int sy, int x, int y, int w, int h) {
        NDRange range = NDRange.of(roundUp(w, COPY_WG), roundUp(h, COPY_WG), COPY_WG, COPY_WG);
        return s.launch(kernel, range, src, dst, 0, sx, sy, x, y, w, h);
    }

    private static long ceilDiv(long x, long d) {
        return (x + d - 1) / d;
    }

    private static Object box(Precision p, double v) {
        return p == Precision.FLOAT ? (Object) (float) v : (Object) v;
    }

    private static double[] toDoubles(Object a) {
        if (a instanceof double[] d) return d;
        float[] f = (float[]) a;
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    // ---- tuning -----------------------------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return INDIRECT;
    }

    @Override
    public List<String> tunedParams() {
        return GemmConfig.NAMES;
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
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, dev.perfport.workloads.TunedLookup lookup) {
        Params p = defaults().with(params);
        if (variant.equals(DIRECT) || !p.get("config").equals(AUTO)) return params;
        for (String name : GemmConfig.NAMES) if (!p.get(name).equals(AUTO)) return params;
        Precision prec = Precision.of(p.get("type"));
        if (prec == null) return params;
        var best = lookup.best(session, GemmKernels.xgemm(prec).hash(), Map.of("type", prec.label, "variant", INDIRECT));
        if (best.isEmpty() || !best.get().keySet().containsAll(GemmConfig.NAMES)) return params;
        Params q = params.with("config", TUNED);
        for (String name : GemmConfig.NAMES) q = q.with(name, Integer.toString(best.get().get(name)));
        return q;
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return GemmTuning.tuning(this, session, variant, fixed, grid);
    }

}
