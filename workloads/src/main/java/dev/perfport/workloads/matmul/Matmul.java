package dev.perfport.workloads.matmul;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.LastInput;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The matrix multiplication study of seed 003 (§3.1, Table 2): C = A·B for n×n float32
 * matrices, one work-item per element of C, tile×tile work-groups, at the paper's optimisation
 * levels:
 *
 * <ul>
 *   <li>{@code alpha}: naive, each work-item loops over k directly;</li>
 *   <li>{@code beta}: blocked through the cache: k-blocks of {@code tile} separated by barriers,
 *       A and B read straight from global memory;</li>
 *   <li>{@code gamma}: β plus an explicit preload of A_sub and B_sub into local memory with
 *       ordinary (cached) loads;</li>
 *   <li>{@code delta}: γ with the preload done by async_work_group_copy, one per tile row, each awaited (vloadn: a
 *       DMA plus a wait): DMA that bypasses the software cache on a Cell;</li>
 *   <li>{@code epsilon}: δ's code built with {@code PP_GROUPS_IN_FLIGHT=4}: the Cell emulator keeps
 *       up to 4 groups in flight per SPE, suspended on their DMA (paper §2.3: the translator hides
 *       the latency, not the programmer). OpenCL devices ignore the constant, because the
 *       hardware already keeps several groups per compute unit, so there ε runs exactly δ's code;
 *       such rows say so in their {@code groupsInFlight} parameter.</li>
 * </ul>
 *
 * The paper's reproduction on the emulator uses {@code tile=128} for α–δ and {@code tile=64} for ε
 * (n=2048); GPUs allow at most 32×32 = 1024 work-items per group. Inputs are integer-valued (see
 * {@link Matrices}), so every variant must equal the double-precision reference exactly.
 * Metric: {@code GFLOP/s} = 2n³ / kernel time, and {@code modelled GFLOP/s} where the device has
 * a cost model.
 */
@AutoService(Workload.class)
public final class Matmul implements Workload {
    public static final String ALPHA = "alpha";
    public static final String BETA = "beta";
    public static final String GAMMA = "gamma";
    public static final String DELTA = "delta";
    public static final String EPSILON = "epsilon";
    /** Groups in flight per SPE that ε asks of the Cell emulator (paper §2.3). */
    public static final int EPSILON_GROUPS_IN_FLIGHT = 4;

    private final LastInput<Matrices.Key, Matrices> inputs = new LastInput<>();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 20;
    }

    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefault(512).help("rows and columns of A, B and C; the tile must divide it");
    static final Knob<Integer> TILE = Knob.ints("tile").atLeast(1).byDefault(16)
            .help("work-groups are tile x tile work-items (paper: 128 for alpha-delta, 64 for epsilon; GPUs allow at most 32)");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Spec SPEC = Spec.of("matmul")
            .seed("003")
            .description("C = A·B, n×n float32, at the optimisation levels α (naive) to ε (DMA with several groups in flight)")
            .kernels(() -> List.of(MatmulKernels.alpha(), MatmulKernels.beta(), MatmulKernels.gamma(), MatmulKernels.delta()))
            .variants(ALPHA, BETA, GAMMA, DELTA, EPSILON).knobs(N, TILE, REPS, SEED)
            .rules(tileDivides(N, TILE, "; choose n as a multiple of the tile"), Matrices.sizes(N, N, N)).build();

    /** {@return the rule that {@code tile} divides {@code size}: the message names both, and the remainder} */
    static Rule tileDivides(Knob<Integer> size, Knob<Integer> tile, String advice) {
        return Rule.of("tile divides " + size.name(), v -> v.get(size) % v.get(tile) == 0,
                v -> "tile " + v.get(tile) + " does not divide " + size.name() + " " + v.get(size) + " (remainder " + v.get(size) % v.get(tile)
                        + ")" + advice);
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "48", "tile", "8", "reps", "1"), Params.of("n", "64", "tile", "16", "reps", "1"));
    }

    /** Checked mode: 16×16 tiles over a 3×3 grid of work-groups (64² cost Oclgrind 2.4× the time). */
    @Override
    public List<Params> checkedCases(String variant) {
        return List.of(Params.of("n", "48", "tile", "16", "reps", "1"));
    }

    /** Compute-bound in float: 2·n³ flops. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.compute("float"));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        KernelDef def = MatmulKernels.forVariant(variant);
        int n = v.get(N), tile = v.get(TILE), reps = v.get(REPS);
        Matrices in = input(n, v.get(SEED));
        Params p = v.params();
        Constants constants = Constants.empty();
        if (variant.equals(EPSILON)) {
            constants = Constants.of(MatmulKernels.GROUPS_IN_FLIGHT, EPSILON_GROUPS_IN_FLIGHT);
            p = p.with("groupsInFlight", s.device().support(Feature.GROUPS_IN_FLIGHT) != Support.UNSUPPORTED
                    ? Integer.toString(EPSILON_GROUPS_IN_FLIGHT)
                    : EPSILON_GROUPS_IN_FLIGHT + " (no effect on " + s.backendId() + ": the device keeps groups in flight itself; δ's code runs)");
        }
        boolean local = variant.equals(GAMMA) || variant.equals(DELTA) || variant.equals(EPSILON);
        Constants c = constants;
        return Runs.run(s, name(), variant, p, () -> execute(s, def, c, local, in, tile, reps));
    }

    private Matrices input(int n, long seed) {
        return inputs.get(new Matrices.Key(n, n, n, seed), () -> Matrices.generate(n, n, n, seed));
    }

    private static Outcome execute(DeviceSession s, KernelDef def, Constants constants, boolean local,
                                   Matrices in, int tile, int reps) {
        int n = in.n();
        NDRange range = NDRange.of(n, n, tile, tile);
        float[] result = new float[n * n];
        float[] nan = new float[n * n];
        Arrays.fill(nan, Float.NaN);
        Reps timed = Reps.of(reps);
        String mismatch = null;
        try (DeviceBuffer a = s.upload(in.a()); DeviceBuffer b = s.upload(in.b());
             DeviceBuffer c = s.allocate(ElemType.FLOAT, (long) n * n);
             CompiledKernel k = s.compile(def, constants)) {
            while (timed.more() && mismatch == null) {
                c.write(nan);   // an element the kernel does not write stays NaN and fails the check
                Rep rep = new Rep();
                if (local) {
                    LocalSize t = LocalSize.of((long) tile * tile);
                    rep.add(s.launch(k, range, a, b, c, n, n, n, t, t));
                } else {
                    rep.add(s.launch(k, range, a, b, c, n, n, n));
                }
                c.read(result);
                timed.add(rep.stop());
                mismatch = in.check(result);
            }
        }
        Rep row = timed.row();
        return Outcome.of(mismatch == null, mismatch, timed, flops(2.0 * n * n * n, row));
    }

    /** GFLOP/s from kernel time, and from modelled time where there is one. */
    static Map<String, Double> flops(double flop, Rep row) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("GFLOP/s", row.kernelNanos() > 0 ? flop / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) m.put("modelled GFLOP/s", flop / row.modelledNanos());
        return m;
    }
}
