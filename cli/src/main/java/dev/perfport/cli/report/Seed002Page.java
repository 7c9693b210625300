package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.LadderRow;
import dev.perfport.cli.report.Seed002Report.LazyRow;
import dev.perfport.cli.report.Seed002Report.LinkRow;
import dev.perfport.cli.report.Seed002Report.StrategyRow;
import dev.perfport.cli.report.Seed002Report.TuneRow;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.ProseTemplate.model;
import static dev.perfport.cli.report.Seed002Report.VARIANTS;
import static dev.perfport.cli.report.Seed002Report.fmt;

/**
 * Report seed-002's Markdown: per device the saved sweeps' tables, figures and the values its
 * prose names, filled into the template {@code seed-002.md} (the prose).
 */
final class Seed002Page {
    private static final ProseTemplate TEMPLATE = ProseTemplate.load("seed-002.md");

    private Seed002Page() {
    }

    static String markdown(ReportData data, ReportWriter.Figures figs) {
        ReportData.Contents c = data.contents();
        Map<String, Object> m = new HashMap<>();
        m.put("command", c.command());
        m.put("started", c.started());
        m.put("machine", String.valueOf(c.machine()));
        m.put("complete", c.complete());
        List<Map<String, Object>> devices = new ArrayList<>();
        for (String dev : data.devices()) devices.add(device(data, dev, figs));
        m.put("devices", devices);
        List<PopChoice> pop = PopChoice.of(data);
        m.put("pop", pop.isEmpty() ? List.of() : List.of(PopChoice.table(pop)));
        m.put("reuse", Seed002StudyPage.reuse(data));
        m.put("streamCount", List.of(Seed002StudyPage.streamCount()));
        return TEMPLATE.render(m);
    }

    /** One device's sections: each a list of one model where its sweep was saved, else empty. */
    private static Map<String, Object> device(ReportData data, String dev, ReportWriter.Figures figs) {
        Map<String, Object> d = new HashMap<>();
        d.put("device", dev);
        List<LadderRow> ladder = data.rows("ladder", dev, LadderRow.class);
        d.put("ladder", ladder == null || ladder.isEmpty() ? List.of() : List.of(model(
                "modelled", ladder.stream().anyMatch(LadderRow::modelled),
                "table", block(md -> {
                    List<Integer> filters = ladder.stream().map(LadderRow::filter).distinct().toList();
                    List<String> head = new ArrayList<>(List.of("variant"));
                    for (int f : filters) head.add(f + "×" + f);
                    Markdown.Table t = md.table(head);
                    for (String v : VARIANTS) {
                        List<Object> row = new ArrayList<>(List.of(v));
                        for (int f : filters) {
                            LadderRow r = ladder.stream().filter(x -> x.variant().equals(v) && x.filter() == f).findFirst().orElse(null);
                            row.add(r == null ? "-" : r.verified() ? fmt(r.gflops()) : "failed");
                        }
                        t.row(row);
                    }
                    t.end();
                }),
                "figure", block(md -> figs.image(md, "ladder-" + dev)))));
        List<LazyRow> lazy = data.rows("lazy", dev, LazyRow.class);
        d.put("lazy", lazy == null || lazy.isEmpty() ? List.of() : List.of(model(
                "width", lazy.getFirst().width(), "filters", lazy.getFirst().filters(), "filter", lazy.getFirst().filter(),
                "table", block(md -> {
                    Markdown.Table t = md.table("policy", "bytes in", "bytes out", "bytes avoided", "ms");
                    for (LazyRow r : lazy) t.row(r.policy(), r.bytesIn(), r.bytesOut(), r.avoided(), fmt(r.ms()));
                    t.end();
                }))));
        List<TuneRow> tune = data.rows("tuning", dev, TuneRow.class);
        d.put("tuning", tune == null || tune.isEmpty() ? List.of() : List.of(model("table", block(md -> {
            Markdown.Table t = md.table("strategy", "evaluations", "best configuration", "best GFLOP/s", "untuned GFLOP/s", "speed-up");
            for (TuneRow r : tune) {
                t.row(r.strategy(), r.evaluations(), r.best(), fmt(r.bestGflops()), fmt(r.untunedGflops()),
                        r.untunedGflops() > 0 ? fmt(r.bestGflops() / r.untunedGflops()) + "×" : "-");
            }
            t.end();
        }))));
        List<StrategyRow> st = data.rows("strategies", dev, StrategyRow.class);
        d.put("strategies", st == null || st.isEmpty() ? List.of() : List.of(strategies(st, dev, figs)));
        d.put("filterStudy", Seed002FiltersPage.section(data, dev, figs));
        List<StrategyRow> study = data.rows("study", dev, StrategyRow.class);
        d.put("study", study == null || study.isEmpty() ? List.of() : List.of(Seed002StudyPage.study(study, dev, figs)));
        List<LinkRow> links = data.rows("model", dev, LinkRow.class);
        d.put("model", links == null || links.isEmpty() ? List.of() : List.of(model(
                "category", links.getFirst().category(),
                "table", block(md -> {
                    Markdown.Table t = md.table("direction", "L+o (µs)", "1/G (GB/s)", "R²");
                    for (LinkRow l : links) {
                        // a contention row holds its factor where the others hold L+o
                        String first = l.direction().startsWith(Seed002Study.CONTENTION) ? "× " + fmt(l.latencyMicros()) : fmt(l.latencyMicros());
                        t.row(l.direction(), first, Double.isNaN(l.gbPerSecond()) ? "-" : fmt(l.gbPerSecond()),
                                Double.isFinite(l.r2()) ? String.format(Locale.ROOT, "%.4f", l.r2()) : "-");
                    }
                    t.end();
                }))));
        return d;
    }

    /** The strategies' table, the model's verdict per case and overall, and the figure. */
    private static Map<String, Object> strategies(List<StrategyRow> st, String dev, ReportWriter.Figures figs) {
        boolean modelled = st.stream().anyMatch(StrategyRow::modelled);
        String what = modelled ? "modelled" : "measured";
        Map<String, Object> s = new HashMap<>();
        s.put("what", what);
        s.put("modelled", modelled);
        s.put("table", block(md -> {
            Markdown.Table t = md.table("image, filter", "strategy", "chunks", what + " ms", "spread", "predicted ms", "error", "kernel ms", "error of the run");
            for (StrategyRow r : st) {
                if (r.verified()) {
                    t.row(r.caseName(), r.strategy(), r.chunks(), fmt(r.measuredMs()), String.format(Locale.ROOT, "%.1f%%", r.spreadPct()),
                            r.predictedMs() > 0 ? fmt(r.predictedMs()) : "-",
                            r.predictedMs() > 0 ? String.format(Locale.ROOT, "%+.1f%%", r.errorPct()) : "-", fmt(r.kernelMs()), "-");
                } else {
                    t.row(r.caseName(), r.strategy(), r.chunks(), "-", "-", "-", "-", "-", r.error());
                }
            }
            t.end();
        }));
        Seed002Verdict v = Seed002Verdict.of(st);
        s.put("verdict", v == null ? List.of() : List.of(verdict(v, st, what)));
        s.put("figure", block(md -> figs.image(md, "strategies-" + dev)));
        return s;
    }

    static Map<String, Object> verdict(Seed002Verdict v, List<StrategyRow> st, String what) {
        Map<String, Object> m = new HashMap<>();
        m.put("casesTable", block(md -> {
            Markdown.Table ct = md.table("case", "n", what + " best", "ms", "predicted best", "its " + what + " ms", "verdict");
            for (List<StrategyRow> l : Seed002Verdict.cases(st)) {
                Seed002Verdict.Judged j = Seed002Verdict.Judged.of(l);
                StrategyRow bm = j.measured(), bp = j.predicted();
                int n = l.stream().filter(StrategyRow::chunked).mapToInt(StrategyRow::chunks).findFirst().orElse(1);
                ct.row(bm.caseName(), n, bm.strategy() + " (" + bm.chunks() + ")", fmt(bm.measuredMs()), bp.strategy() + " (" + bp.chunks() + ")",
                        fmt(bp.measuredMs()), j.hit() ? "hit" : String.format(Locale.ROOT, "%s (+%.1f%%)", j.tie() ? "tie" : "miss", j.slowerPct()));
            }
            ct.end();
        }));
        m.put("hits", v.hits());
        m.put("cases", v.cases());
        m.put("hitsPct", String.format(Locale.ROOT, "%.0f%%", 100.0 * v.hits() / v.cases()));
        m.put("ties", v.ties());
        m.put("togetherPct", String.format(Locale.ROOT, "%.0f%%", 100.0 * (v.hits() + v.ties()) / v.cases()));
        m.put("median", String.format(Locale.ROOT, "%.1f%%", v.median()));
        m.put("worst", String.format(Locale.ROOT, "%.1f%%", v.worst()));
        m.put("runs", v.runs());
        return m;
    }
}
