package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.LinkRow;
import dev.perfport.cli.report.Seed002Report.StrategyRow;
import dev.perfport.workloads.transfer.OverlapModel;
import dev.perfport.workloads.transfer.OverlapModel.Job;
import dev.perfport.workloads.transfer.OverlapModel.Side;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed002Report.fmt;

/**
 * Report seed-002's strategy-study sections: per device the study's runs and the model's choice
 * per kernel; across devices the reuse of buoydiff's tracers by ddmix and the stream count of Fig.
 * 5.8 on the thesis's own parameters. POP's choice per function is {@link PopChoice}'s.
 */
final class Seed002StudyPage {
    /** Table 5.1 (GTX Titan, PCIe 3.0), in ms: L+o, G per byte and g, each way. */
    static final Side TITAN_HD = new Side(0.009420, 8.318392E-8, 0.002503), TITAN_DH = new Side(0.009023, 7.924734E-8, 0.002674);
    private static final double MB = 1 << 20;

    private Seed002StudyPage() {
    }

    /** One device's study: its runs, the model's choice per kernel, and the figure. */
    static Map<String, Object> study(List<StrategyRow> st, String dev, ReportWriter.Figures figs) {
        boolean modelled = st.stream().anyMatch(StrategyRow::modelled);
        String what = modelled ? "modelled" : "measured";
        Map<String, Object> s = new HashMap<>();
        s.put("what", what);
        s.put("modelled", modelled);
        s.put("table", block(md -> {
            Markdown.Table t = md.table("kernel, size", "strategy", "streams", what + " ms", "spread", "predicted ms", "error", "kernel ms",
                    "moved MB", "model's best n (ms)", "error of the run");
            for (StrategyRow r : st) {
                if (r.verified()) {
                    t.row(r.caseName(), r.strategy(), r.chunks(), fmt(r.measuredMs()), String.format(Locale.ROOT, "%.1f%%", r.spreadPct()),
                            r.predictedMs() > 0 ? fmt(r.predictedMs()) : "-",
                            r.predictedMs() > 0 ? String.format(Locale.ROOT, "%+.1f%%", r.errorPct()) : "-", fmt(r.kernelMs()),
                            r.copiedMb() > 0 ? fmt(r.copiedMb()) : "-", r.optimumN() > 0 ? r.optimumN() + " (" + fmt(r.optimumMs()) + ")" : "-", "-");
                } else {
                    t.row(r.caseName(), r.strategy(), r.chunks(), "-", "-", "-", "-", "-", "-", "-", r.error());
                }
            }
            t.end();
        }));
        Seed002Verdict v = Seed002Verdict.of(st);
        s.put("verdict", v == null ? List.of() : List.of(Seed002Page.verdict(v, st, what)));
        s.put("figure", block(md -> figs.image(md, "study-" + dev)));
        return s;
    }

    /**
     * ddmix reading the tracers buoydiff copied, per device and strategy: buoydiff and ddmix run
     * apart (each copying T and S) against buoydiff+ddmix (one copy), time and bytes.
     */
    static List<Map<String, Object>> reuse(ReportData data) {
        List<String[]> lines = new ArrayList<>();
        for (String dev : data.devices()) {
            List<StrategyRow> st = data.rows("study", dev, StrategyRow.class);
            if (st == null) continue;
            for (StrategyRow both : st) {
                if (!"buoydiff+ddmix".equals(both.kernel()) || !both.verified()) continue;
                StrategyRow b = find(st, "buoydiff", both.strategy()), d = find(st, "ddmix", both.strategy());
                if (b == null || d == null) continue;
                double apart = b.measuredMs() + d.measuredMs(), mb = b.copiedMb() + d.copiedMb();
                lines.add(new String[]{dev, both.strategy(), fmt(apart), fmt(both.measuredMs()),
                        String.format(Locale.ROOT, "%+.0f%%", 100 * (both.measuredMs() / apart - 1)), mb > 0 ? fmt(mb) : "-",
                        both.copiedMb() > 0 ? fmt(both.copiedMb()) : "-"});
            }
        }
        if (lines.isEmpty()) return List.of();
        return List.of(ProseTemplate.model("table", block(md -> {
            Markdown.Table t = md.table("device", "strategy", "buoydiff + ddmix apart (ms)", "together (ms)", "time", "moved MB apart",
                    "moved MB together");
            for (String[] l : lines) t.row((Object[]) l);
            t.end();
        })));
    }

    static StrategyRow find(List<StrategyRow> rows, String kernel, String strategy) {
        for (StrategyRow r : rows) if (kernel.equals(r.kernel()) && strategy.equals(r.strategy()) && r.verified()) return r;
        return null;
    }

    /** Fig. 5.8 on Table 5.1's parameters: 128 MB in, 2 MB out, tE = 10 ms on category 2, by stream count. */
    static Map<String, Object> streamCount() {
        Job j = Job.even(128 * MB, 2 * MB, 10, 1);
        OverlapModel.Optimum o = OverlapModel.optimum(2, TITAN_HD, TITAN_DH, j, OverlapModel.MAX_STREAMS);
        Map<String, Object> m = new HashMap<>();
        m.put("table", block(md -> {
            Markdown.Table t = md.table("streams n", "Eq. 5.3 (kernel dominant)", "both directions in full", "input in full + a stream",
                    "a stream + output in full", "category 2 estimate (ms)");
            for (int n : new int[]{1, 2, 4, 8, 16, 32, o.n(), 64, 128}) {
                Job s = j.split(n);
                double in = TITAN_HD.time(s.bhd(), n), out = TITAN_DH.time(s.bdh(), n);
                t.row(n == o.n() ? "**" + n + "**" : n, fmt(OverlapModel.eq53(TITAN_HD, TITAN_DH, s)), fmt(in + out),
                        fmt(in + 10.0 / n + TITAN_DH.time(s.streamDh())), fmt(TITAN_HD.time(s.streamHd()) + 10.0 / n + out),
                        fmt(OverlapModel.streams(2, TITAN_HD, TITAN_DH, s)));
            }
            t.end();
        }));
        m.put("n", o.n());
        m.put("ms", fmt(o.time()));
        m.put("nmax1k", String.format(Locale.ROOT, "%.1f", OverlapModel.nMax(1, TITAN_HD, TITAN_DH, j, true)));
        m.put("nmax1t", String.format(Locale.ROOT, "%.1f", OverlapModel.nMax(1, TITAN_HD, TITAN_DH, j, false)));
        m.put("nmax3", String.format(Locale.ROOT, "%.1f", OverlapModel.nMax(3, TITAN_HD, TITAN_DH, j, false)));
        m.put("cat3", OverlapModel.optimum(3, TITAN_HD, TITAN_DH, j, OverlapModel.MAX_STREAMS).n());
        return m;
    }

    /** The device's category as its model table names it, or null. */
    static String category(ReportData data, String dev) {
        List<LinkRow> links = data.rows("model", dev, LinkRow.class);
        return links == null || links.isEmpty() ? null : links.getFirst().category();
    }
}
