package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.fft.Fft;
import dev.perfport.workloads.fft.FftConfig;
import dev.perfport.workloads.fft.FftReference;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * The FFT's part of seed 004: on each case (n points, a batch), every point of the knob space
 * (radix 2/4/8 x layout x exchange x twiddle x share on the fused path; radix x layout x twiddle
 * on the multi-pass path), rated in GFLOP/s by 5·N·log2 N (modelled on the emulator). The untuned
 * portable kernel is SHOC's: radix 8, AoS, exchange through local memory, sin/cos twiddles, no
 * sharing. Each knob alone from there, then all knobs tuned. The reference is a host Java
 * double-precision radix-2 FFT on all cores (no FFT library on the CI machine; cuFFT through
 * bench/torch_fft.py on the GPU).
 */
public final class FftStudy implements Seed004Study {
    public static final String DEFAULT_CASES = "512:256,2^16:1";
    private final Fft fft = new Fft();

    @Override
    public String workload() {
        return "fft";
    }

    @Override
    public String title() {
        return "FFT";
    }

    @Override
    public String about() {
        return "GFLOP/s counting 5 N log2 N per transform (the paper's convention; modelled on the emulator), compared with a host "
                + "Java double-precision radix-2 FFT on all cores (the reference; no FFT library on this machine, cuFFT through "
                + "bench/torch_fft.py on the GPU)";
    }

    @Override
    public List<String> params() {
        return List.of("ffts");
    }

    /** Cases as n:batch, e.g. 512:256 (the paper's 512-point batch) and 2^16:1 (one transform on the multi-pass path). */
    @Override
    public List<String> cases(Params o) {
        List<String> l = new ArrayList<>();
        for (String c : o.get("ffts", DEFAULT_CASES).split(",")) if (!c.isBlank()) l.add(c.trim());
        return l;
    }

    private static int[] parse(String kase) {
        String[] p = kase.split(":");
        int n = (int) Params.parseLong("ffts", p[0]);
        int batch = p.length > 1 ? (int) Params.parseLong("ffts", p[1]) : 1;
        return new int[]{n, batch};
    }

    /** The knob space of a case's path. */
    static List<Map<String, String>> grid(int n) {
        boolean fused = n <= Fft.FUSED_MAX;
        List<Map<String, String>> points = new ArrayList<>();
        for (int radix : FftConfig.RADICES) {
            for (String layout : List.of("aos", "soa")) {
                for (String exchange : fused ? List.of("local", "global") : List.of("global")) {
                    for (String twiddle : List.of("computed", "table")) {
                        for (String share : fused ? List.of("off", "on") : List.of("off")) {
                            Map<String, String> k = new LinkedHashMap<>();
                            k.put("radix", Integer.toString(radix));
                            k.put("layout", layout);
                            k.put("exchange", exchange);
                            k.put("twiddle", twiddle);
                            k.put("share", share);
                            points.add(k);
                        }
                    }
                }
            }
        }
        return points;
    }

    @Override
    public List<Point> measure(DeviceSession s, String kase, Params o, PrintStream err) {
        int[] nb = parse(kase);
        int reps = (int) Params.parseLong("reps", o.get("reps", "2"));
        List<Point> out = new ArrayList<>();
        int ok = 0, failed = 0;
        String firstError = null;
        for (Map<String, String> knobs : grid(nb[0])) {
            Params p = Params.of(knobs).with("n", Integer.toString(nb[0])).with("batch", Integer.toString(nb[1]))
                    .with("passes", nb[0] <= Fft.FUSED_MAX ? "fused" : "multi").with("reps", Integer.toString(reps))
                    .with("seed", o.get("seed", "42"));
            RunResult r;
            try {
                r = fft.run(s, Fft.STOCKHAM, p);
            } catch (PerfportException e) {
                r = RunResult.failed(s.backendId(), s.device().name(), "fft", Fft.STOCKHAM, p.asMap(), e.getMessage());
            }
            Point pt = Point.of(r, knobs, "GFLOP/s", null);
            out.add(pt);
            if (pt.ok()) ok++;
            else {
                failed++;
                if (firstError == null) firstError = pt.error();
            }
        }
        err.println("  fft " + kase + ": " + ok + " point(s) verified" + (failed > 0 ? ", " + failed + " failed (" + firstError + ")" : ""));
        return out;
    }

    @Override
    public Point reference(String kase, Params o, PrintStream err) {
        int[] nb = parse(kase);
        int n = nb[0], batch = nb[1];
        SplittableRandom rnd = new SplittableRandom(Params.parseLong("seed", o.get("seed", "42")));
        double[] re0 = new double[n * batch], im0 = new double[n * batch];
        for (int i = 0; i < re0.length; i++) {
            re0[i] = rnd.nextDouble() * 2 - 1;
            im0[i] = rnd.nextDouble() * 2 - 1;
        }
        int threads = Runtime.getRuntime().availableProcessors();
        long best = Long.MAX_VALUE;
        for (int rep = 0; rep < 5; rep++) {
            double[] re = re0.clone(), im = im0.clone();
            long t0 = System.nanoTime();
            IntStream.range(0, batch).parallel().forEach(b -> FftReference.fft(re, im, b * n, n));
            best = Math.min(best, System.nanoTime() - t0);
        }
        double flops = Fft.flops(n, batch);
        return new Point("host Java double radix-2 FFT (" + threads + " threads)", Map.of(), true, null, flops / best, "GFLOP/s",
                flops / best, 0, best / 1e6);
    }

    @Override
    public List<KnobRow> table(List<Point> points) {
        List<KnobRow> rows = new ArrayList<>();
        boolean fused = points.stream().anyMatch(p -> "local".equals(p.knobs().get("exchange")));
        String ex = fused ? "local" : "global";
        Map<String, String> base = Map.of("radix", "8", "layout", "aos", "exchange", ex, "twiddle", "computed", "share", "off");
        rows.add(new KnobRow("untuned", "SHOC's kernel: radix 8, AoS, " + ex + " exchange, sin/cos twiddles, no sharing",
                best(points, p -> differs(p, base).isEmpty())));
        for (String[] k : new String[][]{{"layout", "SoA (else as untuned)"}, {"twiddle", "twiddles from a table"},
                {"share", "shared twiddles, 8 butterflies per work-item"}, {"exchange", "exchange through global memory"},
                {"radix", "radix 2 or 4"}}) {
            // the multi-pass path has neither knob (global exchange, one butterfly per work-item): no row
            if (!fused && (k[0].equals("share") || k[0].equals("exchange"))) continue;
            rows.add(new KnobRow(k[0], k[1], best(points, p -> differs(p, base).equals(List.of(k[0])))));
        }
        rows.add(new KnobRow("all tuned", "the best point of the knob space", best(points, p -> true)));
        return rows;
    }

    private static List<String> differs(Point p, Map<String, String> base) {
        List<String> l = new ArrayList<>();
        base.forEach((k, v) -> {
            if (!v.equals(p.knobs().get(k))) l.add(k);
        });
        return l;
    }

    private static Point best(List<Point> points, Predicate<Point> which) {
        return points.stream().filter(Point::ok).filter(which).max(Comparator.comparingDouble(Point::rate)).orElse(null);
    }
}
