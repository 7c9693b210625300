package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.cli.report.Seed000Report.Options;
import dev.perfport.cli.report.Seed000Report.Point;
import dev.perfport.cli.report.Seed000Results.Result;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.perfport.cli.report.Seed000Results.name;

/** Report seed-000's plots (Figs. 4, 5, 6, 11, 12-14), drawn from the saved data only when {@link ReportWriter} makes them. */
final class Seed000Plots {
    private Seed000Plots() {
    }

    private static String file(Result r) {
        return r.device.selector().replace(':', '-');
    }

    /** The report's figures, drawn from the saved data only when {@link ReportWriter} makes the plots. */
    static List<Figure> figures(ReportData data, List<Result> results, Options o) {
        List<Figure> figs = figures(results, o);
        List<Result> ok = results.stream().filter(r -> r.error() == null).toList();
        boolean any = ok.stream().anyMatch(r -> Seed000Studies.points(data, Seed000Studies.ALIGN, r.device.selector()).stream().anyMatch(Point::ok));
        if (!any) return figs;
        figs.add(new Figure("align", "fig-align.png", "mpps vs the portfolio's offset", () -> {
            XYChart ac = Plots.xy("Alignment (§4.9): mpps / mpps aligned, ± sd", "bytes the portfolio starts after its buffers' base", "mpps / aligned", false);
            for (Result r : ok) {
                List<Point> all = Seed000Studies.points(data, Seed000Studies.ALIGN, r.device.selector());
                for (String v : Seed000Studies.FORM_VARIANTS) {
                    List<Point> pts = all.stream().filter(p -> p.ok() && p.variant().equals(v)).toList();
                    Point base = pts.stream().filter(p -> p.x() == 0).findFirst().orElse(null);
                    if (base == null || pts.size() < 2) continue;
                    Plots.measured(ac, name(r) + " " + v, pts.stream().mapToDouble(p -> 4 * p.x()).toArray(),
                            pts.stream().mapToDouble(p -> p.mpps() / base.mpps()).toArray(), err(pts, base.mpps()));
                }
            }
            return ac;
        }));
        return figs;
    }

    private static List<Figure> figures(List<Result> results, Options o) {
        List<Figure> figs = new ArrayList<>();
        List<Result> ok = results.stream().filter(r -> r.error() == null).toList();
        if (ok.isEmpty()) return figs;

        figs.add(new Figure("variants", "fig04-variants.png", "variant bars", () -> {
            CategoryChart bars = Plots.bars("Kernel variants (Fig. 4): best mpps / best variant's", "variant", "relative throughput");
            for (Result r : ok) {
                if (r.variants.isEmpty()) continue;
                double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
                List<String> cats = new ArrayList<>();
                List<Double> vals = new ArrayList<>();
                r.variants.forEach((v, p) -> {
                    cats.add(v);
                    vals.add(p.ok() ? p.mpps() / best : 0.0);
                });
                Plots.bar(bars, name(r), cats, vals);
            }
            return bars;
        }));

        figs.add(new Figure("posbs", "fig05-posbs.png", "mpps vs posbs with the Eq. 3 model", () -> {
            XYChart pc = Plots.xy("Block size (Fig. 5): normalised mpps, Eq. 3 model dashed", "posbs (positions per block)", "mpps / best", true);
            for (Result r : ok) {
                List<Point> pts = r.posbs.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double best = pts.stream().mapToDouble(Point::mpps).max().orElseThrow();
                Plots.measured(pc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / best).toArray(), err(pts, best));
                if (r.eq3 != null) {
                    double work = Math.scalb((double) o.npos(), -20);
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    for (int i = 0; i < x.length; i++) y[i] = work / r.eq3.predict(o.npos() / x[i]) / best;
                    Plots.model(pc, name(r) + " Eq. 3", x, y);
                }
            }
            return pc;
        }));

        figs.add(new Figure("vwidth", "fig06-vwidth.png", "mpps vs vwidth with the Eq. 5 model", () -> {
            XYChart vc = Plots.xy("Vector width (Fig. 6): normalised mpps, Eq. 5 model dashed", "vwidth (nsim = vwidth)", "mpps / mpps at vwidth 1", true);
            for (Result r : ok) {
                List<Point> pts = r.vwidth.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double base = pts.getFirst().mpps();
                Plots.measured(vc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / base).toArray(), err(pts, base));
                if (r.eq5 != null) {
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    for (int i = 0; i < x.length; i++) y[i] = Math.scalb(x[i] * o.npos(), -20) / r.eq5.predict(x[i]) / base;
                    Plots.model(vc, name(r) + " Eq. 5", x, y);
                }
            }
            return vc;
        }));

        figs.add(new Figure("ngroup", "fig11-ngroup.png", "mpps vs ngroup with the Eq. 8 model", () -> {
            XYChart kc = Plots.xy("Work-groups (Fig. 11): normalised mpps, Eq. 8 model dashed", "ngroup (wgsize 16, simbs 4, vwidth 4)", "mpps / mpps at 1 group", false);
            for (Result r : ok) {
                List<Point> pts = r.knee.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double base = pts.getFirst().mpps();
                Plots.measured(kc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / base).toArray(), err(pts, base));
                if (r.eq8 != null) {
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    double perGroup = Math.scalb(256.0 * o.gridNpos(), -20);
                    for (int i = 0; i < x.length; i++) y[i] = perGroup * x[i] / r.eq8.predict(x[i]) / base;
                    Plots.model(kc, name(r) + " Eq. 8", x, y);
                }
            }
            return kc;
        }));

        for (Result r : ok) {
            boolean any = r.wg.values().stream().anyMatch(l -> l.stream().anyMatch(Point::ok));
            if (!any) continue;
            figs.add(new Figure("wg " + r.device.selector(), "fig12-wgsize-" + file(r) + ".png",
                    "mpps vs wgsize per ngroup, " + r.device.selector(), () -> {
                XYChart wc = Plots.xy("Figs. 12-14: mpps vs wgsize per ngroup, " + r.device.selector(), "wgsize", "mpps", false);
                for (Map.Entry<Integer, List<Point>> e : r.wg.entrySet()) {
                    List<Point> pts = e.getValue().stream().filter(Point::ok).toList();
                    if (pts.isEmpty()) continue;
                    Plots.measured(wc, "ngroup " + e.getKey(), xs(pts), pts.stream().mapToDouble(Point::mpps).toArray(), err(pts, 1));
                }
                return wc;
            }));
        }
        return figs;
    }

    /** The sd of each point's mpps divided by {@code scale} (the error bars), or null where a point has no saved spread. */
    static double[] err(List<Point> pts, double scale) {
        if (pts.isEmpty() || !pts.stream().allMatch(Point::hasSd)) return null;
        return pts.stream().mapToDouble(p -> p.mppsSd() / scale).toArray();
    }

    private static double[] xs(List<Point> pts) {
        return pts.stream().mapToDouble(Point::x).toArray();
    }
}
