package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figures;
import dev.perfport.cli.report.Seed000Report.DeviceRow;
import dev.perfport.cli.report.Seed000Report.Options;
import dev.perfport.cli.report.Seed000Report.Point;
import dev.perfport.cli.report.Seed000Report.TuneRow;
import dev.perfport.cli.report.Seed000Results.Result;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed000Results.name;

/**
 * Report seed-000's Markdown: the saved data's tables and figures and the values its prose names,
 * filled into the template {@code seed-000.md} (the prose).
 */
final class Seed000Page {
    private static final ProseTemplate TEMPLATE = ProseTemplate.load("seed-000.md");

    private Seed000Page() {
    }

    /** The report from the saved data; {@code figs} links the plots or says why one is missing. */
    static String markdown(ReportData data, Options o, List<Result> results, Figures figs) {
        ReportData.Contents c = data.contents();
        Map<String, Object> m = new HashMap<>();
        m.put("command", c.command());
        m.put("started", when(c.started()));
        m.put("complete", c.complete());
        m.put("sweeps", String.join(", ", data.sweepNames()));
        List<Map<String, Object>> hosts = new ArrayList<>();
        if (c.sources() == null) {
            hosts.add(host(c.machine(), false, 0, null));
        } else {
            for (int i = 0; i < c.sources().size(); i++) hosts.add(host(c.sources().get(i).machine(), true, i + 1, c.sources().get(i)));
        }
        m.put("hosts", hosts);
        m.put("anyHost", !hosts.isEmpty());
        m.put("devicesTable", block(md -> {
            Markdown.Table devices = md.table("selector", "backend", "device", "type", "CUs", "local memory", "driver / version", "times used");
            for (Result r : results) {
                DeviceRow d = r.device;
                devices.row("`" + d.selector() + "`", d.selector().split(":")[0], d.name(), d.type(), d.computeUnits(), d.localMemory() + " B",
                        d.driverVersion() + " " + d.deviceVersion(), r.error() != null ? "failed: " + Markdown.cell(r.error()) : d.timeBasis());
            }
            devices.end();
        }));
        m.put("reps", o.reps());
        m.put("npos", o.npos());
        m.put("gridNpos", o.gridNpos());
        m.put("tuneNpos", o.tuneNpos());
        m.put("wgsizes", o.wgsizes());
        m.put("ngroups", o.ngroups());
        m.put("knee", o.knee());
        m.put("tune", o.tune());

        List<Result> ok = results.stream().filter(r -> r.error() == null).toList();
        m.put("variantsTable", block(md -> {
            Markdown.Table vt = md.table("device", "variant", "posbs", "mpps", "relative");
            for (Result r : ok) {
                double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
                r.variants.forEach((v, p) -> vt.row(name(r), v, p.ok() ? p.params().get("posbs") : "-",
                        Seed000Studies.cell(p), p.ok() ? String.format(Locale.ROOT, "%.3f", p.mpps() / best) : "-"));
            }
            vt.end();
        }));
        m.put("variantsFigure", block(md -> figs.image(md, "variants")));
        m.put("simdTables", Seed000Grids.simdTables(data, ok));
        m.put("wgsizeItemsTables", Seed000Grids.wgsizeTables(data, ok));
        m.put("posbsTable", block(md -> {
            Markdown.Table pt = md.table("device", "t_const (s)", "t_lat (s/transfer)", "R²", "latency ratio", "97 % posbs");
            for (Result r : ok) {
                if (r.eq3 == null) {
                    pt.row(name(r), "-", "-", "-", "-", "-");
                    continue;
                }
                double tc = r.eq3.constant("t_const"), tl = r.eq3.constant("t_lat");
                pt.row(name(r), sci(tc), sci(tl), String.format(Locale.ROOT, "%.4f", r.eq3.r2()), String.format(Locale.ROOT, "%.2f", tl * o.npos() / tc),
                        r.posbsChoice);
            }
            pt.end();
        }));
        m.put("posbsPoints", pointTable(ok, "posbs", r -> r.posbs));
        m.put("posbsFigure", block(md -> figs.image(md, "posbs")));
        m.put("vwidthTable", block(md -> {
            Markdown.Table wt = md.table("device", "t1 (s)", "r_seq", "vwidth_max", "R²");
            for (Result r : ok) {
                if (r.eq5 == null) continue;
                wt.row(name(r), sci(r.eq5.constant("t1")), String.format(Locale.ROOT, "%.3f", r.eq5.constant("r_seq")), (int) r.eq5.constant("vwidth_max"),
                        String.format(Locale.ROOT, "%.4f", r.eq5.r2()));
            }
            wt.end();
        }));
        m.put("vwidthPoints", pointTable(ok, "vwidth", r -> r.vwidth));
        m.put("vwidthFigure", block(md -> figs.image(md, "vwidth")));
        m.put("wgTables", block(md -> {
            for (Result r : ok) {
                List<Integer> wgs = r.wg.values().stream().findFirst().map(l -> l.stream().map(p -> (int) p.x()).toList()).orElse(List.of());
                List<String> head = new ArrayList<>(List.of(name(r) + " mpps"));
                for (int w : wgs) head.add("wgsize " + w);
                Markdown.Table gt = md.table(head);
                r.wg.forEach((ng, l) -> {
                    List<String> cells = new ArrayList<>(List.of("ngroup " + ng));
                    for (Point p : l) cells.add(p.ok() ? Seed000Studies.cell(p) : "failed");
                    gt.row(cells);
                });
                gt.end();
                figs.image(md, "wg " + r.device.selector());
            }
        }));
        m.put("ngroupTable", block(md -> {
            Markdown.Table kt = md.table("device", "CUs reported", "Eq. 8 n_CU", "t1 (s)", "R²", "rounds n_CU", "t1 (s)", "R²");
            for (Result r : ok) {
                if (r.eq8 == null) continue;
                kt.row(name(r), r.device.computeUnits(), (int) r.eq8.constant("n_CU"), sci(r.eq8.constant("t1")), String.format(Locale.ROOT, "%.4f", r.eq8.r2()),
                        (int) r.eq8Rounds.constant("n_CU"), sci(r.eq8Rounds.constant("t1")), String.format(Locale.ROOT, "%.4f", r.eq8Rounds.r2()));
            }
            kt.end();
        }));
        m.put("ngroupPoints", pointTable(ok, "ngroup", r -> r.knee));
        m.put("ngroupFigure", block(md -> figs.image(md, "ngroup")));
        m.put("observations", observations(ok, o));
        m.put("layoutTable", Seed000Studies.layoutTable(data, ok));
        m.put("layoutObservations", block(md -> md.bullets(Seed000Studies.layoutObservations(data, ok))));
        m.put("formTable", Seed000Studies.formTable(data, ok));
        m.put("formObservations", block(md -> md.bullets(Seed000Studies.formObservations(data, ok))));
        m.put("alignTable", Seed000Studies.alignTable(data, ok));
        m.put("alignObservations", block(md -> md.bullets(Seed000Studies.alignObservations(data, ok))));
        m.put("alignFigure", block(md -> figs.image(md, "align")));
        m.put("anySd", ok.stream().anyMatch(r -> r.posbs.stream().anyMatch(Point::hasSd)));
        // the emulator's and the CPU's departures belong on a page with those devices, not on a GPU's
        m.put("cpuNotes", ok.stream().anyMatch(r -> !"GPU".equalsIgnoreCase(r.device.type())));
        m.put("studies", ok.stream().anyMatch(r -> data.rows(Seed000Studies.LAYOUT, r.device.selector(), Seed000Report.PointRow.class) != null));
        m.put("tuneTable", block(md -> {
            Markdown.Table tt = md.table("device", "objective", "posbs", "simbs", "vwidth", "wgsize", "ngroup", "value", "evaluations (of grid)");
            for (Result r : ok) {
                TuneRow t = r.tuned;
                if (!r.tuneSaved) {
                    tt.row(name(r), "-", "not measured (the run stopped before)");
                } else if (t.best() == null) {
                    tt.row(name(r), t.metric(), "no valid configuration");
                } else {
                    Map<String, Integer> b = t.best();
                    tt.row(name(r), t.metric(), b.get("posbs"), b.get("simbs"), b.get("vwidth"), b.get("wgsize"), b.get("ngroup"), fmt(t.bestValue()),
                            t.evaluations() + " of " + t.grid());
                }
            }
            tt.end();
        }));
        m.put("traces", ok.stream().filter(r -> r.tuned != null)
                .map(r -> Map.of("name", name(r), "trace", block(md -> md.code(r.tuned.trace())))).toList());
        return TEMPLATE.render(m);
    }

    /** One host bullet's values: the header's machine, or one assembled run's with its command. */
    private static Map<String, Object> host(Map<String, String> machine, boolean run, int n, ReportData.Source s) {
        Map<String, Object> h = new HashMap<>();
        h.put("run", run);
        h.put("n", n);
        h.put("command", s == null ? "" : s.command());
        h.put("started", s == null ? "" : when(s.started()));
        h.put("complete", s == null || s.complete());
        h.put("devices", s == null ? "" : String.join(", ", s.devices().stream().map(x -> "`" + x + "`").toList()));
        for (String k : List.of("cpu", "threads", "os", "java")) h.put(k, machine.getOrDefault(k, "?"));
        h.put("loadBefore", machine.getOrDefault("loadBefore", ""));
        h.put("hasLoadAfter", machine.containsKey("loadAfter"));
        h.put("loadAfter", machine.get("loadAfter"));
        return h;
    }

    /** What the numbers say about the thesis's claims, per device: the clauses that its data allows. */
    private static List<Map<String, Object>> observations(List<Result> ok, Options o) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (Result r : ok) {
            List<Map<String, Object>> l = new ArrayList<>();
            if (r.eq3 != null) {
                l.add(clause(l, "eq3", Map.of("r2", String.format(Locale.ROOT, "%.3f", r.eq3.r2()),
                        "ratio", String.format(Locale.ROOT, "%.2f", r.eq3.constant("t_lat") * o.npos() / r.eq3.constant("t_const")))));
            }
            Point ls = r.variants.get("loadstore"), sb = r.variants.get("singlebuffer"), db = r.variants.get("doublebuffer");
            if (ls != null && sb != null && db != null && ls.ok() && sb.ok() && db.ok()) {
                l.add(clause(l, "variants", Map.of("loadstore", String.format(Locale.ROOT, "%.0f", 100 * ls.mpps() / sb.mpps()),
                        "doublebuffer", String.format(Locale.ROOT, "%.0f", 100 * db.mpps() / sb.mpps()))));
            }
            if (r.eq8 != null) {
                l.add(clause(l, "eq8", Map.of("nCu", (int) r.eq8.constant("n_CU"), "roundsNCu", (int) r.eq8Rounds.constant("n_CU"),
                        "reported", r.device.computeUnits())));
            }
            if (!l.isEmpty()) items.add(Map.of("name", name(r), "clauses", l));
        }
        return items;
    }

    /** A clause of kind {@code kind} ({@code eq3}, {@code variants}, {@code eq8}) after those in {@code before}. */
    private static Map<String, Object> clause(List<Map<String, Object>> before, String kind, Map<String, Object> values) {
        Map<String, Object> c = new LinkedHashMap<>(values);
        for (String k : List.of("eq3", "variants", "eq8")) c.put(k, k.equals(kind));
        c.put("sep", before.isEmpty() ? "" : "; ");
        return c;
    }

    private static String pointTable(List<Result> ok, String what, Function<Result, List<Point>> series) {
        return block(md -> md.details("measured points (" + what + ")", m -> {
            Markdown.Table t = m.table("device", what, "t (s)", "mpps");
            for (Result r : ok) {
                for (Point p : series.apply(r)) {
                    t.row(name(r), (long) p.x(), p.ok() ? sci(p.seconds()) + (p.hasSd() ? " ± " + sci(Seed000Studies.sd(p.secondsSd(), p.seconds())) : "") : "-", Seed000Studies.cell(p));
                }
            }
            t.end();
        }));
    }

    static String when(String iso) {
        try {
            return ZonedDateTime.parse(iso).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        } catch (RuntimeException e) {
            return String.valueOf(iso);
        }
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }

    private static String sci(double v) {
        return String.format(Locale.ROOT, "%.3e", v);
    }
}
