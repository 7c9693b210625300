package dev.perfport.workloads.scan;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
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
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;
import dev.perfport.workloads.staticwg.StaticGroupCount;

import static dev.perfport.workloads.scan.ScanSpec.SPEC;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The all-prefix-sums study of seed 003 (§3.4, Table 5): exclusive scan of n int32 or float32
 * elements with an associative operator ({@code add} or {@code max}), using the work-efficient
 * block scan (up-sweep, down-sweep) on blocks of m = 2·wg elements with wg work-items.
 *
 * <ul>
 *   <li>{@code harris}: Harris, Sengupta and Owens' three kernels: a block scan that writes each
 *       block's total to SUM, a scan of SUM, and a kernel that adds the scanned SUM to each block.
 *       {@code sums=sequential} scans SUM in a single work-item (the paper's choice on the Cell;
 *       slow on a compute unit with many processing elements); {@code sums=recursive} applies the
 *       block scan to SUM from the host, level after level, until SUM fits one block. Recursion is
 *       needed once there are more blocks than one block holds (m = 2·wg: the paper's "more than
 *       1024 work-groups" with wg = 512).</li>
 *   <li>{@code v1}: one kernel on k static work-groups (k = the residency query by default): each
 *       scans a contiguous block of tasks in sequence carrying the running total in local memory,
 *       writes its total to SUM[k], and decrements a global counter the host set to k+1; the group
 *       that takes it to 1 scans SUM and takes it to 0; all groups but the first wait for 0 and add
 *       their SUM prefix to their part of the output. The wait is legal only because k does not
 *       exceed the residency query (all groups co-resident). Every run checks the protocol: the
 *       counter ends at 0 and exactly one group scanned SUM (counters {@code counterEnd} and
 *       {@code sumScans}).</li>
 *   <li>{@code scanplus}: Scan⁺, V1 with the down-sweep of task t interleaved with the up-sweep of
 *       task t+1 (the schedule is spelt out in {@link ScanSchedule}).</li>
 *   <li>{@code single-pass} (not a paper variant): seed 003's inter-group idea carried
 *       to today's GPUs, a decoupled look-back scan on k static work-groups (k = the residency
 *       query by default) that take tiles of wg·{@code items} elements in increasing order;
 *       each tile reads the input once and writes the output once ({@link ScanKernels#singlePass}).
 *       Its schedule knobs (warp, coalesce, striped, regs, items, wg, gpc) are tuned by {@code perfport tune
 *       scan} ({@link ScanTuning}); the paper's variants have none.</li>
 * </ul>
 *
 * int32 results must equal the long reference bit for bit for both operators, float32 max
 * exactly, float32 add within the relative tolerance of {@link ScanInput}. {@code compare} runs
 * int and float, add and max, at the default n = 2^23 unless the user fixes type, op or n; a
 * list {@code k=1,2,4} adds one case per entry ({@code harris} ignores k, {@code v1} and
 * {@code scanplus} ignore {@code sums}). Rows of {@code v1} and {@code scanplus} report the
 * resolved {@code k}, its spec ({@code kSpec}) and the {@code residency}.
 * Metrics: {@code Gelem/s} = n / kernel time; {@code GB/s} = the 8 bytes each element must move (read and written) / kernel time.
 */
@AutoService(Workload.class)
public final class Scan implements Workload, Tunable {
    public static final String HARRIS = "harris";
    public static final String V1 = "v1";
    public static final String SCANPLUS = "scanplus";
    public static final String SINGLE_PASS = "single-pass";
    /** Counter: static groups that scanned SUM (V1 and Scan⁺ check that it is exactly 1). */
    public static final String SUM_SCANS = "sumScans";
    /** Counter: the value the k+1 counter ended at (V1 and Scan⁺ check that it is 0). */
    public static final String COUNTER_END = "counterEnd";

    /** The last input: at 2^28 it is gigabytes, made once for every route and variant of a compare. */
    private final LastInput<InputKey, ScanInput> inputs = new LastInput<>();

    private record InputKey(int n, ElemType type, ScanOp op, long seed) {
    }

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 40;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "wg", "4", "reps", "1"), Params.of("n", "10007", "wg", "32", "reps", "1"),
                Params.of("n", "70001", "wg", "16", "sums", "recursive", "reps", "1"));
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(overrides);
        List<Params> out = new ArrayList<>();
        for (Params t : Spec.eachUnlessGiven(base, overrides, ScanSpec.TYPE, "int", "float")) {
            for (Params p : Spec.eachUnlessGiven(t, overrides, ScanSpec.OP, "add", "max")) {
                out.addAll(StaticGroupCount.isList(overrides) ? StaticGroupCount.expand(p, overrides) : List.of(p));
            }
        }
        return out;
    }

    /**
     * The validated parameters of one run.
     *
     * @param n         elements
     * @param type      int32 or float32
     * @param op        the operator
     * @param wg        work-items per group (a power of two); blocks hold m = 2·wg elements
     * @param recursive Harris' SUM scan by recursion from the host, else by one work-item
     * @param k         static work-groups of V1 and Scan⁺
     * @param reps      repetitions
     * @param seed      input generator seed
     */
    record Config(int n, ElemType type, ScanOp op, int wg, boolean recursive, StaticGroupCount k, int reps, long seed) {
        int m() {
            return 2 * wg;
        }

        int blocks() {
            return (int) ((n + (long) m() - 1) / m());
        }
    }

    /** The run's settings from its parsed parameters (each already within its limits). */
    static Config config(Values v) {
        return new Config(v.get(ScanSpec.N).intValue(), v.get(ScanSpec.TYPE).equals("int") ? ElemType.INT : ElemType.FLOAT,
                ScanOp.parse(v.get(ScanSpec.OP)), v.get(ScanSpec.WG), v.get(ScanSpec.SUMS).equals("recursive"),
                StaticGroupCount.parse(v.get(ScanSpec.K)), v.get(ScanSpec.REPS), v.get(ScanSpec.SEED));
    }

    /** Memory-bound: the GB/s count n elements read and n written (8 bytes each, int or float). */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        Config c = config(v);
        ScanInput in = input(c);
        Params p = Params.of(v.shown());
        Params[] shown = {p};
        if (variant.equals(SINGLE_PASS)) {
            SinglePass sp = singlePass(v, c);
            RunResult r = Runs.run(s, name(), variant, p, () -> {
                v.refuseOn(s.device());
                return singlePass(s, c, sp, in, p, shown);
            });
            return shown[0] == p ? r : r.withParams(shown[0].asMap());
        }
        if (variant.equals(HARRIS)) return Runs.run(s, name(), variant, p, () -> harris(s, c, in));
        RunResult r = Runs.run(s, name(), variant, p, () -> staticScan(s, variant.equals(SCANPLUS), c, in, p, shown));
        return shown[0] == p ? r : r.withParams(shown[0].asMap());
    }

    /**
     * The single-pass kernel's settings: items per work-item, striped tiles, the schedule (warp, rake) and its constants
     * (every single-pass knob with a macro, and the register cap where one is set), and the groups per compute unit.
     */
    record SinglePass(int items, boolean striped, int warp, int rake, Constants sched, int gpc) {
    }

    /** The single-pass settings of values parsed for the single-pass variant (its rules already checked). */
    static SinglePass singlePass(Values v, Config c) {
        Constants sched = SPEC.constants(v);
        int regs = v.get(ScanSpec.REGS);
        // only when set, so that the builds without a cap keep their options (and their cached binaries)
        if (regs != 0) sched = sched.with(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS, regs);
        return new SinglePass(v.get(ScanSpec.ITEMS), v.get(ScanSpec.STRIPED) == 1, v.get(ScanSpec.WARP), v.get(ScanSpec.RAKE), sched,
                v.get(ScanSpec.GPC));
    }

    /** One single-pass run as an outcome (the tuner's evaluation); bad knobs are a ConfigException. */
    Outcome singlePassOutcome(DeviceSession s, Params params) {
        Values v = SPEC.parse(params, SINGLE_PASS);
        v.refuseOn(s.device());
        Config c = config(v);
        Params p = v.params();
        return singlePass(s, c, singlePass(v, c), input(c), p, new Params[]{p});
    }

    private ScanInput input(Config c) {
        return inputs.get(new InputKey(c.n(), c.type(), c.op(), c.seed()), () -> ScanInput.generate(c.n(), c.type(), c.op(), c.seed()));
    }

    private static Constants constants(Config c) {
        return Constants.of(ScanKernels.OP_MAX, c.op().constant());
    }

    /** Sizes of SUM at each level of the recursive scheme: blocks of n, blocks of those, ... down to one block. */
    static List<Integer> recursionLevels(int n, int m) {
        List<Integer> sizes = new ArrayList<>();
        long size = n;
        while (true) {
            long blocks = (size + m - 1) / m;
            sizes.add((int) blocks);
            if (blocks <= 1) return sizes;
            size = blocks;
        }
    }

    private Outcome harris(DeviceSession s, Config c, ScanInput in) {
        int n = c.n(), wg = c.wg(), m = c.m();
        Object result = c.type() == ElemType.INT ? new int[n] : new float[n];
        Object fill = fill(c.type(), n);
        List<Integer> levels = recursionLevels(n, m);
        List<DeviceBuffer> open = new ArrayList<>();
        Reps timed = Reps.of(c.reps());
        String mismatch = null;
        Constants k = constants(c);
        try (DeviceBuffer input = s.upload(in.data()); DeviceBuffer out = s.allocate(c.type(), n);
             CompiledKernel block = s.compile(ScanKernels.block(c.type()), k);
             CompiledKernel seq = s.compile(ScanKernels.sequential(c.type()), k);
             CompiledKernel add = s.compile(ScanKernels.add(c.type()), k)) {
            // SUM buffers: sums[l] holds the block totals of level l, scanned[l] their scan (recursive only)
            List<DeviceBuffer> sums = new ArrayList<>();
            List<DeviceBuffer> scanned = new ArrayList<>();
            int depth = c.recursive() ? levels.size() : 1;
            for (int l = 0; l < depth; l++) {
                DeviceBuffer b = s.allocate(c.type(), levels.get(l));
                open.add(b);
                sums.add(b);
                if (c.recursive() && levels.get(l) > 1) {
                    DeviceBuffer sc = s.allocate(c.type(), levels.get(l));
                    open.add(sc);
                    scanned.add(sc);
                }
            }
            LocalSize x = LocalSize.of(m);
            while (timed.more() && mismatch == null) {
                out.write(fill);
                Rep rep = new Rep();
                int blocks0 = levels.get(0);
                rep.add(s.launch(block, NDRange.of((long) blocks0 * wg, wg), input, out, sums.get(0), n, x));
                if (blocks0 > 1) {
                    if (c.recursive()) {
                        // down the levels: scan SUM_l into scanned_l (its own totals into SUM_l+1) ...
                        for (int l = 0; l + 1 < levels.size(); l++) {
                            int size = levels.get(l), blocks = levels.get(l + 1);
                            rep.add(s.launch(block, NDRange.of((long) blocks * wg, wg), sums.get(l), scanned.get(l),
                                    sums.get(l + 1), size, x));
                        }
                        // ... and back up: add scanned_l+1 to each block of scanned_l
                        for (int l = levels.size() - 3; l >= 0; l--) {
                            int size = levels.get(l), blocks = levels.get(l + 1);
                            rep.add(s.launch(add, NDRange.of((long) blocks * wg, wg), scanned.get(l), scanned.get(l + 1), size));
                        }
                        rep.add(s.launch(add, NDRange.of((long) blocks0 * wg, wg), out, scanned.get(0), n));
                    } else {
                        rep.add(s.launch(seq, NDRange.of(1, 1), sums.get(0), blocks0));
                        rep.add(s.launch(add, NDRange.of((long) blocks0 * wg, wg), out, sums.get(0), n));
                    }
                }
                out.read(result);
                timed.add(rep.stop());
                mismatch = in.check(result);
            }
        } finally {
            for (DeviceBuffer b : open) b.close();
        }
        Rep row = timed.row();
        Map<String, Double> metrics = metrics(n, row);
        metrics.put("sumLevels", (double) (c.recursive() ? levels.size() - 1 : Math.min(1, levels.get(0) - 1)));
        worst(metrics, in, result);
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    private Outcome staticScan(DeviceSession s, boolean plus, Config c, ScanInput in, Params p, Params[] shown) {
        int n = c.n(), wg = c.wg();
        KernelDef def = plus ? ScanKernels.plus(c.type()) : ScanKernels.v1(c.type());
        long localElements = plus ? ScanKernels.plusLocalElements(wg) : ScanKernels.v1LocalElements(wg);
        Object result = c.type() == ElemType.INT ? new int[n] : new float[n];
        Object fill = fill(c.type(), n);
        int[] protocol = new int[2];
        Reps timed = Reps.of(c.reps());
        String mismatch = null;
        try (CompiledKernel kernel = s.compile(def, constants(c))) {
            long[] local = {wg};
            int res = s.maxResidentGroups(kernel, local, localElements * c.type().bytes());
            if (res < 1 && c.k().usesResidency()) {
                throw new InvalidLaunchException("no static work-group of " + wg + " work-items and " + localElements * c.type().bytes()
                        + " B of local memory fits on " + s.device().name() + " (residency query 0)");
            }
            int k = c.k().resolve(res);
            Params q = p.with("k", Integer.toString(k)).with("residency", Integer.toString(res));
            shown[0] = c.k().text().equals(Integer.toString(k)) ? q : q.with("kSpec", c.k().text());
            StaticGroups launch = StaticGroups.of(k, wg, TaskMapping.BLOCKED, c.blocks());
            try (DeviceBuffer input = s.upload(in.data()); DeviceBuffer out = s.allocate(c.type(), n);
                 DeviceBuffer sums = s.allocate(c.type(), k); DeviceBuffer counter = s.allocate(ElemType.INT, 2)) {
                while (timed.more() && mismatch == null) {
                    out.write(fill);
                    Rep rep = new Rep();
                    counter.write(new int[]{k + 1, 0});   // the host initialises the counter to k+1
                    rep.add(s.launch(kernel, launch, input, out, sums, counter, n, LocalSize.of(localElements)));
                    out.read(result);
                    counter.read(protocol);
                    timed.add(rep.stop());
                    mismatch = protocolMismatch(protocol, k);
                    if (mismatch == null) mismatch = in.check(result);
                }
            }
        }
        Rep row = timed.row();
        Map<String, Double> metrics = metrics(n, row);
        worst(metrics, in, result);
        // the protocol's own counts, read back from the counter buffer of the last repetition
        Map<String, Long> counters = new TreeMap<>(row.counters());
        counters.put(SUM_SCANS, (long) protocol[1]);
        counters.put(COUNTER_END, (long) protocol[0]);
        return new Outcome(mismatch == null, mismatch, row.wallNanos(), row.kernelNanos(), row.modelledNanos(),
                metrics, counters, timed.timing());
    }

    /** The epoch of the next single-pass launch: each launch's status words must differ from every earlier one's. */
    private int epoch;

    private synchronized int nextEpoch() {
        epoch = epoch >= (1 << 29) ? 1 : epoch + 1;
        return epoch;
    }

    /** Local memory, in elements, of a single-pass group with a striped tile: the group's sums and its tile, padded per 32. */
    static long stripedLocalElements(int wg, int items) {
        return wg + (long) wg * items + ((long) wg * items >> 5) + 1;
    }

    private Outcome singlePass(DeviceSession s, Config c, SinglePass sp, ScanInput in, Params p, Params[] shown) {
        int n = c.n(), wg = c.wg(), items = sp.items();
        boolean striped = sp.striped();
        int tiles = (int) ((n + (long) wg * items - 1) / ((long) wg * items));
        Object result = c.type() == ElemType.INT ? new int[n] : new float[n];
        Object fill = fill(c.type(), n);
        Reps timed = Reps.of(c.reps());
        String mismatch = null;
        long local = striped ? stripedLocalElements(wg, items)
                : wg + (sp.warp() != 0 ? 32 : sp.rake() == 1 ? wg >> 5 : 0);
        try (CompiledKernel kernel = s.compile(ScanKernels.singlePass(c.type()), constants(c).with(sp.sched()))) {
            // k persistent groups: the residency query by default; any k is safe (no group waits for one not yet running)
            int res = s.maxResidentGroups(kernel, new long[]{wg}, local * c.type().bytes());
            int k = sp.gpc() > 0 ? (int) Math.min(Integer.MAX_VALUE, (long) sp.gpc() * s.device().computeUnits()) : c.k().resolve(Math.max(1, res));
            if (k < 1) throw new IllegalStateException("k resolved to " + k + " static groups");   // the spec's k and gpc are >= 1
            Params q = p.with("k", Integer.toString(k)).with("residency", Integer.toString(res)).with("tiles", Integer.toString(tiles));
            shown[0] = c.k().text().equals(Integer.toString(k)) ? q : q.with("kSpec", c.k().text());
            NDRange launch = NDRange.of((long) k * wg, wg);
            try (DeviceBuffer input = s.upload(in.data()); DeviceBuffer out = s.allocate(c.type(), n);
                 DeviceBuffer status = s.upload(new long[tiles]); DeviceBuffer next = s.upload(new int[1])) {
                while (timed.more() && mismatch == null) {
                    out.write(fill);
                    Rep rep = new Rep();
                    rep.add(s.launch(kernel, launch, input, out, status, next, n, nextEpoch(), LocalSize.of(local)));
                    out.read(result);
                    timed.add(rep.stop());
                    mismatch = in.check(result);
                }
            }
        }
        Rep row = timed.row();
        Map<String, Double> metrics = metrics(n, row);
        worst(metrics, in, result);
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    /** Null when the V1 counter protocol ended as designed: counter at 0, exactly one SUM scan. */
    static String protocolMismatch(int[] counter, int k) {
        if (counter[0] == 0 && counter[1] == 1) return null;
        return "V1 counter protocol broken with k = " + k + ": the counter (host: k+1) ended at " + counter[0]
                + " (expected 0) and " + counter[1] + " group(s) scanned SUM (expected exactly 1)";
    }

    private static Object fill(ElemType t, int n) {
        // a value no correct scan produces here, so that an element no kernel writes fails the check
        if (t == ElemType.INT) {
            int[] a = new int[n];
            Arrays.fill(a, Integer.MIN_VALUE + 12345);
            return a;
        }
        float[] a = new float[n];
        Arrays.fill(a, Float.NaN);
        return a;
    }

    private static Map<String, Double> metrics(int n, Rep row) {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put("Gelem/s", row.kernelNanos() > 0 ? n / (double) row.kernelNanos() : 0);
        m.put("GB/s", Runs.gbPerSecond(8L * n, row.kernelNanos()));   // n elements read and n written, 4 bytes each
        if (row.modelledNanos() > 0) m.put("modelled Gelem/s", n / (double) row.modelledNanos());
        return m;
    }

    private static void worst(Map<String, Double> metrics, ScanInput in, Object result) {
        if (in.type() == ElemType.FLOAT && in.op() == ScanOp.ADD) metrics.put("maxRelError", in.worstRelativeError(result));
    }

    // ---- tuning (the single-pass variant) ---------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return SINGLE_PASS;
    }

    @Override
    public List<String> tunedParams() {
        return SPEC.tunedNames();
    }

    /** What a cached pick sets: the tuned knobs, and k, which their gpc replaces. */
    private static final List<Knob<?>> CACHE_KNOBS = List.of(ScanSpec.WARP, ScanSpec.COALESCE, ScanSpec.STRIPED, ScanSpec.REGS,
            ScanSpec.ITEMS, ScanSpec.WG, ScanSpec.GPC, ScanSpec.K);

    /** warp, coalesce, striped and regs may be 0 (the default schedule, no cap). */
    @Override
    public int minimum(String param) {
        return SPEC.lowest(param);
    }

    @Override
    public Params tuningDefaults() {
        return Params.of("reps", "5");
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return ScanTuning.tuning(this, session, variant, fixed, grid);
    }

    /**
     * The single-pass knobs from the tuning cache: with {@code config=auto} and the tuned knobs and k at
     * their defaults (a run's case holds every default, so a knob given at its default value counts as
     * not given), the best result cached for this backend, device fingerprint, kernel and type (tuned
     * at any n); the row then shows {@code config=tuned}.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        if (!variant.equals(SINGLE_PASS)) return params;
        Values v = SPEC.parse(params, variant);
        // a case holds every default: knobs at their defaults count as not given
        if (!TuningSupport.takesCache(v, CACHE_KNOBS)) return params;
        boolean required = TuningSupport.required(v.get(ScanSpec.CONFIG));
        String type = v.get(ScanSpec.TYPE);
        var pick = lookup.pick(session, name(), ScanKernels.singlePass(config(v).type()).hash(), Map.of("variant", SINGLE_PASS, "type", type),
                Map.of("n", v.text(ScanSpec.N)));
        return TuningSupport.withPick(params, pick, SPEC.tunedNames(), required, "scan single-pass, type " + type);
    }
}
