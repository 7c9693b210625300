package dev.perfport.workloads.stream;

import com.google.auto.service.AutoService;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.ConfigException;
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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

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

    @Override
    public String name() {
        return "stream";
    }

    @Override
    public String seed() {
        return "sample";
    }

    @Override
    public String description() {
        return "BabelStream's copy, mul, add, triad and dot on float and double: the memory bandwidth the device achieves (the denominator of bench gpu's % of stream)";
    }

    @Override
    public List<String> variants() {
        return StreamKernels.NAMES;
    }

    @Override
    public List<dev.perfport.core.kernel.KernelDef> kernels() {
        List<dev.perfport.core.kernel.KernelDef> l = new java.util.ArrayList<>();
        for (Precision p : Precision.values()) for (String k : StreamKernels.NAMES) l.add(StreamKernels.of(k, p));
        return List.copyOf(l);
    }

    @Override
    public List<Params> smallCases() {
        return List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "dotgroups", "3", "reps", "1"),
                Params.of("n", "100003", "seed", "7", "reps", "2"));
    }

    @Override
    public Params defaults() {
        return Params.of("n", "2^25", "type", "float", "wg", "256", "dotgroups", "auto", "reps", "3", "seed", "42");
    }

    @Override
    public List<String> paramHelp() {
        return List.of("n: elements of each array (1 to 2^30)", "type: float or double (double needs fp64 on the device); compare runs both unless given",
                "wg: work-group size (dot: a power of two)",
                "dotgroups: dot's work-groups, each a grid-stride loop; auto = 4 x compute units x the largest work-group / wg (BabelStream's work-items)",
                "reps: repetitions; timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)", "seed: input generator seed");
    }

    @Override
    public List<Params> compareCases(Params overrides) {
        Params base = defaults().with(overrides);
        if (overrides.has("type")) return List.of(base);
        return List.of(base.with("type", "float"), base.with("type", "double"));
    }

    @Override
    public Set<String> ignoredParams(String variant) {
        return variant.equals("dot") ? Set.of() : Set.of("dotgroups");
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
            default -> throw new ConfigException("unknown variant '" + variant + "' of stream; variants: " + StreamKernels.NAMES);
        };
    }

    @Override
    public RunResult run(DeviceSession s, String variant, Params params) {
        if (!variants().contains(variant)) throw new ConfigException("unknown variant '" + variant + "' of stream; variants: " + variants());
        Params p = defaults().with(params);
        Precision prec = Precision.of(p.get("type"));
        if (prec == null) throw new ConfigException("type must be float or double, got '" + p.get("type") + "'");
        int n = p.getInt("n"), wg = p.getInt("wg"), reps = p.getInt("reps");
        if (n < 1 || n > MAX_N) throw new ConfigException("n must be between 1 and 2^30, got " + p.get("n"));
        if (wg < 1) throw new ConfigException("wg must be >= 1, got " + wg);
        if (reps < 1) throw new ConfigException("reps must be >= 1, got " + reps);
        if (variant.equals("dot") && Integer.bitCount(wg) != 1) throw new ConfigException("wg must be a power of two for dot (its tree), got " + wg);
        int groups = variant.equals("dot") ? dotGroups(p.get("dotgroups"), s.device(), wg) : 0;
        long seed = p.getLong("seed");
        return Runs.run(s, name(), variant, p, () -> execute(s, variant, prec, n, wg, groups, reps, seed));
    }

    /** dot's work-groups: the parameter, or auto's 4 x compute units x the largest work-group / wg (at least 1). */
    static int dotGroups(String value, DeviceInfo d, int wg) {
        if (value.equals("auto")) return (int) Math.max(1, Math.min(1 << 20, 4L * d.computeUnits() * d.maxWorkGroupSize() / wg));
        int g;
        try {
            g = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ConfigException("dotgroups must be auto or a number from 1 to 2^20, got '" + value + "'");
        }
        if (g < 1 || g > 1 << 20) throw new ConfigException("dotgroups must be auto or a number from 1 to 2^20, got " + g);
        return g;
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
