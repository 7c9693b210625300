package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figures;
import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.Result;
import dev.perfport.cli.report.Seed001Report.SizeRow;
import dev.perfport.cli.report.Seed001Report.TrsmRow;
import dev.perfport.cli.report.Seed001Report.TuneRow;
import dev.perfport.workloads.gemm.GemmConfig;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import static dev.perfport.cli.report.Seed001Report.fmt;

/**
 * Report seed-001's Markdown: the saved data's tables and figures and the values its prose names,
 * filled into the template {@code seed-001.md} (the prose).
 */
final class Seed001Page {
    private static final ProseTemplate TEMPLATE = ProseTemplate.load("seed-001.md");

    private Seed001Page() {
    }

    static String markdown(ReportData data, Options o, List<Result> results, Figures figs) {
        ReportData.Contents c = data.contents();
        Map<String, Object> m = new HashMap<>();
        m.put("command", c.command());
        m.put("started", c.started());
        m.put("complete", c.complete());
        m.put("machine", Markdown.block(md -> md.bullets(c.machine().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList())));
        Integer rounds = results.stream().flatMap(r -> r.sizes().stream()).map(SizeRow::rounds).filter(Objects::nonNull).findFirst().orElse(null);
        m.put("rounds", rounds == null || rounds < 2 ? null : rounds);
        m.put("reps", o.reps());
        m.put("strategy", o.strategy());
        m.put("random", o.strategy().equals("random"));
        m.put("budget", o.budget());
        m.put("tuneSize", o.tuneSize());
        m.put("ratiosTable", Markdown.block(md -> {
            Markdown.Table t = md.table("device", "time basis", "type", "tuned / untuned (per size " + o.sizes() + ")", "geometric mean");
            for (Result r : results) {
                if (r.device().error() != null) {
                    t.row(r.device().selector(), "-", "-", "failed: " + r.device().error(), "-");
                    continue;
                }
                for (String type : o.types()) {
                    List<String> ratios = new ArrayList<>();
                    double logSum = 0;
                    int n = 0;
                    for (SizeRow s : r.sizes()) {
                        if (!s.type().equals(type)) continue;
                        if (s.tuned() == null || s.untuned() == null) {
                            ratios.add("-");
                            continue;
                        }
                        double q = s.tuned() / s.untuned();
                        ratios.add(String.format(Locale.ROOT, "%.2f", q));
                        logSum += Math.log(q);
                        n++;
                    }
                    t.row(r.device().selector() + " (" + r.device().name() + ")", r.device().timeBasis(), type, String.join(", ", ratios),
                            n == 0 ? "-" : String.format(Locale.ROOT, "**%.2f×**", Math.exp(logSum / n)));
                }
            }
            t.end();
        }));
        m.put("gemmFigures", Markdown.block(md -> {
            for (String type : o.types()) figs.image(md, "gemm-" + type);
        }));
        m.put("sizesTable", Markdown.block(md -> {
            Markdown.Table g = md.table("device", "type", "m = n = k", "untuned GFLOP/s", "tuned GFLOP/s", "error");
            for (Result r : results) {
                for (SizeRow s : r.sizes()) {
                    String e = s.untunedError() != null ? "untuned: " + s.untunedError() : s.tunedError() != null ? "tuned: " + s.tunedError() : "";
                    g.row(r.device().selector(), s.type(), s.size(), fmt(s.untuned()), fmt(s.tuned()), e);
                }
            }
            g.end();
        }));
        m.put("tuneTable", Markdown.block(md -> {
            Markdown.Table tt = md.table("device", "type", "tuned parameters (mwg nwg kwg mdimc ndimc mdima ndimb kwi vwm vwn strm strn sa sb ks)",
                    "tuned at " + o.tuneSize() + "³", "default", "evaluations (measured, rejected)", "grid", "tuning time (s)");
            for (Result r : results) {
                for (TuneRow u : r.tunes()) {
                    String params = u.best() == null ? "none valid"
                            : String.join(" ", GemmConfig.NAMES.stream().map(k -> String.valueOf(GemmConfig.value(u.best(), k))).toList());
                    tt.row(r.device().selector(), u.typeOrFloat(), "`" + params + "`" + ("default".equals(u.chosen()) ? " (the default: nothing better found)" : ""),
                            fmt(u.bestValue()) + " " + u.metric(), fmt(u.defaultValue()),
                            u.evaluations() + " (" + u.measured() + ", " + u.rejected() + ")", u.grid(), String.format(Locale.ROOT, "%.1f", u.seconds()));
                }
            }
            tt.end();
        }));
        m.put("trsmTable", Markdown.block(md -> {
            Markdown.Table tr = md.table("device", "type", "m", "n", "nb", "GFLOP/s", "launches", "host syncs", "error");
            for (Result r : results) {
                for (TrsmRow x : r.trsm()) tr.row(r.device().selector(), x.type(), x.m(), x.n(), x.nb(), fmt(x.gflops()), x.launches(), x.hostSyncs(),
                        x.error() == null ? "" : x.error());
            }
            tr.end();
        }));
        m.put("trsmFigure", Markdown.block(md -> figs.image(md, "trsm")));
        m.put("phasesTable", TrsmPhaseStudy.table(results, o));
        m.put("peakTable", PeakStudy.table(results, o));
        m.put("portSize", o.portSize());
        m.put("trsmM", o.trsmM());
        m.put("trsmN", o.trsmN());
        m.put("phaseType", o.types().getFirst());
        m.put("flopsIters", o.flopsIters());
        m.put("nbs", o.nbs().toString());
        m.put("trsmTuneTable", Markdown.block(md -> {
            if (results.stream().allMatch(r -> r.trsmTunes().isEmpty())) return;
            Markdown.Table t = md.table("device", "type", "tuned nb", "rate while tuning", "evaluations (rejected)", "tuning time (s)", "error");
            for (Result r : results) {
                for (Seed001Tuning.TrsmTuneRow x : r.trsmTunes()) {
                    t.row(r.device().selector(), x.type(), x.nb() == null ? "-" : x.nb(), x.gflops() == null ? "-" : fmt(x.gflops()) + " " + x.metric(),
                            x.evaluations() + " (" + x.rejected() + ")", String.format(Locale.ROOT, "%.1f", x.seconds()), x.error() == null ? "" : Markdown.cell(x.error()));
                }
            }
            t.end();
        }));
        m.put("blasTable", BlasBaseline.table(data, results));
        m.put("blas", !BlasBaseline.rows(data).isEmpty());
        m.put("blasWhere", Objects.requireNonNullElse(BlasBaseline.where(data), "not saved"));
        m.put("blasLibrary", Objects.requireNonNullElse(BlasBaseline.library(data), "OpenBLAS"));
        m.put("trsmRoutes", Markdown.block(md -> md.bullets(trsmRoutes(results))));
        // the fixed observations are of a run on PoCL's CPU (beside the emulator): on a page without a CPU they describe other devices
        m.put("cpuNotes", results.stream().anyMatch(r -> "CPU".equalsIgnoreCase(r.device().type())));
        List<String> devices = results.stream().map(r -> r.device().selector()).toList();
        m.put("portabilityTables", PortabilityStudy.tables(PortabilityStudy.matrices(devices, PortabilityStudy.rows(data), o.types()), o));
        return TEMPLATE.render(m);
    }

    /**
     * For each device that two routes reached (the same device name, e.g. jocl:0 and aparapi:0 on one GPU), how their TRSMs
     * compare at each block size both measured: what these data say, whatever it is.
     */
    static List<String> trsmRoutes(List<Result> results) {
        List<String> out = new ArrayList<>();
        boolean pair = false;
        for (int i = 0; i < results.size(); i++) {
            for (int j = i + 1; j < results.size(); j++) {
                Result a = results.get(i), b = results.get(j);
                if (!a.device().name().equals(b.device().name())) continue;
                for (String type : List.of("float", "double")) {
                    List<String> cells = new ArrayList<>();
                    int faster = 0, n = 0;
                    for (TrsmRow x : a.trsm()) {
                        if (!x.type().equals(type) || x.gflops() == null) continue;
                        for (TrsmRow y : b.trsm()) {
                            if (!y.type().equals(type) || y.gflops() == null || y.nb() != x.nb() || y.m() != x.m() || y.n() != x.n()) continue;
                            cells.add("nb " + x.nb() + ": " + fmt(y.gflops()) + " against " + fmt(x.gflops()));
                            n++;
                            if (y.gflops() > x.gflops()) faster++;
                        }
                    }
                    if (n == 0) continue;
                    String verdict = faster == n ? "ran faster than" : faster == 0 ? "ran slower than" : "was faster at " + faster + " of " + n + " block sizes than";
                    pair |= a.device().selector().startsWith("jocl:") && b.device().selector().startsWith("aparapi:");
                    out.add(b.device().selector() + "'s TRSM " + verdict + " " + a.device().selector() + "'s on " + a.device().name() + " (" + type
                            + ", GFLOP/s " + b.device().selector() + " against " + a.device().selector() + ": " + String.join("; ", cells) + ").");
                }
            }
        }
        if (pair) {
            out.add("On the H100 (seed-001-h100.md) Aparapi's TRSM outran jocl's, cause not found; what was tried there is listed on that "
                    + "page. No H100 is available any more; the rows above are what these data say on their own device.");
        }
        return out;
    }
}
