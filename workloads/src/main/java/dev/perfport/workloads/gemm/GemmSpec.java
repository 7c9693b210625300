package dev.perfport.workloads.gemm;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.perfport.workloads.gemm.Gemm.AUTO;
import static dev.perfport.workloads.gemm.Gemm.DIRECT;
import static dev.perfport.workloads.gemm.Gemm.INDIRECT;

/**
 * GEMM's parameters and knobs, each declared once; the GEMM's own knobs (directmax, config, the indirect
 * kernel's 16 and the direct kernel's 3) are shared with TRSM, whose blocks are GEMMs.
 */
public final class GemmSpec {
    public static final int MAX_REPS = 1000;

    static final Knob<Integer> M = Knob.ints("m").atLeast(1).byDefault(256).help("rows of C and op(A)");
    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefault(256).help("columns of C and op(B)");
    static final Knob<Integer> K = Knob.ints("k").atLeast(1).byDefault(256).help("columns of op(A), rows of op(B)");
    public static final Knob<String> TYPE = Knob.choice("type", "float", "double").byDefault("float")
            .help("element type (double needs fp64 on the device); compare runs both unless given");
    static final Knob<String> LAYOUT = Knob.choice("layout", "col", "row").byDefault("col")
            .help("col (column-major, BLAS) or row (row-major), for A, B and C");
    static final Knob<String> TRANSA = Knob.choice("transa", "n", "t", "N", "T").byDefault("n")
            .help("n: A as stored; t: transposed (A stored k x m)");
    static final Knob<String> TRANSB = Knob.choice("transb", "n", "t", "N", "T").byDefault("n")
            .help("n: B as stored; t: transposed (B stored n x k)");
    public static final Knob<Double> ALPHA = Knob.reals("alpha").byDefault(1.5).help("the scalar of op(A)*op(B)");
    static final Knob<Double> BETA = Knob.reals("beta").byDefault(0.5).help("the scalar of C; 0 never reads C");
    public static final Knob<Integer> DIRECTMAX = Knob.ints("directmax").atLeast(0).orAuto().byDefaultText(AUTO)
            .grid(1, 32, 64, 96, 128, 192, 256, 384, 512, 640).tunable(AUTO)
            .help("auto uses the direct kernel when m*n*k < directmax^3 (CLBlast's XGEMM_MIN_INDIRECT_SIZE); auto: the value "
                    + "'perfport tune gemm --variant auto' cached for the device, else " + directMaxFor(DeviceType.GPU) + " on GPUs, "
                    + directMaxFor(DeviceType.CPU) + " otherwise");
    public static final Knob<String> CONFIG = TuningSupport.CONFIG;

    /** The indirect kernel's CLBlast parameters, in {@link GemmConfig#NAMES} order (also the tuner's hierarchy order). */
    public static final List<Knob<Integer>> KERNEL = List.of(
            kernel("mwg", 1, "work-group tile of C along m (CLBlast MWG)"),
            kernel("nwg", 1, "work-group tile of C along n (NWG)"),
            kernel("kwg", 1, "k tile staged per step (KWG)"),
            kernel("mdimc", 1, "threads along m (MDIMC)"),
            kernel("ndimc", 1, "threads along n (NDIMC)"),
            kernel("mdima", 1, "threads re-shaped to load the A tile, along m (MDIMA)"),
            kernel("ndimb", 1, "threads re-shaped to load the B tile, along n (NDIMB)"),
            kernel("kwi", 1, "k unroll (KWI)"),
            kernel("vwm", 1, "vector width along m: 1, 2, 4 or 8 (VWM)"),
            kernel("vwn", 1, "vector width along n: 1, 2, 4 or 8 (VWN)"),
            kernel("strm", 0, "1: a thread's results strided by the thread count along m (STRM)"),
            kernel("strn", 0, "1: strided along n (STRN)"),
            kernel("sa", 0, "1: A staged in local memory (SA)"),
            kernel("sb", 0, "1: B staged in local memory (SB)"),
            kernel("ks", 1, "split k: slices of k summed into planes of their own, then added; at most " + GemmConfig.MAX_KS),
            kernel("db", 0, "1: double-buffered tiles, the next k-tile read while this one is multiplied, one barrier a k-tile; "
                    + "needs sa = sb = 1 and twice the local memory (DB)"));
    /** The direct kernel's tile and threads. */
    public static final List<Knob<Integer>> DIRECT_KERNEL = List.of(
            Knob.ints("wgd").atLeast(1).orAuto().byDefaultText(AUTO).macro("WGD").help("the direct kernel's tile, auto per device type"),
            Knob.ints("mdimcd").atLeast(1).orAuto().byDefaultText(AUTO).macro("MDIMCD").help("the direct kernel's threads along m, auto per device type"),
            Knob.ints("ndimcd").atLeast(1).orAuto().byDefaultText(AUTO).macro("NDIMCD").help("the direct kernel's threads along n, auto per device type"));
    public static final Knob<Integer> REPS = Knob.ints("reps").range(1, MAX_REPS).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    public static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");

    /** The problem, as the tuning cache keys a result (every parameter but the kernels' own). */
    static final List<Knob<?>> PROBLEM = List.of(M, N, K, TYPE, LAYOUT, TRANSA, TRANSB, ALPHA, BETA, REPS, SEED);

    public static final Spec SPEC = Spec.of(Gemm.NAME)
            .seed("001")
            .description("C = alpha*op(A)*op(B) + beta*C, float/double, any m, n, k, col/row-major, A/B transposed; "
                    + "indirect (pad + CLBlast-style tiled kernel), direct, auto")
            .kernels(GemmKernels::all)
            .variants(AUTO, INDIRECT, DIRECT)
            .knobs(M, N, K, TYPE, LAYOUT, TRANSA, TRANSB, ALPHA, BETA, DIRECTMAX, CONFIG).knobs(KERNEL).knobs(DIRECT_KERNEL)
            .knobs(REPS, SEED)
            .rules(Rule.checking("matrix sizes", false, (v, d) -> GemmProblem.sizeProblem(v.get(M), v.get(N), v.get(K))),
                    Rule.checking("gemm constraints", true, (v, d) -> violations(v, d)).only(INDIRECT),
                    Rule.checking("problem size", true, (v, d) -> {
                        GemmConfig c = indirectConfig(d, v);
                        Precision p = Precision.of(v.get(TYPE));
                        String padded = c.paddedViolation(v.get(M), v.get(N), v.get(K));
                        return padded != null ? padded : c.globalMemoryViolation(d, p.bytes(), v.get(M), v.get(N), v.get(K));
                    }).only(INDIRECT))
            .build();

    private GemmSpec() {
    }

    private static Knob<Integer> kernel(String name, int lowest, String help) {
        return Knob.ints(name).atLeast(lowest).orAuto().byDefaultText(AUTO).grid(d -> GemmTuning.defaultGrid(d).get(name))
                .tunable(INDIRECT).help(help + "; auto: the device type's default or the tuned configuration (config)");
    }

    private static String violations(Values v, DeviceInfo d) {
        List<String> why = indirectConfig(d, v).violations(d, Precision.of(v.get(TYPE)).bytes());
        return why.isEmpty() ? null : String.join("; ", why);
    }

    static int directMaxFor(DeviceType t) {
        return t == DeviceType.GPU ? 384 : 128;
    }

    /** {@return the indirect kernel's configuration of {@code v}: each knob given, else the device type's default} */
    public static GemmConfig indirectConfig(DeviceInfo d, Values v) {
        Map<String, Integer> m = new LinkedHashMap<>(GemmConfig.defaultFor(d).values());
        for (Knob<Integer> k : KERNEL) v.given(k).ifPresent(x -> m.put(k.name(), x));
        return GemmConfig.of(m);
    }

    /** {@return whether any of the indirect kernel's knobs is given} */
    public static boolean kernelGiven(Values v) {
        return KERNEL.stream().anyMatch(k -> v.given(k).isPresent());
    }

    /** {@return the direct kernel's configuration of {@code v} (auto: per device type)} */
    public static DirectConfig directConfig(DeviceInfo d, Values v) {
        DirectConfig def = DirectConfig.defaultFor(d);
        return new DirectConfig(v.or(DIRECT_KERNEL.get(0), def.wgd()), v.or(DIRECT_KERNEL.get(1), def.mdimcd()),
                v.or(DIRECT_KERNEL.get(2), def.ndimcd()));
    }

    /** {@return the switch-over of {@code v} (auto: per device type)} */
    public static int directMax(DeviceInfo d, Values v) {
        return v.or(DIRECTMAX, directMaxFor(d.type()));
    }
}
