package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.ReductionKernels;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * {@code perfport bench emulator}: how fast the Cell/B.E. emulator runs, in host wall time,
 * against plain Java doing the same work on the same machine in the same JVM: the int32 sum of
 * {@code n} elements (default 2^25) as a parallel stream ({@code IntStream.range(0, n).parallel()})
 * and as a sequential loop, and as the reduction kernel on the emulator with the software cache
 * off ({@code perfport.cell-emulation.cache=false}, its fast mode) and on. Each route gets
 * warm-up runs, then the best of {@code reps} is kept; the emulator's time is its launch only
 * (the input is uploaded once, the kernel compiled once), and every emulator result is checked
 * against the plain sum. Prints each best time and its ratio to the parallel loop.
 *
 * @param target  what to benchmark: only {@code emulator}
 * @param params  n, reps, warmups, wg, variant (static-local or local-atomic), cache (off, on or both)
 */
public record BenchCommand(String target, List<String> params, List<String> selectors, String out) implements Command {
    public static final List<String> TARGETS = List.of("emulator", "gpu");

    /** The emulator's bench, which takes no selectors. */
    public BenchCommand(String target, List<String> params) {
        this(target, params, List.of(), null);
    }
    static final List<String> KEYS = List.of("n", "reps", "warmups", "wg", "variant", "cache");

    /** One route's best time. */
    record Line(String route, long bestNanos, String note) {
    }

    @Override
    public int execute(Context ctx) {
        if (!TARGETS.contains(target)) throw new ConfigException("unknown bench '" + target + "'; benches: " + String.join(", ", TARGETS));
        Params p = Params.parse(params);
        if (target.equals("gpu")) {
            for (String k : p.asMap().keySet()) {
                if (!k.equals("quick")) throw new ConfigException("unknown parameter '" + k + "' of bench gpu; parameters: quick");
            }
            return new GpuBench(selectors, p, out).run(ctx);
        }
        if (!selectors.isEmpty() || out != null) throw new ConfigException("bench emulator takes no --backend or --out");
        for (String k : p.asMap().keySet()) {
            if (!KEYS.contains(k)) throw new ConfigException("unknown parameter '" + k + "' of bench emulator; parameters: " + String.join(", ", KEYS));
        }
        int n = (int) range(p, "n", "2^25", 1, 1 << 30);
        int reps = (int) range(p, "reps", "10", 1, 1000);
        int warmups = (int) range(p, "warmups", "5", 0, 1000);
        int wg = (int) range(p, "wg", "256", 1, 4096);
        if (Integer.bitCount(wg) != 1) throw new ConfigException("bench parameter wg must be a power of two, got " + wg);
        String variant = p.get("variant", "static-local");
        if (!variant.equals("static-local") && !variant.equals("local-atomic")) {
            throw new ConfigException("bench parameter variant must be static-local or local-atomic, got '" + variant + "'");
        }
        String cache = p.get("cache", "both");
        List<Boolean> caches = switch (cache) {
            case "off", "false" -> List.of(false);
            case "on", "true" -> List.of(true);
            case "both" -> List.of(false, true);
            default -> throw new ConfigException("bench parameter cache must be off, on or both, got '" + cache + "'");
        };

        int[] a = input(n);
        List<Line> lines = new ArrayList<>();
        long[] sum = new long[1];
        long parallel = best(warmups, reps, () -> sum[0] = IntStream.range(0, n).parallel().map(i -> a[i]).sum());
        int expected = (int) sum[0];
        lines.add(new Line("plain Java: IntStream.range(0, n).parallel().map(i -> a[i]).sum()", parallel, "the reference"));
        long sequential = best(warmups, reps, () -> {
            int s = 0;
            for (int x : a) s += x;
            sum[0] = s;
        });
        if ((int) sum[0] != expected) throw new IllegalStateException("the sequential sum " + sum[0] + " differs from the parallel " + expected);
        lines.add(new Line("plain Java: sequential for loop", sequential, ""));
        int workers = 0;
        for (boolean c : caches) {
            PerfportConfig cfg = ctx.config().with("perfport.cell-emulation.cache", Boolean.toString(c));
            try (Backend b = ctx.registry().createWith("cell-emulation", cfg)) {
                long[] modelled = {0};
                long t = emulator(b, a, n, wg, variant, expected, warmups, reps, modelled);
                workers = b.devices().getFirst().computeUnits();
                lines.add(new Line("emulator: reduction " + variant + ", wg " + wg + ", cache " + (c ? "on" : "off")
                        + " (perfport.cell-emulation.cache=" + c + ")", t, String.format(Locale.ROOT, "modelled %.1f ms", modelled[0] / 1e6)));
            }
        }
        print(ctx, lines, n, reps, warmups, workers, parallel);
        return 0;
    }

    private static long range(Params p, String k, String dflt, long min, long max) {
        long v = Params.parseLong(k, p.get(k, dflt));
        if (v < min || v > max) throw new ConfigException("bench parameter " + k + " must be in [" + min + ", " + max + "], got " + v);
        return v;
    }

    /** The reduction workload's int input: values in [-100, 100]. */
    static int[] input(int n) {
        SplittableRandom r = new SplittableRandom(42);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = r.nextInt(-100, 101);
        return a;
    }

    /** Best wall time of {@code reps} runs after {@code warmups}. */
    static long best(int warmups, int reps, Runnable body) {
        for (int i = 0; i < warmups; i++) body.run();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            body.run();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }

    /** Best launch time of the reduction kernel on {@code b}; checks every result against {@code expected}. */
    private static long emulator(Backend b, int[] a, int n, int wg, String variant, int expected, int warmups, int reps, long[] modelled) {
        boolean slm = variant.equals("static-local");
        long groups = (n + (long) wg - 1) / wg;
        NDRange range = NDRange.of(groups * wg, wg);
        try (DeviceSession s = b.open(0); DeviceBuffer in = s.upload(a); DeviceBuffer out = s.allocate(ElemType.INT, 1);
             CompiledKernel k = s.compile(slm ? ReductionKernels.staticLocal(ElemType.INT) : ReductionKernels.localAtomic(ElemType.INT))) {
            int[] zero = new int[1], got = new int[1];
            long best = Long.MAX_VALUE;
            for (int i = 0; i < warmups + reps; i++) {
                out.write(zero);
                long t0 = System.nanoTime();
                var st = slm ? s.launch(k, range, in, out, n, LocalSize.of(wg), LocalSize.of(1)) : s.launch(k, range, in, out, n, LocalSize.of(wg));
                long t = System.nanoTime() - t0;
                out.read(got);
                if (got[0] != expected) throw new IllegalStateException("the emulator's sum " + got[0] + " differs from the plain sum " + expected);
                if (i >= warmups) best = Math.min(best, t);
                modelled[0] = st.modelledNanos();
            }
            return best;
        }
    }

    private static void print(Context ctx, List<Line> lines, int n, int reps, int warmups, int units, long reference) {
        var out = ctx.out();
        out.printf(Locale.ROOT, "bench emulator: int32 sum of %s elements, best of %d after %d warm-up(s); host: %d cores, Java %s; emulator: %d compute units%n%n",
                Long.bitCount(n) == 1 ? "2^" + Integer.numberOfTrailingZeros(n) : Integer.toString(n), reps, warmups,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), units);
        int w = lines.stream().mapToInt(l -> l.route().length()).max().orElse(10);
        out.printf(Locale.ROOT, "%-" + w + "s  %10s  %20s  %s%n", "ROUTE", "BEST (ms)", "RATIO (to parallel)", "NOTE");
        for (Line l : lines) {
            out.printf(Locale.ROOT, "%-" + w + "s  %10.2f  %20.2f  %s%n", l.route(), l.bestNanos() / 1e6, (double) l.bestNanos() / reference, l.note());
        }
    }
}
