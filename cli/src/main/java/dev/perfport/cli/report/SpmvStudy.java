package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.spmv.Matrices;
import dev.perfport.workloads.spmv.Spmv;
import dev.perfport.workloads.spmv.SpmvTuning;

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
 * SpMV's part of seed 004: on each matrix, every variant over its tuning grid
 * ({@link SpmvTuning#defaultGrid}), rated in GB/s of the bytes the format reads. The untuned
 * portable kernel is SHOC's: ELLPACK column-major, one row per work-item, interleaved, 128
 * work-items per group (CSR scalar where ELLPACK's padding is refused). The knobs, each alone from
 * there: layout (row-major), granularity (rows per work-item, interleaved), mapping (blocked, with
 * rows per work-item), work-group size, format (the other formats at their defaults); then all
 * knobs tuned together. The reference is a host Java CSR product on all cores: OpenBLAS, the
 * report's native BLAS, has no sparse routines, and the paper's own SpMV reference was its tuned
 * ELLPACK kernel (MKL's CSR was slower), which the tuned row here stands for.
 */
public final class SpmvStudy implements Seed004Study {
    public static final String DEFAULT_MATRICES = "stencil2d:256x256,random:4096:0.01,powerlaw:2^16:8";
    static final Map<String, String> BASE = Map.of("wg", "128", "rpt", "1", "map", "0", "lanes", "8", "C", "32", "sigma", "1", "ipt", "32");
    private final Spmv spmv = new Spmv();

    @Override
    public String workload() {
        return "spmv";
    }

    @Override
    public String title() {
        return "SpMV";
    }

    @Override
    public String about() {
        return "the seed's effective bandwidth, 3 x NNZ x 4 B / t (the same bytes for every format, so it ranks times; modelled on the "
                + "emulator), compared with the reference: cuSPARSE (bench/torch_spmv.py, `--param torch=FILE`) where it was measured beside the device, else a host Java CSR product on all cores. "
                + "`moved GB/s` counts the bytes each format really reads (its index arrays and values as stored, padding included, one x "
                + "read per non-zero, y written once) and `% peak` compares it with the device's streaming bandwidth measured in the same "
                + "run (saxpy, 12 B per element); x reads that hit a cache can take it past 100%";
    }

    @Override
    public List<String> params() {
        return List.of("matrices");
    }

    @Override
    public List<String> cases(Params o) {
        List<String> l = new ArrayList<>();
        for (String m : o.get("matrices", DEFAULT_MATRICES).split(",")) if (!m.isBlank()) l.add(m.trim());
        return l;
    }

    /**
     * A variant's grid in this report: the tuner's ({@link SpmvTuning#defaultGrid}) with three work-group
     * sizes and three values of each other knob, so that the emulator measures a report in minutes.
     */
    static List<Map<String, String>> grid(String variant) {
        Map<String, List<Integer>> g = new LinkedHashMap<>(SpmvTuning.defaultGrid(variant));
        g.put("wg", List.of(64, 128, 256));
        g.computeIfPresent("rpt", (k, v) -> List.of(1, 4, 16));
        g.computeIfPresent("lanes", (k, v) -> List.of(2, 8, 32));
        g.computeIfPresent("C", (k, v) -> List.of(8, 32, 128));
        g.computeIfPresent("sigma", (k, v) -> List.of(1, 1024));
        g.computeIfPresent("ipt", (k, v) -> List.of(8, 32, 128));
        g.computeIfPresent("block", (k, v) -> List.of(256, 1024, 4096));
        List<Map<String, String>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<Integer>> e : g.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> p : points) {
                for (int v : e.getValue()) {
                    Map<String, String> q = new LinkedHashMap<>(p);
                    q.put(e.getKey(), Integer.toString(v));
                    next.add(q);
                }
            }
            points = next;
        }
        return points;
    }

    @Override
    public List<Point> measure(DeviceSession s, String kase, Params o, PrintStream err) {
        int reps = (int) Params.parseLong("reps", o.get("reps", "2"));
        List<Point> out = new ArrayList<>();
        for (String v : Spmv.VARIANTS) {
            int ok = 0, failed = 0;
            String firstError = null;
            for (Map<String, String> knobs : grid(v)) {
                if (knobs.containsKey("lanes") && Integer.parseInt(knobs.get("wg")) % Integer.parseInt(knobs.get("lanes")) != 0) continue;
                Params p = Params.of(BASE).with(Params.of(knobs)).with("matrix", kase).with("reps", Integer.toString(reps));
                RunResult r;
                try {
                    r = spmv.run(s, v, p);
                } catch (PerfportException e) {
                    r = RunResult.failed(s.backendId(), s.device().name(), "spmv", v, p.asMap(), e.getMessage());
                }
                Point pt = Point.of(r, knobs, "effective GB/s", "GB/s");
                out.add(pt);
                if (pt.ok()) ok++;
                else {
                    failed++;
                    if (firstError == null) firstError = pt.error();
                }
                // a format refused for this matrix (ELLPACK's padding) is refused at every point
                if (!r.verified() && r.error() != null && r.error().startsWith("ELLPACK pads")) break;
            }
            err.println("  " + kase + " " + v + ": " + ok + " point(s) verified" + (failed > 0 ? ", " + failed + " failed (" + firstError + ")" : ""));
        }
        return out;
    }

    @Override
    public Point reference(String kase, Params o, PrintStream err) {
        long seed = Params.parseLong("seed", o.get("seed", "42"));
        var a = Matrices.load(kase, seed);
        float[] x = new float[a.cols()];
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int i = 0; i < x.length; i++) x[i] = (float) (rnd.nextDouble() * 2 - 1);
        float[] y = new float[a.rows()];
        int[] rowPtr = a.rowPtr(), col = a.col();
        float[] val = a.val();
        int threads = Runtime.getRuntime().availableProcessors();
        int chunk = Math.max(1, (a.rows() + threads * 8 - 1) / (threads * 8));
        long best = Long.MAX_VALUE;
        for (int rep = 0; rep < 5; rep++) {
            long t0 = System.nanoTime();
            IntStream.range(0, (a.rows() + chunk - 1) / chunk).parallel().forEach(c -> {
                int end = Math.min(a.rows(), (c + 1) * chunk);
                for (int r = c * chunk; r < end; r++) {
                    float sum = 0f;
                    for (int i = rowPtr[r]; i < rowPtr[r + 1]; i++) sum += val[i] * x[col[i]];
                    y[r] = sum;
                }
            });
            best = Math.min(best, System.nanoTime() - t0);
        }
        long bytes = 4L * (a.rows() + 1) + 12L * a.nnz() + 4L * a.rows();
        return new Point("host Java CSR (" + threads + " threads)", Map.of(), true, null, 12.0 * a.nnz() / best, "effective GB/s",
                2.0 * a.nnz() / best, bytes / (double) best, best / 1e6);
    }

    @Override
    public List<KnobRow> table(List<Point> points) {
        Predicate<Point> ellOk = p -> p.variant().equals(Spmv.ELL_COL) && p.ok();
        String base = points.stream().anyMatch(ellOk) ? Spmv.ELL_COL : Spmv.CSR_SCALAR;
        String baseName = base.equals(Spmv.ELL_COL) ? "ELLPACK column-major" : "CSR scalar (ELLPACK refused for this matrix)";
        List<KnobRow> rows = new ArrayList<>();
        rows.add(new KnobRow("untuned", baseName + ", 1 row per work-item, interleaved, wg 128",
                best(points, p -> p.variant().equals(base) && same(p, "wg", "rpt", "map"))));
        rows.add(new KnobRow("layout", "ELLPACK row-major (else as untuned)",
                best(points, p -> p.variant().equals(Spmv.ELL_ROW) && same(p, "wg", "rpt", "map"))));
        rows.add(new KnobRow("granularity", "rows per work-item 4 or 16, interleaved",
                best(points, p -> p.variant().equals(base) && same(p, "wg", "map") && !same(p, "rpt"))));
        rows.add(new KnobRow("mapping", "blocked rows (4 or 16 per work-item)",
                best(points, p -> p.variant().equals(base) && same(p, "wg") && "1".equals(p.knobs().get("map")) && !same(p, "rpt"))));
        rows.add(new KnobRow("wg size", "work-group size 64 or 256",
                best(points, p -> p.variant().equals(base) && same(p, "rpt", "map") && !same(p, "wg"))));
        rows.add(new KnobRow("format", "CSR scalar/vector, SELL-C-sigma, merge-based CSR or CSR-Adaptive at their defaults",
                best(points, p -> !p.variant().startsWith("ell") && !p.variant().equals(base)
                        && p.knobs().keySet().stream().allMatch(k -> p.knobs().get(k).equals(BASE.get(k))))));
        rows.add(new KnobRow("all tuned", "the best point of every format's grid", best(points, p -> true)));
        return rows;
    }

    /** Whether the point has the untuned value of every named knob it sets. */
    private static boolean same(Point p, String... knobs) {
        for (String k : knobs) {
            String v = p.knobs().get(k);
            if (v != null && !v.equals(BASE.get(k))) return false;
        }
        return true;
    }

    private static Point best(List<Point> points, Predicate<Point> which) {
        return points.stream().filter(Point::ok).filter(which).max(Comparator.comparingDouble(Point::rate)).orElse(null);
    }
}
