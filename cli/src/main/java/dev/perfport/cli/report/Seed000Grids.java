package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.Point;
import dev.perfport.cli.report.Seed000Report.PointRow;
import dev.perfport.cli.report.Seed000Results.Result;
import dev.perfport.core.tune.model.Fit;
import dev.perfport.core.tune.model.Models;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.perfport.cli.report.Seed000Page.fmt;
import static dev.perfport.cli.report.Seed000Results.name;

/**
 * Seed 000's Figs. 7-10 from the saved sweeps {@code simbs-vwidth} (one work-item, simbs x vwidth)
 * and {@code wgsize-items} (one group, wgsize per (simbs, vwidth)), with the thesis's partial
 * models fitted to them: Eq. 4 (t linear in simbs at vwidth 1), Eq. 6 (Eq. 5's speed-up over the
 * whole grid) and Eq. 7 (t = t1 wgsize / min(wgsize, n_PE), whose best n_PE is the effective
 * number of processing elements a group runs on).
 */
final class Seed000Grids {
    static final String GRID = "simbs-vwidth";
    static final String ITEMS = "wgsize-items";
    static final List<Integer> SIMBS = List.of(1, 2, 4, 8, 16);
    static final List<Integer> VWIDTHS = List.of(1, 2, 4, 8, 16);
    static final List<Integer> WGSIZES = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
    /** The (simbs, vwidth) pairs of Figs. 9-10: scalar, the GPU configuration's vector, and a "big" item. */
    static final List<int[]> PAIRS = List.of(new int[]{1, 1}, new int[]{1, 4}, new int[]{4, 4});

    private Seed000Grids() {
    }

    /** Figs. 7-8 as a table per device (mpps, simbs down, vwidth across), with the fits of Eqs. 4 and 6. */
    static String simdTables(ReportData data, List<Result> results) {
        return Markdown.block(md -> {
            Markdown.Table t = md.table(header("device", "simbs", VWIDTHS.stream().map(v -> "vwidth " + v).toList()));
            List<String> fits = new ArrayList<>();
            for (Result r : results) {
                List<Point> pts = points(data, GRID, r.device.selector());
                if (pts.isEmpty()) continue;
                for (int sb : SIMBS) {
                    List<String> cells = new ArrayList<>(List.of(name(r), Integer.toString(sb)));
                    for (int vw : VWIDTHS) {
                        Point p = find(pts, sb, vw, 1);
                        cells.add(Seed000Studies.cell(p));
                    }
                    t.row(cells);
                }
                fits.add(name(r) + ": " + eq4(pts) + "; " + eq6(pts));
            }
            t.end();
            md.bullets(fits);
        });
    }

    /** Figs. 9-10 as a table per device (mpps and mpps per work-item), with Eq. 7's effective n_PE per pair. */
    static String wgsizeTables(ReportData data, List<Result> results) {
        return Markdown.block(md -> {
            List<String> heads = new ArrayList<>();
            for (int[] p : PAIRS) {
                heads.add("(" + p[0] + ", " + p[1] + ") mpps");
                heads.add("per item");
            }
            Markdown.Table t = md.table(header("device", "wgsize", heads));
            List<String> fits = new ArrayList<>();
            for (Result r : results) {
                List<Point> pts = points(data, ITEMS, r.device.selector());
                if (pts.isEmpty()) continue;
                for (int wg : WGSIZES) {
                    List<String> cells = new ArrayList<>(List.of(name(r), Integer.toString(wg)));
                    boolean any = false;
                    for (int[] pair : PAIRS) {
                        Point p = find(pts, pair[0], pair[1], wg);
                        any |= p != null;
                        cells.add(Seed000Studies.cell(p));
                        cells.add(p == null ? "-" : fmt(p.mpps() / wg));
                    }
                    if (any) t.row(cells);
                }
                List<String> eq7 = new ArrayList<>();
                for (int[] pair : PAIRS) eq7.add("(" + pair[0] + ", " + pair[1] + ") " + eq7(pts, pair));
                fits.add(name(r) + ", Eq. 7: " + String.join("; ", eq7));
            }
            t.end();
            md.bullets(fits);
        });
    }

    /** Eq. 4 at vwidth 1: t = t_const + t_calc simbs (Eq. 3's linear form with simbs as x). */
    static String eq4(List<Point> pts) {
        List<Point> v1 = pts.stream().filter(p -> p.ok() && "1".equals(p.params().get("vwidth"))).toList();
        if (v1.size() < 2) return "Eq. 4: too few points";
        Fit f = Models.latency(v1.stream().mapToDouble(p -> simbs(p)).toArray(), v1.stream().mapToDouble(Point::seconds).toArray());
        return String.format(Locale.ROOT, "Eq. 4 (vwidth 1) t_calc = %.3g s, t_const = %.3g s, R² = %.3f", f.constant("t_lat"), f.constant("t_const"), f.r2());
    }

    /**
     * Eq. 6 over the whole grid: t = t_const + t_calc u, u = simbs vwidth (r_seq + (1 - r_seq)/min(vwidth_max, vwidth));
     * for each vwidth_max and r_seq in steps of 0.01 the line is fitted, the best R² kept.
     */
    static String eq6(List<Point> pts) {
        List<Point> ok = pts.stream().filter(Point::ok).toList();
        if (ok.size() < 3) return "Eq. 6: too few points";
        double[] t = ok.stream().mapToDouble(Point::seconds).toArray();
        Fit best = null;
        double bestR = 0;
        int bestMax = 0;
        for (int vmax : VWIDTHS) {
            for (int i = 0; i <= 100; i++) {
                double r = i / 100.0;
                double[] u = ok.stream().mapToDouble(p -> {
                    double vw = Double.parseDouble(p.params().get("vwidth"));
                    return simbs(p) * vw * (r + (1 - r) / Math.min(vmax, vw));
                }).toArray();
                Fit f;
                try {
                    f = Models.latency(u, t);
                } catch (IllegalArgumentException collinear) {
                    continue;
                }
                if (f.constant("t_lat") > 0 && (best == null || f.r2() > best.r2() + 1e-12)) {
                    best = f;
                    bestR = r;
                    bestMax = vmax;
                }
            }
        }
        if (best == null) return "Eq. 6: no fit with a positive t_calc";
        return String.format(Locale.ROOT, "Eq. 6 (all points) vwidth_max = %d, r_seq = %.2f, t_calc = %.3g s, t_const = %.3g s, R² = %.3f",
                bestMax, bestR, best.constant("t_lat"), best.constant("t_const"), best.r2());
    }

    /** Eq. 7 has Eq. 8's form with wgsize for ngroup: its best knee is the effective n_PE. */
    static String eq7(List<Point> pts, int[] pair) {
        List<Point> ok = pts.stream().filter(p -> p.ok() && simbs(p) == pair[0] && Integer.parseInt(p.params().get("vwidth")) == pair[1]).toList();
        if (ok.size() < 2) return "too few points";
        Fit f = Models.computeUnits(ok.stream().mapToDouble(Point::x).toArray(), ok.stream().mapToDouble(Point::seconds).toArray());
        return String.format(Locale.ROOT, "n_PE = %.0f (R² = %.3f)", f.constant("n_CU"), f.r2());
    }

    private static List<Point> points(ReportData data, String sweep, String dev) {
        List<PointRow> l = data.rows(sweep, dev, PointRow.class);
        return l == null ? List.of() : l.stream().map(PointRow::point).toList();
    }

    private static Point find(List<Point> pts, int simbs, int vwidth, int wgsize) {
        for (Point p : pts) {
            if (p.ok() && simbs(p) == simbs && Integer.parseInt(p.params().get("vwidth")) == vwidth
                    && Integer.parseInt(p.params().get("wgsize")) == wgsize) return p;
        }
        return null;
    }

    private static int simbs(Point p) {
        return Integer.parseInt(p.params().get("simbs"));
    }

    private static List<String> header(String a, String b, List<String> rest) {
        List<String> h = new ArrayList<>(List.of(a, b));
        h.addAll(rest);
        return h;
    }
}
