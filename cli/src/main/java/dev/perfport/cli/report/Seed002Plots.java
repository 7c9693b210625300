package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.cli.report.Seed002Report.LadderRow;
import dev.perfport.cli.report.Seed002Report.StrategyRow;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.perfport.cli.report.Seed002Report.VARIANTS;

/** Report seed-002's plots (the ladder and the strategies of each device), drawn from the saved data. */
final class Seed002Plots {
    private Seed002Plots() {
    }

    static List<Figure> figures(ReportData data) {
        List<Figure> figures = new ArrayList<>();
        for (String dev : data.devices()) {
            List<LadderRow> ladder = data.rows("ladder", dev, LadderRow.class);
            if (ladder != null && !ladder.isEmpty()) {
                figures.add(new Figure("ladder-" + dev, "ladder-" + slug(dev) + ".png", "convolution ladder on " + dev, () -> ladderChart(dev, ladder)));
            }
            List<StrategyRow> st = data.rows("strategies", dev, StrategyRow.class);
            if (st != null && st.stream().anyMatch(r -> r.predictedMs() > 0)) {
                figures.add(new Figure("strategies-" + dev, "strategies-" + slug(dev) + ".png", "transfer strategies on " + dev,
                        () -> strategyChart(dev, st)));
            }
            List<Seed002Filters.FilterRow> filters = data.rows("filters", dev, Seed002Filters.FilterRow.class);
            if (filters != null && filters.stream().anyMatch(r -> r.best() != null)) {
                List<Seed002Filters.RoofRow> roof = data.rows("filtersRoof", dev, Seed002Filters.RoofRow.class);
                Seed002Filters.RoofRow rr = roof == null || roof.isEmpty() ? null : roof.getFirst();
                figures.add(new Figure("lut-" + dev, "lut-" + slug(dev) + ".png", "best GFLOP/s per filter size on " + dev, () -> heatChart(dev, filters)));
                figures.add(new Figure("roofline-" + dev, "roofline-" + slug(dev) + ".png", "roofline of the convolution ladder on " + dev,
                        () -> rooflineChart(dev, filters, rr)));
            }
            List<StrategyRow> study = data.rows("study", dev, StrategyRow.class);
            if (study != null && study.stream().anyMatch(r -> r.predictedMs() > 0)) {
                figures.add(new Figure("study-" + dev, "study-" + slug(dev) + ".png", "strategy study on " + dev, () -> strategyChart(dev, study)));
            }
        }
        return figures;
    }
    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
    }

    private static XYChart ladderChart(String dev, List<LadderRow> rows) {
        boolean modelled = rows.stream().anyMatch(LadderRow::modelled);
        XYChart c = Plots.xy("Convolution ladder, " + dev, "filter size (square)", modelled ? "modelled GFLOP/s" : "GFLOP/s", false);
        for (String v : VARIANTS) {
            List<LadderRow> l = rows.stream().filter(r -> r.variant().equals(v) && r.verified()).toList();
            if (l.isEmpty()) continue;
            Plots.measured(c, v, l.stream().mapToDouble(LadderRow::filter).toArray(), l.stream().mapToDouble(LadderRow::gflops).toArray());
        }
        return c;
    }

    /** Each filter size's best rate, width across and height up. */
    private static HeatMapChart heatChart(String dev, List<Seed002Filters.FilterRow> rows) {
        boolean modelled = rows.stream().anyMatch(Seed002Filters.FilterRow::modelled);
        List<Integer> ws = rows.stream().map(Seed002Filters.FilterRow::fw).distinct().sorted().toList();
        List<Integer> hs = rows.stream().map(Seed002Filters.FilterRow::fh).distinct().sorted().toList();
        HeatMapChart c = new HeatMapChartBuilder().width(Plots.WIDTH).height(Plots.HEIGHT)
                .title("Best " + (modelled ? "modelled " : "") + "GFLOP/s per filter size, " + dev).xAxisTitle("filter width").yAxisTitle("filter height").build();
        c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        c.getStyler().setShowValue(ws.size() * hs.size() <= 64);
        c.getStyler().setHeatMapValueDecimalPattern("#0.#");
        List<Number[]> heat = new ArrayList<>();
        double lo = Double.MAX_VALUE, hi = 0;
        for (Seed002Filters.FilterRow r : rows) {
            if (r.best() == null) continue;
            double g = r.best().gflops();
            lo = Math.min(lo, g);
            hi = Math.max(hi, g);
            heat.add(new Number[]{ws.indexOf(r.fw()), hs.indexOf(r.fh()), g});
        }
        c.getStyler().setMin(round(lo, false)).setMax(hi > lo ? round(hi, true) : round(lo, true) + 1);
        c.addSeries("best GFLOP/s", ws, hs, heat);
        return c;
    }

    /** {@code v} to 2 significant digits, down or up. */
    static double round(double v, boolean up) {
        if (!(v > 0)) return v;
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(2, up ? java.math.RoundingMode.UP : java.math.RoundingMode.DOWN)).doubleValue();
    }

    /**
     * The roofline: min(flops, AI × stream) over the intensities of Eqs. 3.1–3.2, and each rung's
     * points (one per filter size), log-log.
     */
    private static XYChart rooflineChart(String dev, List<Seed002Filters.FilterRow> rows, Seed002Filters.RoofRow roof) {
        boolean modelled = rows.stream().anyMatch(Seed002Filters.FilterRow::modelled);
        XYChart c = Plots.xy("Roofline, convolution ladder, " + dev, "arithmetic intensity (FLOP/byte, Eqs. 3.1-3.2)",
                modelled ? "modelled GFLOP/s" : "GFLOP/s", true);
        c.getStyler().setYAxisLogarithmic(true);
        double lo = Double.MAX_VALUE, hi = 0;
        for (String v : Seed002FiltersPage.ORDER) {
            List<Seed002Filters.Rung> l = rows.stream().map(r -> r.rung(v)).filter(r -> r != null && r.verified() && r.ai() > 0 && r.gflops() > 0).toList();
            if (l.isEmpty()) continue;
            double[] ai = l.stream().mapToDouble(Seed002Filters.Rung::ai).toArray();
            for (double a : ai) {
                lo = Math.min(lo, a);
                hi = Math.max(hi, a);
            }
            XYSeries sr = c.addSeries(Seed002FiltersPage.letter(v) + " " + v, ai, l.stream().mapToDouble(Seed002Filters.Rung::gflops).toArray());
            sr.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        }
        if (roof != null && roof.streamGbs() != null && roof.flopsGflops() != null && hi > 0) {
            double from = Math.min(lo, 0.1) , to = Math.max(hi, roof.flopsGflops() / roof.streamGbs()) * 2;
            int n = 64;
            double[] x = new double[n], y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = from * Math.pow(to / from, i / (double) (n - 1));
                y[i] = Math.min(roof.flopsGflops(), x[i] * roof.streamGbs());
            }
            Plots.model(c, "roofline (stream " + Seed002Report.fmt(roof.streamGbs()) + " GB/s, flops " + Seed002Report.fmt(roof.flopsGflops()) + ")", x, y);
        }
        return c;
    }

    private static CategoryChart strategyChart(String dev, List<StrategyRow> rows) {
        boolean modelled = rows.stream().anyMatch(StrategyRow::modelled);
        CategoryChart c = Plots.bars("Transfer strategies, " + dev, "case, strategy (chunks)",
                modelled ? "modelled host-to-host time (ms)" : "host-to-host time (ms)");
        List<StrategyRow> ok = rows.stream().filter(StrategyRow::verified).toList();
        List<String> cats = ok.stream().map(r -> r.caseName() + " " + r.strategy() + " (" + r.chunks() + ")").toList();
        Plots.bar(c, modelled ? "modelled" : "measured", cats, ok.stream().map(StrategyRow::measuredMs).toList());
        Plots.bar(c, "predicted", cats, ok.stream().map(StrategyRow::predictedMs).toList());
        return c;
    }
}
