package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.spmv.Csr;
import dev.perfport.workloads.spmv.Matrices;
import dev.perfport.workloads.spmv.Spmv;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Seed004Report.f;

/**
 * The paper's Figs. 2b and 2c for SpMV: ELLPACK in both layouts on random matrices of growing size
 * (the L2 crossover), with 1 thread or as many as the device has compute units, and the thread-row
 * mapping. A "thread" is a work-group: PoCL and the emulator run one work-group on one core (SPE) at
 * a time, so T groups keep T cores busy. Two execution models: one work-item per thread (wg 1, the
 * paper's OpenMP port: a thread walks its rows alone) and work-groups of 64 (the OpenCL kernel, which
 * PoCL vectorises across work-items). Sweeps: {@code spmv-scaling/<matrix>} (points) and
 * {@code spmv-scaling/<matrix>/matrix} (its size).
 */
final class SpmvScalingStudy {
    static final String PREFIX = "spmv-scaling/";
    static final String PARAM = "sweep";
    static final String DEFAULT = "random:512:0.01,random:1024:0.01,random:2048:0.01,random:4096:0.01,random:8192:0.01,stencil2d:256x256";
    static final List<Integer> GROUP_SIZES = List.of(1, 64);

    /** A case's matrix: its rows, non-zeros and ELLPACK width, and the host's L2 per core (0 where unknown). */
    record MatrixRow(String matrix, int rows, long nnz, int width, long l2Bytes) {
        /** ELLPACK's values and column indices, padding included. */
        long ellBytes() {
            return 8L * rows * width;
        }
    }

    private SpmvScalingStudy() {
    }

    static List<String> cases(Params o) {
        List<String> l = new ArrayList<>();
        for (String m : o.get(PARAM, DEFAULT).split(",")) if (!m.isBlank()) l.add(m.trim());
        if (l.isEmpty()) throw new ConfigException("report parameter " + PARAM + " needs at least one matrix, e.g. " + DEFAULT);
        return l;
    }

    static MatrixRow matrix(String kase, Params o) {
        Csr a = Matrices.load(kase, Params.parseLong("seed", o.get("seed", "42")));
        int width = 0;
        for (int r = 0; r < a.rows(); r++) width = Math.max(width, a.rowPtr()[r + 1] - a.rowPtr()[r]);
        return new MatrixRow(kase, a.rows(), a.nnz(), width, l2Bytes());
    }

    /** Linux's L2 size of cpu0 (the cache level 2 entry under sysfs), 0 elsewhere. */
    private static long l2Bytes() {
        for (int i = 0; i < 8; i++) {
            Path d = Path.of("/sys/devices/system/cpu/cpu0/cache/index" + i);
            try {
                if (!Files.readString(d.resolve("level")).trim().equals("2")) continue;
                String s = Files.readString(d.resolve("size")).trim();
                long mult = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
                return Long.parseLong(s.replaceAll("[KM]$", "")) * mult;
            } catch (IOException | NumberFormatException e) {
                return 0;
            }
        }
        return 0;
    }

    /** Both layouts x both mappings x both group sizes x 1 or T threads, T = the device's compute units. */
    static List<Seed004Study.Point> measure(DeviceSession s, MatrixRow m, Params o, PrintStream err) {
        int most = Math.max(2, s.device().computeUnits());
        String reps = o.get("reps", "2");
        List<Seed004Study.Point> out = new ArrayList<>();
        int ok = 0;
        for (String v : List.of(Spmv.ELL_COL, Spmv.ELL_ROW)) {
            for (int wg : GROUP_SIZES) {
                for (int threads : List.of(1, most)) {
                    for (int map : List.of(0, 1)) {
                        long rpt = Math.max(1, (m.rows() + (long) wg * threads - 1) / ((long) wg * threads));
                        Map<String, String> knobs = new LinkedHashMap<>();
                        knobs.put("wg", Integer.toString(wg));
                        knobs.put("threads", Integer.toString(threads));
                        knobs.put("map", Integer.toString(map));
                        Params p = Params.of("matrix", m.matrix(), "wg", Integer.toString(wg), "rpt", Long.toString(rpt),
                                "map", Integer.toString(map), "lanes", "1", "reps", reps, "seed", o.get("seed", "42"));
                        RunResult r;
                        try {
                            r = new Spmv().run(s, v, p);
                        } catch (PerfportException e) {
                            r = RunResult.failed(s.backendId(), s.device().name(), "spmv", v, p.asMap(), e.getMessage());
                        }
                        Seed004Study.Point pt = Seed004Study.Point.of(r, knobs, "effective GB/s", "GB/s");
                        if (pt.ok()) ok++;
                        out.add(pt);
                    }
                }
            }
        }
        err.println("  " + m.matrix() + ": " + ok + " of " + out.size() + " point(s) verified");
        return out;
    }

    /** The section's two tables for one device, or null where the data has no sweep of it. */
    static String tables(ReportData data, Params o, String dev, List<String> failures) {
        List<String> cases = cases(o);
        if (cases.stream().noneMatch(c -> data.rows(PREFIX + c, dev, Seed004Study.Point.class) != null)) return null;
        int most = 2;
        for (String c : cases) {
            List<Seed004Study.Point> pts = data.rows(PREFIX + c, dev, Seed004Study.Point.class);
            if (pts == null) continue;
            for (Seed004Study.Point p : pts) most = Math.max(most, Integer.parseInt(p.knobs().get("threads")));
            for (Seed004Study.Point p : pts) {
                if (!p.ok()) failures.add("`" + Markdown.cell(dev) + "` " + c + " `" + Markdown.cell(p.setting()) + "`: " + Markdown.cell(p.error()));
            }
        }
        String t = Integer.toString(most);
        return Markdown.block(md -> {
            long l2 = 0;
            Markdown.Table a = md.table("matrix", "non-zeros", "ELLPACK data", "col, 1 thread", "col, " + t + " threads", "row, 1 thread",
                    "row, " + t + " threads", "row / col (" + t + ")", t + " / 1 thread (row)");
            for (String c : cases) {
                List<Seed004Study.Point> pts = data.rows(PREFIX + c, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                MatrixRow m = matrixOf(data, c, dev);
                if (m != null) l2 = m.l2Bytes();
                Seed004Study.Point c1 = find(pts, Spmv.ELL_COL, "1", "1", "1"), cT = find(pts, Spmv.ELL_COL, "1", t, "1");
                Seed004Study.Point r1 = find(pts, Spmv.ELL_ROW, "1", "1", "1"), rT = find(pts, Spmv.ELL_ROW, "1", t, "1");
                a.row(c, m == null ? "-" : Long.toString(m.nnz()), m == null ? "-" : kib(m.ellBytes()), rate(c1), rate(cT), rate(r1), rate(rT),
                        ratio(rT, cT), ratio(rT, r1));
            }
            a.end();
            md.paragraph("Above: one work-item per thread (wg 1), blocked rows, effective GB/s" + (l2 > 0 ? "; this host's L2 is "
                    + kib(l2) + " per core" : "") + ". Below: blocked against interleaved rows at " + t + " threads, in both execution models.");
            Markdown.Table b = md.table("matrix", "layout", "wg 1: interleaved", "wg 1: blocked", "wg 1: blocked / interleaved",
                    "wg 64: interleaved", "wg 64: blocked", "wg 64: blocked / interleaved");
            for (String c : cases) {
                List<Seed004Study.Point> pts = data.rows(PREFIX + c, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                for (String v : List.of(Spmv.ELL_COL, Spmv.ELL_ROW)) {
                    Seed004Study.Point i1 = find(pts, v, "1", t, "0"), b1 = find(pts, v, "1", t, "1");
                    Seed004Study.Point i64 = find(pts, v, "64", t, "0"), b64 = find(pts, v, "64", t, "1");
                    b.row(c, v, rate(i1), rate(b1), ratio(b1, i1), rate(i64), rate(b64), ratio(b64, i64));
                }
            }
            b.end();
        });
    }

    /** The ratio of two saved points' rates (blocked over interleaved, row over col, ...), NaN where either failed. */
    static double ratio(ReportData data, String kase, String dev, String variant, String wg, String threads, String map,
                        String variant2, String wg2, String threads2, String map2) {
        List<Seed004Study.Point> pts = data.rows(PREFIX + kase, dev, Seed004Study.Point.class);
        if (pts == null) return Double.NaN;
        Seed004Study.Point a = find(pts, variant, wg, threads, map), b = find(pts, variant2, wg2, threads2, map2);
        return a == null || b == null ? Double.NaN : a.rate() / b.rate();
    }

    static MatrixRow matrixOf(ReportData data, String kase, String dev) {
        List<MatrixRow> l = data.rows(PREFIX + kase + "/matrix", dev, MatrixRow.class);
        return l == null || l.isEmpty() ? null : l.getFirst();
    }

    private static Seed004Study.Point find(List<Seed004Study.Point> pts, String variant, String wg, String threads, String map) {
        for (Seed004Study.Point p : pts) {
            if (p.ok() && p.variant().equals(variant) && wg.equals(p.knobs().get("wg")) && threads.equals(p.knobs().get("threads"))
                    && map.equals(p.knobs().get("map"))) return p;
        }
        return null;
    }

    private static String rate(Seed004Study.Point p) {
        return p == null ? "-" : f(p.rate());
    }

    private static String ratio(Seed004Study.Point a, Seed004Study.Point b) {
        return a == null || b == null ? "-" : String.format(Locale.ROOT, "%.2f", a.rate() / b.rate());
    }

    private static String kib(long bytes) {
        return bytes >= 10L << 20 ? String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0) : String.format(Locale.ROOT, "%.0f KiB", bytes / 1024.0);
    }
}
