package dev.perfport.workloads.matmul;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.LastInput;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;
import dev.perfport.workloads.staticwg.StaticGroupCount;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The overhead of static work-groups (seed 003 §3.5, Fig. 9 analogue): the blocked matmul β on
 * a rectangular M×K · K×N problem (paper: 4800×7200 · 7200×4800 on a GTX 280), once as a plain
 * NDRange ({@code ndrange}) and once on k static work-groups ({@code static}) whose tasks are the
 * tiles of C, handed out by a task mapping (blocked, cyclic or dynamic).
 *
 * <p>k defaults to the device's residency query for the kernel ({@code res}); {@code res/D} and
 * integers are accepted, and an integer above the residency fails with the core's error. To
 * sweep k, use {@code compare}: without a k from the user it runs k = 1, res/4, res/2 and res
 * (the Fig. 9 axis up to full residency: the compute units on CPUs and the emulator, several
 * groups per compute unit on NVIDIA GPUs), and {@code k=1,2,4,8} runs one case per entry.
 * The {@code ndrange} variant ignores k and mapping ({@link #ignoredParams}): a sweep runs it
 * once per case that differs in another parameter.
 * Rows of {@code static} report the resolved {@code k}, the spec it came from ({@code kSpec}) and
 * the {@code residency}.
 *
 * <p>The default size (256×384 · 384×256, tile 16) runs in about a second on the emulator and
 * on PoCL. Inputs are integer-valued (see {@link Matrices}): results must be exact.
 * Metric: {@code GFLOP/s} = 2·M·N·K / kernel time.
 */
@AutoService(Workload.class)
public final class MatmulStatic implements Workload {
    public static final String NDRANGE = "ndrange";
    public static final String STATIC = "static";

    private final LastInput<Matrices.Key, Matrices> inputs = new LastInput<>();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 30;
    }

    static final Knob<Integer> M = Knob.ints("M").atLeast(1).byDefault(256).help("rows of A and C (paper: 4800); the tile must divide it");
    static final Knob<Integer> K = Knob.ints("K").atLeast(1).byDefault(384).help("columns of A, rows of B (paper: 7200); the tile must divide it");
    static final Knob<Integer> N = Knob.ints("N").atLeast(1).byDefault(256).help("columns of B and C (paper: 4800); the tile must divide it");
    static final Knob<Integer> TILE = Matmul.TILE.help("work-groups are tile x tile work-items");
    static final Knob<String> GROUPS = StaticGroupCount.KNOB
            .help("static work-groups: an integer, 'res' (the residency query) or 'res/D'; compare sweeps 1, res/4, res/2, res unless k "
                    + "is set, and runs one case per entry of k=1,2,4");
    static final Knob<String> MAPPING = Knob.text("mapping").must(t -> mapping(t) != null, "blocked, cyclic or dynamic").byDefault("blocked")
            .help("how tiles are handed to static work-groups");
    static final Spec SPEC = Spec.of("matmul-static")
            .seed("003")
            .description("Blocked matmul β as a plain NDRange and on k static work-groups (tasks = C tiles), k swept up to the residency")
            .kernels(() -> List.of(MatmulKernels.beta(), MatmulKernels.betaStatic()))
            .variants(NDRANGE, STATIC).knobs(M, K, N, TILE, GROUPS, MAPPING, Matmul.REPS, Matmul.SEED)
            .rules(Matmul.tileDivides(M, TILE, ""), Matmul.tileDivides(K, TILE, ""), Matmul.tileDivides(N, TILE, ""),
                    Matrices.sizes(M, K, N)).build();

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("M", "48", "K", "72", "N", "40", "tile", "8", "reps", "1"),
                Params.of("M", "64", "K", "32", "N", "64", "tile", "8", "k", "1,2", "mapping", "cyclic", "reps", "1"),
                Params.of("M", "64", "K", "32", "N", "64", "tile", "8", "mapping", "dynamic", "reps", "1"));
    }

    /** Checked mode: the first case: the others ask for more static groups than Oclgrind's one compute unit keeps resident. */
    @Override
    public List<Params> checkedCases(String variant) {
        return List.of(smallCases().getFirst());
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return StaticGroupCount.expand(defaults().with(overrides), overrides);
    }

    @Override
    public java.util.Set<String> ignoredParams(String variant) {
        return variant.equals(NDRANGE) ? java.util.Set.of(GROUPS.name(), MAPPING.name()) : java.util.Set.of();
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int m = v.get(M), k = v.get(K), n = v.get(N), tile = v.get(TILE), reps = v.get(Matmul.REPS);
        StaticGroupCount count = StaticGroupCount.parse(v.get(GROUPS));
        TaskMapping mapping = mapping(v.get(MAPPING));
        Matrices in = input(m, k, n, v.get(Matmul.SEED));
        Params p = v.params();
        if (variant.equals(NDRANGE)) {
            return Runs.run(s, name(), variant, p, () -> ndrange(s, in, tile, reps));
        }
        // the residency query needs the compiled kernel, so the row's k is settled inside the run
        Params[] shown = {p};
        RunResult r = Runs.run(s, name(), variant, p, () -> staticGroups(s, in, tile, reps, count, mapping, p, shown));
        return shown[0] == p ? r : r.withParams(shown[0].asMap());
    }

    /** {@return the mapping named {@code text} (any case), or null} */
    static TaskMapping mapping(String text) {
        try {
            return TaskMapping.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private Matrices input(int m, int k, int n, long seed) {
        return inputs.get(new Matrices.Key(m, k, n, seed), () -> Matrices.generate(m, k, n, seed));
    }

    private static Outcome ndrange(DeviceSession s, Matrices in, int tile, int reps) {
        NDRange range = NDRange.of(in.n(), in.m(), tile, tile);
        return measure(s, in, reps, MatmulKernels.beta(), (k, a, b, c) -> s.launch(k, range, a, b, c, in.m(), in.n(), in.k()));
    }

    private static Outcome staticGroups(DeviceSession s, Matrices in, int tile, int reps, StaticGroupCount count,
                                        TaskMapping mapping, Params p, Params[] shown) {
        long tasks = (long) (in.m() / tile) * (in.n() / tile);
        long[] local = {tile, tile};
        return measure(s, in, reps, MatmulKernels.betaStatic(), (k, a, b, c) -> {
            int res = s.maxResidentGroups(k, local, 0);
            if (res < 1 && count.usesResidency()) {
                throw new InvalidLaunchException("no static work-group of " + tile + "x" + tile + " work-items fits on "
                        + s.device().name() + " (residency query 0)");
            }
            int groups = count.resolve(res);
            Params q = p.with("k", Integer.toString(groups)).with("residency", Integer.toString(res));
            shown[0] = count.text().equals(Integer.toString(groups)) ? q : q.with("kSpec", count.text());
            return s.launch(k, new StaticGroups(groups, local, mapping, tasks), a, b, c, in.m(), in.n(), in.k());
        });
    }

    /** One launch of the compiled kernel on the buffers A, B, C. */
    private interface Launcher {
        LaunchStats launch(CompiledKernel k, DeviceBuffer a, DeviceBuffer b, DeviceBuffer c);
    }

    private static Outcome measure(DeviceSession s, Matrices in, int reps, KernelDef def, Launcher launcher) {
        int size = in.m() * in.n();
        float[] result = new float[size];
        float[] nan = new float[size];
        Arrays.fill(nan, Float.NaN);
        Reps timed = Reps.of(reps);
        String mismatch = null;
        try (DeviceBuffer a = s.upload(in.a()); DeviceBuffer b = s.upload(in.b());
             DeviceBuffer c = s.allocate(ElemType.FLOAT, size);
             CompiledKernel k = s.compile(def)) {
            while (timed.more() && mismatch == null) {
                c.write(nan);   // a tile no static group runs stays NaN and fails the check
                Rep rep = new Rep();
                rep.add(launcher.launch(k, a, b, c));
                c.read(result);
                timed.add(rep.stop());
                mismatch = in.check(result);
            }
        }
        Rep row = timed.row();
        return Outcome.of(mismatch == null, mismatch, timed, Matmul.flops(2.0 * in.m() * in.n() * in.k(), row));
    }
}
