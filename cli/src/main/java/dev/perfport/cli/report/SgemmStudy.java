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
 * SGEMM's part of seed 004: the paper's three SGEMM knobs as parameters of seed 001's {@code gemm}
 * generator (variant {@code indirect}, float, C = A·B): the work-group tile (16×16, the paper's
 * hard-coded baseline, up to 128×128; 16×16 threads, so a thread computes (tile/16)² results), the
 * data layout (column- or row-major A, B and C) and the scratchpad (A and B staged in local memory,
 * SHOC's kernel, or read from global memory). The other generator parameters stay fixed (kwg 16,
 * kwi 2, no vectors, no strided access), so each row shows one knob; {@code perfport tune gemm}
 * searches the whole generator space. Cases are square sizes {@code n}; the reference is cuBLAS
 * (bench/torch_gemm.py, {@code --param torch=FILE}) where it was measured beside the device, else
 * OpenBLAS on the host ({@link NativeReference}).
 */
public final class SgemmStudy implements Seed004Study {
    public static final String DEFAULT_SIZES = "256";
    static final List<Integer> TILES = List.of(16, 32, 64, 128);
    static final Map<String, String> BASE = Map.of("tile", "16", "layout", "col", "scratchpad", "1");

    @Override
    public String workload() {
        return "gemm";
    }

    @Override
    public String title() {
        return "SGEMM";
    }

    @Override
    public String about() {
        return "GFLOP/s of C = A B in float, 2 n^3 per product (modelled on the emulator), through seed 001's `gemm` generator (variant "
                + "indirect) with the paper's knobs: the tile (16x16 is SHOC's hard-coded baseline; 16x16 threads, so a thread computes "
                + "(tile/16)^2 results), the layout (column- or row-major) and the scratchpad (A and B staged in local memory, or read "
                + "from global memory); the other generator parameters stay fixed (kwg 16, kwi 2, no vectors). The reference is cuBLAS "
                + "(bench/torch_gemm.py, `--param torch=FILE`) where it was measured beside the device, else OpenBLAS's `cblas_sgemm` "
                + "on the host's cores (float, the same size); `% peak` compares the kernel "
                + "with the device's FP32 multiply-add rate measured in the same run (the flops workload)";
    }

    @Override
    public List<String> params() {
        return List.of("sgemms");
    }

    @Override
    public List<String> cases(Params o) {
        List<String> l = new ArrayList<>();
        for (String c : o.get("sgemms", DEFAULT_SIZES).split(",")) {
            if (c.isBlank()) continue;
            long n = Params.parseLong("sgemms", c.trim());
            if (n < 1 || n > 16384) throw new ConfigException("report parameter sgemms takes square sizes in [1, 16384], got '" + c.trim() + "'");
            l.add(c.trim());
        }
        return l;
    }

    @Override
    public List<Point> measure(DeviceSession s, String kase, Params o, PrintStream err) {
        String reps = o.get("reps", "2");
        List<Point> out = new ArrayList<>();
        int ok = 0;
        for (int tile : TILES) {
            for (String layout : List.of("col", "row")) {
                for (int scratch : List.of(1, 0)) {
                    Map<String, String> knobs = new LinkedHashMap<>();
                    knobs.put("tile", Integer.toString(tile));
                    knobs.put("layout", layout);
                    knobs.put("scratchpad", Integer.toString(scratch));
                    Params p = Params.of("m", kase, "n", kase, "k", kase, "type", "float", "layout", layout, "transa", "n", "transb", "n",
                            "alpha", "1", "beta", "0", "reps", reps)
                            .with("mwg", Integer.toString(tile)).with("nwg", Integer.toString(tile)).with("kwg", "16")
                            .with("mdimc", "16").with("ndimc", "16").with("mdima", "16").with("ndimb", "16").with("kwi", "2")
                            .with("vwm", "1").with("vwn", "1").with("strm", "0").with("strn", "0")
                            .with("sa", Integer.toString(scratch)).with("sb", Integer.toString(scratch));
                    RunResult r;
                    try {
                        r = Workloads.get("gemm").run(s, "indirect", p);
                    } catch (PerfportException e) {
                        r = RunResult.failed(s.backendId(), s.device().name(), "gemm", "indirect", p.asMap(), e.getMessage());
                    }
                    Point pt = Point.of(r, knobs, "GFLOP/s", null);
                    out.add(pt);
                    if (pt.ok()) ok++;
                }
            }
        }
        err.println("  sgemm " + kase + ": " + ok + " of " + out.size() + " point(s) verified");
        return out;
    }

    /**
     * OpenBLAS's SGEMM on this host's cores ({@link NativeReference}), the paper's MKL on a CPU; a
     * GPU's cuBLAS line (bench/, {@code --param torch=FILE}) takes precedence over it. Reported as
     * failed, with the reason, where OpenBLAS cannot be loaded.
     */
    @Override
    public Point reference(String kase, Params options, PrintStream err) {
        int n = (int) Params.parseLong("sgemms", kase);
        if (n > 8192) return null;   // three matrices of 256 MiB and more: not on a host beside a device run
        Point p = NativeReference.sgemm(n, Params.parseLong("seed", options.get("seed", "42")));
        if (!p.ok()) err.println("  gemm " + kase + ": no reference: " + p.error());
        return p;
    }

    @Override
    public List<KnobRow> table(List<Point> points) {
        List<KnobRow> rows = new ArrayList<>();
        rows.add(new KnobRow("untuned", "SHOC's kernel: 16x16 tile, column-major, A and B in the scratchpad", best(points, p -> p.knobs().equals(BASE))));
        rows.add(new KnobRow("tile", "32x32, 64x64 or 128x128 (else as untuned)", best(points, only("tile"))));
        rows.add(new KnobRow("layout", "row-major A, B and C", best(points, only("layout"))));
        rows.add(new KnobRow("scratchpad", "A and B read from global memory, no local staging", best(points, only("scratchpad"))));
        rows.add(new KnobRow("all tuned", "the best of the 16 combinations", best(points, p -> true)));
        return rows;
    }

    private static Predicate<Point> only(String knob) {
        return p -> !p.knobs().get(knob).equals(BASE.get(knob))
                && BASE.keySet().stream().filter(k -> !k.equals(knob)).allMatch(k -> p.knobs().get(k).equals(BASE.get(k)));
    }

    private static Point best(List<Point> points, Predicate<Point> which) {
        return points.stream().filter(Point::ok).filter(which).max(Comparator.comparingDouble(Point::rate)).orElse(null);
    }
}
