package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.cli.report.Seed002Report.LadderRow;
import dev.perfport.cli.report.Seed002Report.StrategyRow;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

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
