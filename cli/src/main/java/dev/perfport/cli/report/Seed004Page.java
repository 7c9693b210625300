package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed004Report.DeviceRow;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.ProseTemplate.model;
import static dev.perfport.cli.report.Seed004Report.SECTIONS;
import static dev.perfport.cli.report.Seed004Report.STUDIES;
import static dev.perfport.cli.report.Seed004Report.f;
import static dev.perfport.cli.report.Seed004Report.flopsOf;
import static dev.perfport.cli.report.Seed004Report.peakOf;
import static dev.perfport.cli.report.Seed004Report.referenceOf;

/**
 * Report seed-004's Markdown: per study, device and case the knob tables of the saved data, the
 * summary and the failed points, with the values its prose names, filled into the template
 * {@code seed-004.md} (the prose).
 */
final class Seed004Page {
    private static final ProseTemplate TEMPLATE = ProseTemplate.load("seed-004.md");

    private Seed004Page() {
    }

    /** The report; {@code failedCount[0]} is set to the number of failed points. */
    static String markdown(ReportData data, Params o, ReportWriter.Figures figs, int[] failedCount) {
        ReportData.Contents c = data.contents();
        Map<String, Object> m = new HashMap<>();
        m.put("command", c.command());
        m.put("started", c.started());
        for (String k : List.of("cpu", "threads", "os", "java", "loadBefore")) m.put(k, c.machine().get(k));
        m.put("loadAfter", c.machine().getOrDefault("loadAfter", "-"));
        m.put("complete", c.complete());
        m.put("sweeps", String.join(", ", data.sweepNames()));
        m.put("devicesTable", block(md -> {
            Markdown.Table dt = md.table("selector", "backend", "device", "type", "times", "streaming GB/s (saxpy)", "FP32 GFLOP/s (flops)");
            for (String dev : data.devices()) {
                List<DeviceRow> d = data.rows("device", dev, DeviceRow.class);
                DeviceRow r = d == null || d.isEmpty() ? null : d.getFirst();
                Seed004Study.Point peak = peakOf(data, dev);
                dt.row(Markdown.cell(dev), r == null ? "" : r.backend(), r == null ? "" : Markdown.cell(r.name()), r == null ? "" : r.type(),
                        r == null ? "" : (r.error() != null ? "failed: " + Markdown.cell(r.error()) : r.timeBasis()), peak == null ? "-" : f(peak.rate()),
                        flopsOf(data, dev) == null ? "-" : f(flopsOf(data, dev).rate()));
            }
            dt.end();
        }));
        List<String> failures = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        List<Map<String, Object>> sections = new ArrayList<>();
        for (Map.Entry<String, String> sec : SECTIONS.entrySet()) {
            Seed004Study st = STUDIES.stream().filter(s -> s.workload().equals(sec.getKey())).findFirst().orElse(null);
            if (st == null) {
                sections.add(model("title", sec.getValue(), "workload", sec.getKey(), "unregistered", true, "exists", workloadExists(sec.getKey())));
                continue;
            }
            Map<String, Object> s = study(data, o, st, figs, failures, summary);
            s.put("title", sec.getValue());
            s.put("empty", ((List<?>) s.get("devices")).isEmpty());
            sections.add(s);
        }
        for (Seed004Study st : STUDIES) {
            if (SECTIONS.containsKey(st.workload())) continue;
            Map<String, Object> s = study(data, o, st, figs, failures, summary);
            s.put("title", st.title());
            s.put("empty", false);
            sections.add(s);
        }
        m.put("sections", sections);
        m.put("summaryTable", block(md -> {
            Markdown.Table t = md.table("workload", "device", "input", "untuned", "all tuned", "x untuned", "untuned % ref", "tuned % ref",
                    "untuned % peak", "tuned % peak");
            for (String s : summary) t.row(List.of(s.split("\t", -1)));
            t.end();
        }));
        List<String> refs = Seed004Average.references(data, o);
        m.put("references", block(md -> md.bullets(refs)));
        m.put("anyReference", !refs.isEmpty());
        m.put("averageTable", Seed004Average.table(data, o));
        List<Map<String, Object>> scaling = new ArrayList<>();
        for (String dev : data.devices()) {
            String tables = SpmvScalingStudy.tables(data, o, dev, failures);
            if (tables != null) scaling.add(model("device", dev, "tables", tables));
        }
        m.put("scaling", scaling);
        m.put("noScaling", scaling.isEmpty());
        // the notes under the ablations describe PoCL and the emulator; a run of other devices shows the tables alone
        m.put("cpuNotes", data.devices().stream().map(dev -> data.rows("device", dev, DeviceRow.class))
                .anyMatch(l -> l != null && !l.isEmpty() && List.of("cpu", "accelerator").contains(l.getFirst().type())));
        List<String> types = data.devices().stream().map(dev -> data.rows("device", dev, DeviceRow.class))
                .filter(l -> l != null && !l.isEmpty()).map(l -> l.getFirst().type()).toList();
        m.put("anyCpu", types.contains("cpu"));
        m.put("anyEmulator", types.contains("accelerator"));
        m.put("anyGpu", types.contains("gpu"));
        m.put("gpuScratchpad", block(md -> md.bullets(Seed004Observations.gpuScratchpad(data, o))));
        m.put("gpuMapping", block(md -> md.bullets(Seed004Observations.gpuMapping(data, o))));
        m.put("gpuLayout", block(md -> md.bullets(Seed004Observations.gpuLayout(data, o))));
        m.put("gemmScratchpad", Seed004Observations.sgemmScratchpad(data, o));
        m.put("spmvMapping", Seed004Observations.spmvMapping(data, o));
        m.put("spmvLayout", Seed004Observations.spmvLayout(data, o));
        m.put("anyFailed", !failures.isEmpty());
        m.put("failedCount", failures.size());
        m.put("failedDetails", block(md -> md.details("the failed points", d -> d.bullets(failures.stream().limit(200).toList()))));
        failedCount[0] = failures.size();
        return TEMPLATE.render(m);
    }

    private static boolean workloadExists(String name) {
        try {
            Workloads.get(name);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A study's section: per device with rows, per case its knob table; adds to {@code failures} and {@code summary}. */
    private static Map<String, Object> study(ReportData data, Params o, Seed004Study st, ReportWriter.Figures figs, List<String> failures,
                                             List<String> summary) {
        List<Map<String, Object>> devices = new ArrayList<>();
        for (String dev : data.devices()) {
            List<Map<String, Object>> cases = new ArrayList<>();
            for (String kase : st.cases(o)) {
                List<Seed004Study.Point> pts = data.rows(st.workload() + "/" + kase, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                cases.add(kase(data, st, dev, kase, pts, failures, summary));
            }
            if (!cases.isEmpty()) {
                devices.add(model("device", dev, "cases", cases, "figure", block(md -> figs.image(md, st.workload() + "@" + dev))));
            }
        }
        return model("workload", st.workload(), "unregistered", false, "about", st.about(), "devices", devices);
    }

    private static Map<String, Object> kase(ReportData data, Seed004Study st, String dev, String kase, List<Seed004Study.Point> pts,
                                            List<String> failures, List<String> summary) {
        Seed004Study.Point peak = peakOf(data, dev);
        Seed004Study.Point ref = referenceOf(data, st, kase, dev);
        List<Seed004Study.KnobRow> rows = st.table(pts);
        Seed004Study.Point base = rows.getFirst().point();
        Map<String, Object> k = model("kase", kase, "verified", pts.stream().filter(Seed004Study.Point::ok).count(), "points", pts.size());
        // a reference that failed (a native library that cannot load) is named with its reason, and rates nothing
        k.put("ref", ref == null || !ref.ok() ? List.of() : List.of(model("variant", ref.variant(), "rate", f(ref.rate()), "metric", ref.metric(),
                "incomparable", base != null && base.modelled() != ref.modelled())));
        k.put("refMissing", ref == null || ref.ok() ? List.of() : List.of(model("variant", ref.variant(), "why", Markdown.cell(ref.error()))));
        // a rate in GFLOP/s needs no second GFLOP/s column; its % peak is of the FP32 rate, a byte-counting study's of the bandwidth
        boolean flops = base != null && base.metric().endsWith("GFLOP/s");
        boolean moved = pts.stream().anyMatch(p -> p.bandwidth() > 0);
        // FLOP/s-rated studies (FFT, SGEMM): the rate as a fraction of the measured FP32 multiply-add rate
        Seed004Study.Point flopsPeak = flops ? flopsOf(data, dev) : null;
        k.put("table", block(md -> {
            List<String> head = new ArrayList<>(List.of("knob", "what", "best setting", base == null ? "rate" : base.metric()));
            if (!flops) head.add("GFLOP/s");
            head.add("x untuned");
            if (moved) head.addAll(List.of("moved GB/s", "% peak"));
            if (flops) head.add("% peak");
            head.add("% ref");
            Markdown.Table t = md.table(head);
            for (Seed004Study.KnobRow r : rows) {
                Seed004Study.Point p = r.point();
                if (p == null) {
                    t.row(r.knob(), Markdown.cell(r.what()), "none verified on this input");
                    continue;
                }
                List<String> cells = new ArrayList<>(List.of(r.knob().equals("untuned") || r.knob().equals("all tuned") ? "**" + r.knob() + "**" : r.knob(),
                        Markdown.cell(r.what()), "`" + Markdown.cell(p.setting()) + "`", f(p.rate())));
                if (!flops) cells.add(f(p.gflops()));
                cells.add(base == null ? "-" : String.format(Locale.ROOT, "%.2f", p.rate() / base.rate()));
                if (moved) cells.addAll(List.of(p.bandwidth() > 0 ? f(p.bandwidth()) : "-", p.bandwidth() > 0 ? pct(p.bandwidth(), peak) : "-"));
                if (flops) cells.add(pct(p, flopsPeak));
                cells.add(pct(p, ref));
                t.row(cells);
            }
            t.end();
        }));
        Seed004Study.Point tuned = rows.getLast().point();
        if (base != null && tuned != null) {
            summary.add(String.join("\t", st.workload(), Markdown.cell(dev), kase, f(base.rate()), f(tuned.rate()),
                    String.format(Locale.ROOT, "%.2f", tuned.rate() / base.rate()), pct(base, ref), pct(tuned, ref),
                    flops ? pct(base, flopsOf(data, dev)) : pct(base.bandwidth(), peak),
                    flops ? pct(tuned, flopsOf(data, dev)) : pct(tuned.bandwidth(), peak)));
        }
        for (Seed004Study.Point p : pts) {
            if (!p.ok()) failures.add("`" + Markdown.cell(dev) + "` " + kase + " `" + Markdown.cell(p.setting()) + "`: " + Markdown.cell(p.error()));
        }
        return k;
    }

    private static String pct(double rate, Seed004Study.Point of) {
        return of == null || !of.ok() || !(rate > 0) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * rate / of.rate());
    }

    /** The point's rate as a fraction of the reference's; none where one is modelled and the other measured (not comparable). */
    private static String pct(Seed004Study.Point p, Seed004Study.Point ref) {
        if (ref == null || p.modelled() != ref.modelled()) return "-";
        return pct(p.rate(), ref);
    }
}
