package dev.perfport.workloads.reduction;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.Workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The reduction study of seed 003 (§3.3, Tables 4 and 6): sum N elements with one work-item per
 * element, in three variants that differ in how work-groups combine their partial sums.
 *
 * <ul>
 *   <li>{@code local-atomic}: local memory, then one global atomic per work-group;</li>
 *   <li>{@code static-local}: static local memory, then one global atomic per compute unit;</li>
 *   <li>{@code two-kernel}: per-group partial sums, then a second kernel in one work-group.</li>
 *   <li>{@code tuned} (issue 16, not a paper variant): what today's GPUs need: {@code gpc}
 *       persistent groups per compute unit run a grid-stride loop with {@code ipt} independent
 *       {@code vw}-wide vector accumulators per work-item; each group writes one partial and the
 *       last group to take a ticket atomic adds them (one launch, one counted atomic per group).
 *       Tunable through {@code perfport tune reduction} (vw, ipt, gpc, wg; the best configuration
 *       is cached per device).</li>
 * </ul>
 *
 * int32 is exact and must be identical on every backend. float32 is checked against a
 * double-precision sum: partial sums are added in an order the atomics decide, so the float
 * result may differ from the reference by rounding; the tolerance is {@code 1e-5 * log2(N)}
 * relative (seed-003 digest §8.1), while inputs in [0, 1) keep every partial sum positive, so
 * that relative error stays bounded (typical error measured here is about 1e-6).
 */
@AutoService(Workload.class)
public final class Reduction implements Workload, Tunable {
    public static final String LOCAL_ATOMIC = "local-atomic";
    public static final String STATIC_LOCAL = "static-local";
    public static final String TWO_KERNEL = "two-kernel";
    public static final String TUNED = "tuned";
    /** Parameters only the tuned variant reads (other variants' rows do not show them). */
    static final List<String> TUNED_PARAMS = List.of("vw", "ipt", "gpc", "groups", "launches", "readback", "warmuplaunches", "config");
    /** Most launches of one repetition (tuned variant's launches), and most untimed launches before the first (warmup). */
    static final int MAX_LAUNCHES = 1_000_000;
    /**
     * Untimed launches before the first repetition when launches > 1, so that the JIT has compiled the host's
     * launch path and wall time per launch is the steady state's, not the interpreter's. Issue 16, H100, 2^28
     * with 10 launches a repetition: the large run's wall was 1.09-1.11x its kernel time without a warm-up,
     * 1.03-1.06x after 2,000 launches and 1.02-1.03x after 10,000 (Aparapi 1.61x, 1.19x after 2,000).
     */
    static final int DEFAULT_WARMUP = 10_000;
    /** The warm-up stops after this long even when launches remain (large n, a slow device, an emulator). */
    static final long WARMUP_NANOS = 2_000_000_000L;
    /** readback: one read after a repetition's queued launches (the default). */
    static final String READBACK_END = "end";
    /**
     * readback: a blocking 4-byte read after every launch, as a host that needs each result makes it. Every route
     * can do this the same way, so it is the row that compares their host time per launch at equal work: Aparapi
     * 3.0.2 cannot queue launches at all (its execute waits for each kernel), where jocl's queued row does not wait.
     */
    static final String READBACK_EACH = "each";
    /** What a cached pick sets: the tuned knobs, and groups, which their gpc replaces. */
    private static final List<String> CACHE_KNOBS = Stream.concat(ReductionTuning.TUNED.stream(), Stream.of("groups")).toList();
    static final List<Integer> VWS = List.of(1, 2, 4, 8);
    static final int MAX_IPT = 16;
    static final int MAX_GPC = 64;
    static final int MAX_GROUPS = 1 << 20;

    /** The last generated input, reused while n, type and seed stay the same (one entry only). */
    private record Input(int n, ElemType type, long seed, Object data, double reference) {
    }

    private Input cached;

    @Override
    public String name() {
        return "reduction";
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public String seed() {
        return "003";
    }

    @Override
    public String description() {
        return "Sum of N elements: local memory + global atomic per group, static local memory + atomic per unit, two kernels";
    }

    @Override
    public List<String> variants() {
        return List.of(LOCAL_ATOMIC, STATIC_LOCAL, TWO_KERNEL, TUNED);
    }

    @Override
    public List<KernelDef> kernels() {
        return List.of(ReductionKernels.localAtomic(ElemType.INT), ReductionKernels.staticLocal(ElemType.INT),
                ReductionKernels.partials(ElemType.INT), ReductionKernels.fin(ElemType.INT),
                ReductionKernels.localAtomic(ElemType.FLOAT), ReductionKernels.staticLocal(ElemType.FLOAT),
                ReductionKernels.partials(ElemType.FLOAT), ReductionKernels.fin(ElemType.FLOAT),
                ReductionKernels.tuned(ElemType.INT), ReductionKernels.tuned(ElemType.FLOAT));
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "reps", "1"),
                Params.of("n", "100003", "reps", "2"));
    }

    @Override
    public Params defaults() {
        return Params.of("n", "2^25", "type", "int", "wg", "256", "reps", "3", "seed", "42", "vw", "4", "ipt", "4", "gpc", "8", "groups", "0", "launches", "1", "readback", READBACK_END,
                "warmuplaunches", String.valueOf(DEFAULT_WARMUP),
                "config", TuningSupport.AUTO);
    }

    @Override
    public List<String> paramHelp() {
        return List.of("n: elements (any N >= 1; need not be a power of two)",
                "type: int (exact) or float (checked against a double reference)",
                "wg: work-group size, a power of two",
                "reps: repetitions; timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)",
                "seed: input generator seed",
                "vw: tuned only: vector width of a load, 1, 2, 4 or 8",
                "ipt: tuned only: independent vector loads in flight per work-item, 1.." + MAX_IPT,
                "gpc: tuned only: persistent work-groups per compute unit, 1.." + MAX_GPC,
                "groups: tuned only: 0 (default) gpc groups per compute unit; else this many persistent groups in all, 1.."
                        + MAX_GROUPS + " (1: the smallest launch, for host time per launch)",
                "launches: tuned only: launches per repetition, queued back to back without waiting for each "
                        + "(DeviceSession.launchRepeated), then one read-back; 1.." + MAX_LAUNCHES + " (host time per launch; the row keeps "
                        + "the repetition of least wall time)",
                "readback: tuned only, launches > 1: end (default: the launches are queued, then one read-back) or each "
                        + "(every launch is followed by a blocking 4-byte read of its result, and each result is checked: "
                        + "the host time per launch of a program that needs every result, comparable between routes)",
                "config: tuned only: auto (default) takes the best configuration that perfport tune reduction cached for "
                        + "this backend, device and type (tuned at any n) when vw, ipt, gpc, wg and groups are at their defaults "
                        + "(the row then shows config=tuned); tuned requires that pick (an error without one, or beside a knob); "
                        + "default never does",
                "warmuplaunches: tuned only, launches > 1: untimed launches before the first repetition (beside the warm-up repetitions), queued as the timed ones, "
                        + "so that the JIT has compiled the host's launch path; 0.." + MAX_LAUNCHES + ", default " + DEFAULT_WARMUP
                        + ", stopping after " + WARMUP_NANOS / 1_000_000_000L + " s");
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(overrides);
        if (overrides.has("type")) return List.of(base);
        return List.of(base.with("type", "int"), base.with("type", "float"));
    }

    /** Memory-bound: the GB/s count the n elements read once. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Params p = defaults().with(params);
        if (!variants().contains(variant)) {
            throw new ConfigException("unknown variant '" + variant + "' of reduction; variants: " + variants());
        }
        int n = p.getInt("n");
        int wg = p.getInt("wg");
        int reps = p.getInt("reps");
        ElemType type = switch (p.get("type")) {
            case "int" -> ElemType.INT;
            case "float" -> ElemType.FLOAT;
            default -> throw new ConfigException("reduction type must be int or float, got '" + p.get("type") + "'");
        };
        if (n < 1) throw new ConfigException("n must be >= 1, got " + n);
        if (wg < 1 || Integer.bitCount(wg) != 1) throw new ConfigException("wg must be a power of two, got " + wg);
        if (reps < 1) throw new ConfigException("reps must be >= 1, got " + reps);
        if (variant.equals(TUNED)) {
            Tuned tu = tuned(p, s.device().computeUnits());
            Input in = input(n, type, p.getLong("seed"));
            int launches = p.getInt("launches");
            if (launches < 1 || launches > MAX_LAUNCHES) throw new ConfigException("launches must be in [1, " + MAX_LAUNCHES + "], got " + launches);
            TuningSupport.config(p.get("config"));
            String readback = p.get("readback");
            if (!readback.equals(READBACK_END) && !readback.equals(READBACK_EACH)) {
                throw new ConfigException("readback must be " + READBACK_END + " or " + READBACK_EACH + ", got '" + readback + "'");
            }
            boolean each = readback.equals(READBACK_EACH);
            int warmup = p.getInt("warmuplaunches");
            if (warmup < 0 || warmup > MAX_LAUNCHES) throw new ConfigException("warmuplaunches must be in [0, " + MAX_LAUNCHES + "], got " + warmup);
            // a single launch per repetition is timed by the device: its host path is not what the row measures
            Map<String, String> shown = new LinkedHashMap<>(p.asMap());
            if (launches == 1) {
                shown.remove("warmuplaunches");
                shown.remove("readback");
            }
            return Runs.run(s, name(), variant, Params.of(shown),
                    () -> executeTuned(s, in, wg, reps, tu, launches, launches == 1 ? 0 : warmup, each));
        }
        Map<String, String> shown = new LinkedHashMap<>(p.asMap());
        TUNED_PARAMS.forEach(shown::remove);
        Input in = input(n, type, p.getLong("seed"));
        return Runs.run(s, name(), variant, Params.of(shown), () -> execute(s, variant, in, wg, reps));
    }

    private synchronized Input input(int n, ElemType type, long seed) {
        Input c = cached;
        if (c != null && c.n == n && c.type == type && c.seed == seed) return c;
        SplittableRandom r = new SplittableRandom(seed);
        Object data;
        double ref;
        if (type == ElemType.INT) {
            int[] a = new int[n];
            long sum = 0;
            for (int i = 0; i < n; i++) {
                a[i] = r.nextInt(-100, 101);
                sum += a[i];
            }
            data = a;
            ref = (int) sum;   // int32 arithmetic wraps identically everywhere
        } else {
            float[] a = new float[n];
            double sum = 0;
            for (int i = 0; i < n; i++) {
                a[i] = (float) r.nextDouble();
                sum += a[i];
            }
            data = a;
            ref = sum;
        }
        cached = new Input(n, type, seed, data, ref);
        return cached;
    }

    private Outcome execute(DeviceSession s, String variant, Input in, int wg, int reps) {
        ElemType t = in.type;
        int n = in.n;
        int groups = (int) ((n + (long) wg - 1) / wg);
        NDRange range = NDRange.of((long) groups * wg, wg);
        Object zero = t == ElemType.INT ? new int[1] : new float[1];
        Object result = t == ElemType.INT ? new int[1] : new float[1];
        Reps timed = Reps.of(reps);
        try (DeviceBuffer input = s.upload(in.data); DeviceBuffer out = s.allocate(t, 1)) {
            switch (variant) {
                case LOCAL_ATOMIC, STATIC_LOCAL -> {
                    boolean slm = variant.equals(STATIC_LOCAL);
                    try (CompiledKernel k = s.compile(slm ? ReductionKernels.staticLocal(t) : ReductionKernels.localAtomic(t))) {
                        while (timed.more()) {
                            out.write(zero);
                            Rep rep = new Rep();
                            if (slm) {
                                rep.add(s.launch(k, range, input, out, n, LocalSize.of(wg), LocalSize.of(1)));
                            } else {
                                rep.add(s.launch(k, range, input, out, n, LocalSize.of(wg)));
                            }
                            out.read(result);
                            timed.add(rep.stop());
                        }
                    }
                }
                case TWO_KERNEL -> {
                    try (CompiledKernel k1 = s.compile(ReductionKernels.partials(t));
                         CompiledKernel k2 = s.compile(ReductionKernels.fin(t));
                         DeviceBuffer partial = s.allocate(t, groups)) {
                        while (timed.more()) {
                            Rep rep = new Rep();
                            rep.add(s.launch(k1, range, input, partial, n, LocalSize.of(wg)));
                            rep.add(s.launch(k2, NDRange.of(wg, wg), partial, out, groups, LocalSize.of(wg)));
                            out.read(result);
                            timed.add(rep.stop());
                        }
                    }
                }
                default -> throw new ConfigException("unknown variant " + variant);
            }
        }
        String mismatch = check(t, n, valueOf(result), in.reference);
        Map<String, Double> metrics = new LinkedHashMap<>();
        long bytes = (long) n * t.bytes();
        Rep row = timed.row();
        metrics.put("GB/s", Runs.gbPerSecond(bytes, row.kernelNanos()));
        if (row.modelledNanos() >= 0) metrics.put("modelled GB/s", Runs.gbPerSecond(bytes, row.modelledNanos()));
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    // ---- tuning (the tuned variant) ---------------------------------------------------------

    @Override
    public String defaultTuningVariant() {
        return TUNED;
    }

    @Override
    public List<String> tunedParams() {
        return ReductionTuning.TUNED;
    }

    @Override
    public Params tuningDefaults() {
        return Params.of("reps", "5");
    }

    @Override
    public Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid) {
        return ReductionTuning.tuning(this, session, variant, fixed, grid);
    }

    /**
     * The tuned variant's knobs from the tuning cache: with {@code config=auto} and vw, ipt, gpc, wg and groups at
     * their defaults (a run's case holds every default, so a knob given at its default value counts as not given),
     * the best result cached for this backend, device fingerprint, kernel and type, tuned at any n; the row then
     * shows {@code config=tuned}. As the scan's single-pass variant does.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        if (!variant.equals(TUNED)) return params;
        Params d = defaults(), p = d.with(params);
        if (!TuningSupport.takesCache(p, CACHE_KNOBS, name -> p.get(name).equals(d.get(name)))) return params;
        boolean required = TuningSupport.required(p.get("config"));
        String type = p.get("type");
        if (!type.equals("int") && !type.equals("float")) return params;   // run names the bad parameter
        var pick = lookup.pick(session, name(), ReductionKernels.tuned(type.equals("int") ? ElemType.INT : ElemType.FLOAT).hash(),
                Map.of("variant", TUNED, "type", type), Map.of("n", p.get("n")));
        return TuningSupport.withPick(params, pick, ReductionTuning.TUNED, required, "reduction tuned, type " + type);
    }

    /** The tuned variant's settings: vector width, loads in flight, groups per compute unit and in all. */
    record Tuned(int vw, int ipt, int gpc, int groups) {
    }

    static Tuned tuned(Params p, int computeUnits) {
        int vw = p.getInt("vw");
        if (!VWS.contains(vw)) throw new ConfigException("vw must be one of 1, 2, 4, 8, got " + vw);
        int ipt = p.getInt("ipt");
        if (ipt < 1 || ipt > MAX_IPT) throw new ConfigException("ipt must be in [1, " + MAX_IPT + "], got " + ipt);
        int gpc = p.getInt("gpc");
        if (gpc < 1 || gpc > MAX_GPC) throw new ConfigException("gpc must be in [1, " + MAX_GPC + "], got " + gpc);
        int groups = p.getInt("groups");
        if (groups < 0 || groups > MAX_GROUPS) throw new ConfigException("groups must be 0 (gpc per compute unit) or in [1, " + MAX_GROUPS + "], got " + groups);
        return new Tuned(vw, ipt, gpc, groups > 0 ? groups : gpc * computeUnits);
    }

    private Outcome executeTuned(DeviceSession s, Input in, int wg, int reps, Tuned tu, int launches, int warmup, boolean each) {
        ElemType t = in.type;
        int n = in.n;
        NDRange range = NDRange.of((long) tu.groups() * wg, wg);
        Object result = t == ElemType.INT ? new int[1] : new float[1];
        // queued launches measure the host's time per launch: repetitions are ranked by wall time
        Reps timed = launches > 1 ? Reps.byWall(reps) : Reps.of(reps);
        String mismatchEach = null;
        Constants c = Constants.of("VW", tu.vw(), "IPT", tu.ipt());
        try (DeviceBuffer input = s.upload(in.data); DeviceBuffer out = s.allocate(t, 1);
             DeviceBuffer partial = s.allocate(t, tu.groups()); DeviceBuffer ticket = s.upload(new int[1]);
             CompiledKernel k = s.compile(ReductionKernels.tuned(t), c)) {
            // queued launches: one untimed launch first, so that no repetition's wall time carries the first
            // launch's one-off costs (a driver loading the module lazily); then the warm-up, queued as the
            // timed launches are, so that they run JIT-compiled host code. It repeats the timed launch itself:
            // a launch with other scalars would be another plan on routes that compile scalars in (TornadoVM),
            // with device copies of its own
            if (launches > 1) {
                s.launch(k, range, input, partial, out, ticket, n, LocalSize.of(wg));
                long until = System.nanoTime() + WARMUP_NANOS;
                for (int done = 0; done < warmup && System.nanoTime() - until < 0; done += launches) {
                    if (each) {
                        for (int i = 0, m = Math.min(launches, warmup - done); i < m; i++) {
                            s.launch(k, range, input, partial, out, ticket, n, LocalSize.of(wg));
                            out.read(result);
                        }
                    } else {
                        s.launchRepeated(k, range, Math.min(launches, warmup - done), input, partial, out, ticket, n, LocalSize.of(wg));
                    }
                }
            }
            while (timed.more()) {
                Rep rep = new Rep();
                if (each) {
                    // a result per launch, each checked against the reference (float sums may differ in their last
                    // bits between launches: the groups' atomic order is not fixed)
                    for (int i = 0; i < launches; i++) {
                        rep.add(s.launch(k, range, input, partial, out, ticket, n, LocalSize.of(wg)));
                        out.read(result);
                        if (mismatchEach == null) {
                            String m = check(t, n, valueOf(result), in.reference);
                            if (m != null) mismatchEach = "launch " + (i + 1) + " of " + launches + ": " + m;
                        }
                    }
                } else {
                    // every launch sums the same input into out (the last group writes it): one read-back checks them all
                    rep.add(launches == 1 ? s.launch(k, range, input, partial, out, ticket, n, LocalSize.of(wg))
                            : s.launchRepeated(k, range, launches, input, partial, out, ticket, n, LocalSize.of(wg)));
                    out.read(result);
                }
                timed.add(rep.stop());
            }
        }
        // readback=each checked every read as it came; otherwise the one read-back checks them all
        String mismatch = each ? mismatchEach : check(t, n, valueOf(result), in.reference);
        Map<String, Double> metrics = new LinkedHashMap<>();
        long bytes = (long) n * t.bytes() * launches;
        Rep best = timed.row();
        metrics.put("GB/s", Runs.gbPerSecond(bytes, best.kernelNanos()));
        if (launches > 1) {
            // per launch: the repetition's wall time (launches queued, one wait, one 4-byte read; or with readback=each,
            // a launch, its wait and its read each) and device time
            metrics.put("wall us/launch", best.wallNanos() / 1e3 / launches);
            metrics.put("kernel us/launch", best.kernelNanos() / 1e3 / launches);
            // the host's own share, where the route measures it (jocl: arguments and enqueues, before the wait)
            Long host = best.counters().get(Counters.HOST_ENQUEUE_NANOS);
            if (host != null) metrics.put("host us/launch", host / 1e3 / launches);
        }
        if (best.modelledNanos() >= 0) metrics.put("modelled GB/s", Runs.gbPerSecond(bytes, best.modelledNanos()));
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    /** The value in a one-element int[] or float[] result. */
    private static double valueOf(Object result) {
        return result instanceof int[] a ? a[0] : ((float[]) result)[0];
    }

    /** Null when {@code got} matches the reference, else what differs. */
    static String check(ElemType t, int n, double got, double reference) {
        if (t == ElemType.INT) {
            return got == reference ? null : "sum " + (long) got + " != exact reference " + (long) reference;
        }
        double tol = 1e-5 * Math.max(1, Math.log(n) / Math.log(2));
        double rel = Math.abs(got - reference) / Math.max(Math.abs(reference), Double.MIN_NORMAL);
        return rel <= tol ? null : "sum " + got + " differs from double reference " + reference
                + " by " + String.format("%.3g", rel) + " relative (tolerance " + String.format("%.3g", tol) + ")";
    }
}
