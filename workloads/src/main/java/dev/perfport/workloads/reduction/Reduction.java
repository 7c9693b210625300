package dev.perfport.workloads.reduction;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
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

import static dev.perfport.workloads.reduction.ReductionSpec.SPEC;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The reduction study of seed 003 (§3.3, Tables 4 and 6): sum N elements with one work-item per
 * element, in three variants that differ in how work-groups combine their partial sums.
 *
 * <ul>
 *   <li>{@code local-atomic}: local memory, then one global atomic per work-group;</li>
 *   <li>{@code static-local}: static local memory, then one global atomic per compute unit;</li>
 *   <li>{@code two-kernel}: per-group partial sums, then a second kernel in one work-group.</li>
 *   <li>{@code tuned} (not a paper variant): what today's GPUs need: {@code gpc}
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
    /** The warm-up stops after this long even when launches remain (large n, a slow device, an emulator). */
    static final long WARMUP_NANOS = 2_000_000_000L;
    /** What a cached pick sets: the tuned knobs, and groups, which their gpc replaces. */
    private static final List<Knob<?>> CACHE_KNOBS = List.of(ReductionSpec.VW, ReductionSpec.IPT, ReductionSpec.GPC, ReductionSpec.WG);

    /** The last generated input, reused while n, type and seed stay the same (one entry only). */
    private record Input(int n, ElemType type, long seed, Object data, double reference) {
    }

    /** The last input: at 2^28 it is a gigabyte, made once for every route and variant of a compare. */
    private final LastInput<InputKey, Input> inputs = new LastInput<>();

    private record InputKey(int n, ElemType type, long seed) {
    }

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "reps", "1"),
                Params.of("n", "100003", "reps", "2"));
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, ReductionSpec.TYPE, "int", "float");
    }

    /** Memory-bound: the GB/s count the n elements read once. */
    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        int n = v.get(ReductionSpec.N), wg = v.get(ReductionSpec.WG), reps = v.get(ReductionSpec.REPS);
        ElemType type = v.get(ReductionSpec.TYPE).equals("int") ? ElemType.INT : ElemType.FLOAT;
        Input in = input(n, type, v.get(ReductionSpec.SEED));
        Map<String, String> shown = v.shown();
        if (variant.equals(TUNED)) {
            Tuned tu = tuned(v, s.device().computeUnits());
            int launches = v.get(ReductionSpec.LAUNCHES);
            boolean each = v.get(ReductionSpec.READBACK).equals(ReductionSpec.READBACK_EACH);
            // a single launch per repetition is timed by the device: its host path is not what the row measures
            if (launches == 1) {
                shown.remove(ReductionSpec.WARMUP_LAUNCHES.name());
                shown.remove(ReductionSpec.READBACK.name());
            }
            int warmup = launches == 1 ? 0 : v.get(ReductionSpec.WARMUP_LAUNCHES);
            return Runs.run(s, name(), variant, Params.of(shown), () -> {
                v.refuseOn(s.device());
                return executeTuned(s, in, wg, reps, tu, launches, warmup, each);
            });
        }
        return Runs.run(s, name(), variant, Params.of(shown), () -> {
            v.refuseOn(s.device());
            return execute(s, variant, in, wg, reps);
        });
    }

    private Input input(int n, ElemType type, long seed) {
        return inputs.get(new InputKey(n, type, seed), () -> generate(n, type, seed));
    }

    private static Input generate(int n, ElemType type, long seed) {
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
        return new Input(n, type, seed, data, ref);
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
                default -> throw new IllegalStateException("no variant " + variant);
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
        return SPEC.tunedNames();
    }

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
        return ReductionTuning.tuning(this, session, variant, fixed, grid);
    }

    /**
     * The tuned variant's knobs from the tuning cache, else the database: with {@code config=auto} and vw, ipt, gpc and
     * wg at their defaults (a run's case holds every default, so a knob given at its default value counts as not given),
     * the best result for this backend, device, kernel, type and groups, tuned at any n (the database's nearest n);
     * the row then shows {@code config=cache} or {@code database}. As the scan's single-pass variant does.
     */
    @Override
    public Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        if (!variant.equals(TUNED)) return params;
        Values v = SPEC.parse(params, TUNED);
        if (!TuningSupport.takesCache(v, CACHE_KNOBS)) return params;
        boolean required = TuningSupport.required(v.get(ReductionSpec.CONFIG));
        String type = v.get(ReductionSpec.TYPE);
        // groups is matched, not tuned: a pick for the smallest launch (groups=1) is another kernel shape than one for
        // persistent groups per compute unit (groups=0)
        var pick = lookup.pick(session, name(), ReductionKernels.tuned(type.equals("int") ? ElemType.INT : ElemType.FLOAT).hash(),
                Map.of("variant", TUNED, "type", type, "groups", v.text(ReductionSpec.GROUPS)), Map.of("n", v.text(ReductionSpec.N)));
        return TuningSupport.withPick(params, pick, SPEC.tunedNames(), required, "reduction tuned, type " + type);
    }

    /** The tuned variant's settings: the kernel's constants (vector width, loads in flight) and the persistent groups in all. */
    record Tuned(Constants constants, int groups) {
    }

    static Tuned tuned(Values v, int computeUnits) {
        int groups = v.get(ReductionSpec.GROUPS);
        return new Tuned(SPEC.constants(v), groups > 0 ? groups : v.get(ReductionSpec.GPC) * computeUnits);
    }

    private Outcome executeTuned(DeviceSession s, Input in, int wg, int reps, Tuned tu, int launches, int warmup, boolean each) {
        ElemType t = in.type;
        int n = in.n;
        NDRange range = NDRange.of((long) tu.groups() * wg, wg);
        Object result = t == ElemType.INT ? new int[1] : new float[1];
        // queued launches measure the host's time per launch: repetitions are ranked by wall time
        Reps timed = launches > 1 ? Reps.byWall(reps) : Reps.of(reps);
        String mismatchEach = null;
        try (DeviceBuffer input = s.upload(in.data); DeviceBuffer out = s.allocate(t, 1);
             DeviceBuffer partial = s.allocate(t, tu.groups()); DeviceBuffer ticket = s.upload(new int[1]);
             CompiledKernel k = s.compile(ReductionKernels.tuned(t), tu.constants())) {
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
                            s.launchThenRead(k, range, out, result, input, partial, out, ticket, n, LocalSize.of(wg));
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
                        rep.add(s.launchThenRead(k, range, out, result, input, partial, out, ticket, n, LocalSize.of(wg)));
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
