package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * FFT's part of seed 004, over the knobs of the {@code fft} workload: every
 * combination of radix (2, 4, 8), layout (aos, soa), exchange (global, local), twiddles (computed,
 * table) and sharing (off, on), rated in GFLOP/s (5·N·log2 N per transform; modelled on the
 * emulator). The untuned portable kernel is SHOC's: radix 8, AoS, local exchange, computed
 * twiddles, no sharing (global exchange where the multi-pass path of a large N has no local one).
 * A combination the path cannot express (local exchange or sharing on the multi-pass path) is a
 * refused point, listed with its reason. The reference is FFTW on a CPU host and cuFFT
 * (bench/torch_fft.py) on a GPU.
 */
public final class FftStudy implements Seed004Study {
    public static final String DEFAULT_FFTS = "512x256,16384x4";
    static final List<String> KNOBS = List.of("radix", "layout", "exchange", "twiddle", "share");
    static final Map<String, String> BASE = Map.of("radix", "8", "layout", "0", "exchange", "1", "twiddle", "0", "share", "0");
    static final String STOCKHAM = "stockham", FOURSTEP = "fourstep";

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
        return "GFLOP/s of batched complex float FFTs, 5 x N x log2 N per transform (the paper's convention; modelled on the emulator). "
                + "Cases are `N x batch`. The reference is cuFFT (bench/torch_fft.py, `--param torch=FILE`) where it was measured "
                + "beside the device, else FFTW's `fftwf_plan_many_dft` on the host's cores (float, FFTW_MEASURE); `% peak` compares the kernel with the device's FP32 multiply-add rate measured in the same run "
                + "(the flops workload)";
    }

    @Override
    public List<String> params() {
        return List.of("ffts");
    }

    @Override
    public List<String> cases(Params o) {
        List<String> l = new ArrayList<>();
        for (String c : o.get("ffts", DEFAULT_FFTS).split(",")) {
            if (c.isBlank()) continue;
            String[] p = c.trim().split("x");
            if (p.length != 2) throw new ConfigException("report parameter ffts takes N x batch items such as 512x256, got '" + c.trim() + "'");
            Params.parseLong("ffts", p[0]);
            Params.parseLong("ffts", p[1]);
            l.add(c.trim());
        }
        return l;
    }

    @Override
    public List<Point> measure(DeviceSession s, String kase, Params o, PrintStream err) {
        String[] nb = kase.split("x");
        String reps = o.get("reps", "2");
        List<Point> out = new ArrayList<>();
        int ok = 0;
        for (int radix : List.of(2, 4, 8)) {
            for (int bits = 0; bits < 16; bits++) {
                Map<String, String> knobs = new LinkedHashMap<>();
                knobs.put("radix", Integer.toString(radix));
                for (int i = 0; i < 4; i++) knobs.put(KNOBS.get(i + 1), Integer.toString((bits >> i) & 1));
                Params p = Params.of(knobs).with("n", nb[0]).with("batch", nb[1]).with("reps", reps);
                RunResult r;
                try {
                    r = Workloads.get("fft").run(s, STOCKHAM, p);
                } catch (PerfportException e) {
                    r = RunResult.failed(s.backendId(), s.device().name(), "fft", STOCKHAM, p.asMap(), e.getMessage());
                }
                Point pt = Point.of(r, knobs, "GFLOP/s", null);
                out.add(pt);
                if (pt.ok()) ok++;
            }
        }
        // the four-step path (two launches of local-memory sub-FFTs, N = N1 x N2): exchange local and
        // sharing off by construction; its radix, layout and twiddles
        for (int radix : List.of(2, 4, 8)) {
            for (int bits = 0; bits < 4; bits++) {
                Map<String, String> knobs = new LinkedHashMap<>();
                knobs.put("radix", Integer.toString(radix));
                knobs.put("layout", Integer.toString(bits & 1));
                knobs.put("exchange", "1");
                knobs.put("twiddle", Integer.toString(bits >> 1));
                knobs.put("share", "0");
                Params p = Params.of(knobs).with("n", nb[0]).with("batch", nb[1]).with("reps", reps);
                RunResult r;
                try {
                    r = Workloads.get("fft").run(s, FOURSTEP, p);
                } catch (PerfportException e) {
                    r = RunResult.failed(s.backendId(), s.device().name(), "fft", FOURSTEP, p.asMap(), e.getMessage());
                }
                Point pt = Point.of(r, knobs, "GFLOP/s", null);
                out.add(pt);
                if (pt.ok()) ok++;
            }
        }
        err.println("  fft " + kase + ": " + ok + " of " + out.size() + " point(s) verified");
        return out;
    }

    /**
     * FFTW's batched FFT on this host's cores ({@link NativeReference}), the paper's state of the art;
     * a GPU's cuFFT line (bench/, {@code --param torch=FILE}) takes precedence over it. Reported as
     * failed, with the reason, where FFTW cannot be loaded.
     */
    @Override
    public Point reference(String kase, Params options, PrintStream err) {
        String[] nb = kase.split("x");
        long n = Params.parseLong("ffts", nb[0]), batch = Params.parseLong("ffts", nb[1]);
        if (n < 1 || batch < 1 || n * batch > (1L << 26)) return null;   // two arrays of 512 MiB and more: not on a host beside a device run
        Point p = NativeReference.fft((int) n, (int) batch, Params.parseLong("seed", options.get("seed", "42")));
        if (!p.ok()) err.println("  fft " + kase + ": no reference: " + p.error());
        return p;
    }

    @Override
    public List<KnobRow> table(List<Point> points) {
        // SHOC's kernel; where local exchange is refused (multi-pass), the same with global exchange
        Map<String, String> base = new LinkedHashMap<>(BASE);
        List<Point> stockham = points.stream().filter(p -> p.variant().equals(STOCKHAM)).toList();
        if (stockham.stream().noneMatch(p -> p.ok() && p.knobs().equals(base))) base.put("exchange", "0");
        List<KnobRow> rows = new ArrayList<>();
        rows.add(new KnobRow("untuned", "radix 8, AoS, exchange " + (base.get("exchange").equals("1") ? "local" : "global")
                + ", computed twiddles, no sharing", best(stockham, p -> p.knobs().equals(base))));
        rows.add(new KnobRow("radix", "radix 2 or 4", best(stockham, only(base, "radix"))));
        rows.add(new KnobRow("layout", "SoA", best(stockham, only(base, "layout"))));
        rows.add(new KnobRow("exchange", "the other exchange (scratchpad on/off)", best(stockham, only(base, "exchange"))));
        rows.add(new KnobRow("twiddle", "twiddles from a table", best(stockham, only(base, "twiddle"))));
        rows.add(new KnobRow("share", "shared twiddles (8 butterflies per work-item)", best(stockham, only(base, "share"))));
        rows.add(new KnobRow("four-step", "the four-step path (N1 x N2 in two launches of local-memory sub-FFTs): its best radix, layout and twiddles",
                best(points, p -> p.variant().equals(FOURSTEP))));
        rows.add(new KnobRow("all tuned", "the best of the 48 Stockham combinations and the 12 four-step ones", best(points, p -> true)));
        return rows;
    }

    /** Points that differ from the base in this knob only. */
    private static Predicate<Point> only(Map<String, String> base, String knob) {
        return p -> !p.knobs().get(knob).equals(base.get(knob))
                && KNOBS.stream().filter(k -> !k.equals(knob)).allMatch(k -> p.knobs().get(k).equals(base.get(k)));
    }

    private static Point best(List<Point> points, Predicate<Point> which) {
        return points.stream().filter(Point::ok).filter(which).max(Comparator.comparingDouble(Point::rate)).orElse(null);
    }
}
