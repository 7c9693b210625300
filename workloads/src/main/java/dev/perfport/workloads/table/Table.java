package dev.perfport.workloads.table;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
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

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A <b>proxy</b> of the Einstein@Home client of seed 003 (§3.2, Table 3); the real client is
 * not available, so this reproduces its structure, not its science: groups of independent
 * double-precision calculations of variable size (drawn from [1, maxSize]), one work-group per
 * calculation group with the work-group size set to the largest group before the call (smaller
 * groups leave work-items idle), every calculation reading a sin/cos lookup table, and the results
 * combined per group with local-memory atomics into {@code out[group]}.
 *
 * <ul>
 *   <li>{@code local}: the table lives in local memory, so every work-group builds it again (as
 *       OpenCL forces on the paper's port);</li>
 *   <li>{@code static-local}: the table lives in static local memory and is built once per compute
 *       unit: in {@code firstGroupOnUnit()} on the Cell emulator, before the task loop of the
 *       persistent form on OpenCL devices (the native client's once-per-SPE table).</li>
 * </ul>
 *
 * A kernel argument counts table builds with one global atomic per build: counter
 * {@code tableBuilds}, which must equal the number of work-groups for {@code local} and the
 * compute units used ({@code staticLocalInits}, = {@code unitsUsed}) for {@code static-local};
 * a row whose count differs fails. Needs {@link Feature#DOUBLE_PRECISION}; a device without it
 * gets a failed row saying so. Results are checked against the host's double-precision reference
 * within {@link TableInput#TOLERANCE} relative. Metric {@code Gterm/s}: table terms (calculations
 * × iters) per nanosecond of kernel time.
 */
@AutoService(Workload.class)
public final class Table implements Workload {
    public static final String LOCAL = "local";
    public static final String STATIC_LOCAL = "static-local";
    /** Counter: table builds counted by the kernel. */
    public static final String TABLE_BUILDS = "tableBuilds";

    private final LastInput<TableInput.Key, TableInput> inputs = new LastInput<>();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 50;
    }

    static final Knob<Integer> GROUPS = Knob.ints("groups").atLeast(1).byDefault(1024).help("calculation groups (one work-group each)");
    static final Knob<Integer> MAX_SIZE = Knob.ints("maxSize").atLeast(1).byDefault(256)
            .help("group sizes are drawn from [1, maxSize]; the work-group size is the largest drawn");
    static final Knob<Integer> ITERS = Knob.ints("iters").atLeast(0).byDefault(256).help("table lookups per calculation");
    static final Knob<Integer> TABLE_SIZE = Knob.ints("tableSize").powerOfTwoIn(2, 1 << 24).byDefault(1024)
            .help("entries of the sine and of the cosine table (indices are masked; local memory: 16*tableSize B)");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Spec SPEC = Spec.of("table")
            .seed("003")
            .description("Einstein@Home proxy: variable-size groups of double calculations with a sin/cos table in local or static local memory")
            .kernels(() -> List.of(TableKernels.local(), TableKernels.staticLocal()))
            .variants(LOCAL, STATIC_LOCAL).knobs(GROUPS, MAX_SIZE, ITERS, TABLE_SIZE, REPS, SEED).build();

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("groups", "37", "maxSize", "45", "iters", "20", "tableSize", "128", "reps", "1"),
                Params.of("groups", "16", "maxSize", "64", "iters", "8", "reps", "1"));
    }

    /**
     * The validated parameters of one run.
     *
     * @param groups    calculation groups (= work-groups)
     * @param maxSize   largest group size that may be drawn
     * @param iters     table lookups per calculation
     * @param tableSize entries of each of the sine and cosine tables
     * @param reps      repetitions
     * @param seed      input generator seed
     */
    record Config(int groups, int maxSize, int iters, int tableSize, int reps, long seed) {
    }

    static Config config(Values v) {
        return new Config(v.get(GROUPS), v.get(MAX_SIZE), v.get(ITERS), v.get(TABLE_SIZE), v.get(REPS), v.get(SEED));
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        Config c = config(v);
        TableInput in = input(c);
        // the work-group size is computed before the call, as in the paper's port
        Params shown = v.params().with("wg", Integer.toString(in.maxGroup()));
        return Runs.run(s, name(), variant, shown, () -> execute(s, variant.equals(STATIC_LOCAL), c, in));
    }

    private TableInput input(Config c) {
        return inputs.get(new TableInput.Key(c.groups(), c.maxSize(), c.iters(), c.tableSize(), c.seed()),
                () -> TableInput.generate(c.groups(), c.maxSize(), c.iters(), c.tableSize(), c.seed()));
    }

    private static Outcome execute(DeviceSession s, boolean slm, Config c, TableInput in) {
        if (s.device().support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException("the table proxy computes in double precision, which "
                    + s.device().name() + " does not support (feature DOUBLE_PRECISION)");
        }
        int groups = c.groups(), wg = in.maxGroup();
        NDRange range = NDRange.of((long) groups * wg, wg);
        double[] result = new double[groups];
        double[] nan = new double[groups];
        Arrays.fill(nan, Double.NaN);
        int[] builds = new int[1];
        Reps timed = Reps.of(c.reps());
        String mismatch = null;
        try (DeviceBuffer offsets = s.upload(in.offsets()); DeviceBuffer ab = s.upload(in.ab());
             DeviceBuffer w = s.upload(in.w()); DeviceBuffer out = s.allocate(ElemType.DOUBLE, groups);
             DeviceBuffer count = s.allocate(ElemType.INT, 1);
             CompiledKernel k = s.compile(slm ? TableKernels.staticLocal() : TableKernels.local(),
                     Constants.of(TableKernels.TABLE_SIZE, c.tableSize()))) {
            while (timed.more() && mismatch == null) {
                out.write(nan);
                Rep rep = new Rep();
                count.write(new int[1]);
                LaunchStats stats = rep.add(s.launch(k, range, offsets, ab, w, out, count, c.iters(),
                        LocalSize.of(1), LocalSize.of(2L * c.tableSize())));
                out.read(result);
                count.read(builds);
                timed.add(rep.stop());
                mismatch = buildsMismatch(slm, builds[0], groups, stats.counters());
                if (mismatch == null) mismatch = in.check(result);
            }
        }
        Map<String, Double> metrics = new LinkedHashMap<>();
        double terms = (double) in.calculations() * c.iters();
        Rep row = timed.row();
        metrics.put("Gterm/s", row.kernelNanos() > 0 ? terms / row.kernelNanos() : 0);
        if (row.modelledNanos() > 0) metrics.put("modelled Gterm/s", terms / row.modelledNanos());
        metrics.put("maxRelError", in.worstRelativeError(result));
        Map<String, Long> counters = new TreeMap<>(row.counters());
        counters.put(TABLE_BUILDS, (long) builds[0]);   // counted by the kernel itself, last repetition
        return new Outcome(mismatch == null, mismatch, row.wallNanos(), row.kernelNanos(), row.modelledNanos(),
                metrics, counters, timed.timing());
    }

    /**
     * Null when the table was built as often as the variant's design says: once per work-group
     * for {@code local}; once per compute unit used for {@code static-local}, which the device
     * reports as {@code staticLocalInits} and {@code unitsUsed} (when it reports them).
     */
    static String buildsMismatch(boolean slm, int builds, int groups, Map<String, Long> counters) {
        if (!slm) {
            return builds == groups ? null
                    : "the table was built " + builds + " times; the local variant builds it once per work-group (" + groups + ")";
        }
        Long inits = counters.get(Counters.STATIC_LOCAL_INITS);
        Long units = counters.get(Counters.UNITS_USED);
        if (inits != null && builds != inits) {
            return "the table was built " + builds + " times, but the device initialised static local memory " + inits + " times";
        }
        if (units != null && builds != units) {
            return "the table was built " + builds + " times, but " + units + " compute units ran work-groups";
        }
        if (builds < 1 || builds > groups) {
            return "the table was built " + builds + " times; static local memory is built once per compute unit used (1 to " + groups + ")";
        }
        return null;
    }
}
