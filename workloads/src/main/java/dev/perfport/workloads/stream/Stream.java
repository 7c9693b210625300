package dev.perfport.workloads.stream;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Rep;
import dev.perfport.workloads.Reps;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.gemm.Precision;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The memory bandwidth a device achieves, in the manner of BabelStream (UoB-HPC/BabelStream): one
 * variant per kernel, copy (c = a), mul (b = s·c), add (c = a + b), triad (a = b + s·c) and dot
 * (Σ a·b), each in float and double ({@code type}; compare runs both unless given). Metric
 * {@code GB/s}: the bytes the kernel must move (BabelStream's count: copy and mul 2 arrays, add and
 * triad 3, dot 2 reads) over the kernel time. The best of these rates on a device is the
 * denominator of the {@code % of stream} column of {@code perfport bench gpu}.
 *
 * <p>Each kernel runs on its own inputs (seeded, in [-1, 1)), so every repetition computes the same
 * result. The check: copy, mul and add exactly (one rounding each, as Java rounds it); triad within
 * one more rounding (a route may fuse the multiply-add); dot within the bound of its summation
 * order, (terms per work-item + tree levels + 2)·u·Σ|a·b|, against a compensated double sum.
 */
@AutoService(Workload.class)
public final class Stream implements Workload {
    /** BabelStream's scalar (its startScalar). */
    static final double SCALAR = 0.4;
    /** Largest n: three arrays of 2^30 doubles are 24 GiB, and every index stays an int. */
    static final int MAX_N = 1 << 30;
    /** Largest dotgroups: the partial sums stay a small read-back. */
    static final int MAX_DOT_GROUPS = 1 << 20;
    static final String DOT = "dot";

    static final Knob<Integer> N = Knob.ints("n").must(n -> n >= 1 && n <= MAX_N, "in [1, 2^30]").tunedFrom(1).byDefaultText("2^25")
            .help("elements of each array");
    static final Knob<String> TYPE = Knob.choice("type", "float", "double").byDefault("float")
            .help("element type (double needs fp64 on the device); compare runs both unless given");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(256).help("work-group size (dot: a power of two)");
    static final Knob<Integer> DOT_GROUPS = Knob.ints("dotgroups").must(g -> g >= 1 && g <= MAX_DOT_GROUPS, "in [1, 2^20]")
            .orAuto().byDefaultText("auto").only(DOT)
            .help("dot's work-groups, each a grid-stride loop; auto = 4 x compute units x the largest work-group / wg (BabelStream's work-items)");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    // dot's tree halves the work-group at each level
    static final Spec SPEC = Spec.of("stream")
            .description("BabelStream's copy, mul, add, triad and dot on float and double: the memory bandwidth the device achieves "
                    + "(the denominator of bench gpu's % of stream)")
            .kernels(StreamKernels::all)
            .variants(StreamKernels.NAMES.toArray(String[]::new))
            .knobs(N, TYPE, WG, DOT_GROUPS, REPS, SEED)
            .rules(Rule.of("dot-wg", v -> Integer.bitCount(v.get(WG)) == 1,
                    v -> "wg must be a power of two for dot (its tree), got " + v.get(WG)).only(DOT))
            .build();

    @Override
    public Spec spec() {
        return SPEC;
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "dotgroups", "3", "reps", "1"),
                Params.of("n", "100003", "seed", "7", "reps", "2"));
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        return Spec.eachUnlessGiven(defaults().with(overrides), overrides, TYPE, "float", "double");
    }

    @Override
    public Set<String> ignoredParams(String variant) {
        return SPEC.unread(variant);
    }

    @Override
    public Optional<Bound> bound(String variant, Params params) {
        return Optional.of(Bound.memory());
    }

    /** Arrays the kernel must move per element: BabelStream's count. */
    static int arrays(String variant) {
        return switch (variant) {
            case "copy", "mul", "dot" -> 2;
            case "add", "triad" -> 3;
            default -> throw new IllegalArgumentException("no stream kernel '" + variant + "'");
        };
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        Values v = SPEC.parse(params, variant);
        Precision prec = Precision.of(v.get(TYPE));
        int n = v.get(N), wg = v.get(WG), reps = v.get(REPS);
        int groups = variant.equals(DOT) ? dotGroups(v.given(DOT_GROUPS).orElse(null), s.device(), wg) : 0;
        long seed = v.get(SEED);
        return Runs.run(s, name(), variant, v.params(), () -> execute(s, variant, prec, n, wg, groups, reps, seed));
    }

    /** dot's work-groups: those given, or auto's (null) 4 x compute units x the largest work-group / wg (at least 1). */
    static int dotGroups(Integer given, DeviceInfo d, int wg) {
        if (given != null) return given;
        return (int) Math.max(1, Math.min(MAX_DOT_GROUPS, 4L * d.computeUnits() * d.maxWorkGroupSize() / wg));
    }

    /**
     * An array kernel's buffers in its argument order (BabelStream's), the one it writes, and whether
     * the scalar follows them; n comes last.
     */
    private record Shape(String arrays, char out, boolean scalar) {
        static Shape of(String variant) {
            return switch (variant) {
                case "copy" -> new Shape("ac", 'c', false);
                case "mul" -> new Shape("bc", 'b', true);
                case "add" -> new Shape("abc", 'c', false);
                case "triad" -> new Shape("abc", 'a', true);
                default -> throw new IllegalArgumentException("no array kernel '" + variant + "'");
            };
        }
    }

    private static Outcome execute(DeviceSession s, String variant, Precision p, int n, int wg, int groups, int reps, long seed) {
        if (p == Precision.DOUBLE && s.device().support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            throw new UnsupportedFeatureException("stream type=double needs double precision, which " + s.device().name()
                    + " does not support (feature DOUBLE_PRECISION)");
        }
        StreamArrays in = new StreamArrays(p, n, seed);
        Reps timed = Reps.of(reps);
        String mismatch;
        try (CompiledKernel k = s.compile(StreamKernels.of(variant, p))) {
            mismatch = variant.equals("dot") ? dot(s, k, timed, in, wg, groups) : in.check(variant, arrays(s, k, timed, in, wg, Shape.of(variant)));
        }
        long bytes = (long) arrays(variant) * n * p.bytes();
        Map<String, Double> metrics = new LinkedHashMap<>();
        Rep row = timed.row();
        metrics.put("GB/s", Runs.gbPerSecond(bytes, row.kernelNanos()));
        if (row.modelledNanos() >= 0) metrics.put("modelled GB/s", Runs.gbPerSecond(bytes, row.modelledNanos()));
        return Outcome.of(mismatch == null, mismatch, timed, metrics);
    }

    /** An array kernel, one work-item per element, {@code reps} times on the same inputs; returns what it wrote. */
    private static Object arrays(DeviceSession s, CompiledKernel k, Reps timed, StreamArrays in, int wg, Shape shape) {
        int n = in.n();
        DeviceBuffer[] bufs = new DeviceBuffer[shape.arrays().length()];
        try {
            Object[] args = new Object[bufs.length + (shape.scalar() ? 2 : 1)];
            for (int i = 0; i < bufs.length; i++) {
                char name = shape.arrays().charAt(i);
                bufs[i] = name == shape.out() ? s.allocate(in.precision().elem, n) : s.upload(in.array(name));
                args[i] = bufs[i];
            }
            if (shape.scalar()) args[bufs.length] = in.scalar();
            args[args.length - 1] = n;
            long groups = (n + (long) wg - 1) / wg;
            while (timed.more()) {
                Rep one = new Rep();
                one.add(s.launch(k, NDRange.of(groups * wg, wg), args));
                timed.add(one.stop());
            }
            Object got = in.empty(n);
            bufs[shape.arrays().indexOf(shape.out())].read(got);
            return got;
        } finally {
            for (DeviceBuffer b : bufs) if (b != null) b.close();
        }
    }

    /** dot on {@code groups} groups of {@code wg}, {@code reps} times, reading the partials back each time as BabelStream does. */
    private static String dot(DeviceSession s, CompiledKernel k, Reps timed, StreamArrays in, int wg, int groups) {
        Object partials = in.empty(groups);
        try (DeviceBuffer a = s.upload(in.array('a')); DeviceBuffer b = s.upload(in.array('b'));
             DeviceBuffer sum = s.allocate(in.precision().elem, groups)) {
            while (timed.more()) {
                Rep one = new Rep();
                one.add(s.launch(k, NDRange.of((long) groups * wg, wg), a, b, sum, in.n(), LocalSize.of(wg)));
                sum.read(partials);
                timed.add(one.stop());
            }
        }
        return in.checkDot(partials, (long) groups * wg, wg);
    }
}
