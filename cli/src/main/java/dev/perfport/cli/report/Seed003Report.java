package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed003Shapes.Verdict;
import dev.perfport.cli.report.Seed003Study.Data;
import dev.perfport.cli.report.Seed003Study.Options;
import dev.perfport.cli.report.Seed003Study.Point;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.workloads.Params;

import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.ProseTemplate.model;

/**
 * {@code perfport report seed-003}: Tables 2–5 of Breitbart &amp; Fohry beside the Cell/B.E.
 * emulator's modelled times at 1–6 SPEs, the same ratios side by side, the counters that explain
 * them, and the shapes with PASS/FAIL against the paper's targets; then the paper's GPU half
 * (Table 6, Figs. 9 and 10) per OpenCL device, whose values {@link Seed003GpuPage} makes. The Markdown is made from the
 * saved data alone (the runs, the command, the machine, the cost constants of {@code data.json});
 * its prose is the template {@code seed-003.md}.
 */
public final class Seed003Report {
    private final Options o;
    private final ReportData.Contents saved;

    /**
     * @param o     sizes and settings, parsed from the saved {@code --param}s
     * @param saved the saved data's header: command, start time, machine, non-default cost keys
     */
    public Seed003Report(Options o, ReportData.Contents saved) {
        this.o = o;
        this.saved = saved;
    }

    /** The host facts the report's header shows. */
    static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpu", HostFacts.cpuModel());
        m.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("java", System.getProperty("java.version"));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        return m;
    }

    /** The configuration keys that change the emulator's modelled times (its cost constants), as the report lists them. */
    static Map<String, String> costConfig(PerfportConfig config) {
        Map<String, String> cost = new TreeMap<>();
        for (Map.Entry<String, String> e : config.effective().entrySet()) {
            if (e.getKey().startsWith("perfport.cell-emulation.cost.")) cost.put(e.getKey(), e.getValue());
        }
        return cost;
    }

    // ---- formatting helpers ------------------------------------------------------------------

    private static String ms(Point p) {
        return p == null ? "—" : p.ok() ? String.format(Locale.ROOT, "%.2f", p.ms()) : "failed";
    }

    private static String num(double v) {
        if (Double.isNaN(v)) return "—";
        if (v >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (v >= 10) return String.format(Locale.ROOT, "%.1f", v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratio(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return "—";
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : "%.3f", v);
    }

    private static double r(Point a, Point b) {
        return a != null && b != null && a.ok() && b.ok() ? a.ms() / b.ms() : Double.NaN;
    }

    private static String count(Point p, String name) {
        return p == null || !p.ok() ? "—" : String.format(Locale.ROOT, "%,d", p.counter(name));
    }

    private static String pow2(long n) {
        return Long.bitCount(n) == 1 ? "2^" + Long.numberOfTrailingZeros(n) : Long.toString(n);
    }

    private static String spes(int n) {
        return n + " SPE" + (n > 1 ? "s" : "");
    }

    /** A paper value for SPE index i, or a dash beyond the paper's 6 SPEs. */
    private static String paper(double[] v, int i) {
        return i < v.length ? num(v[i]) : "—";
    }

    // ---- the report ----------------------------------------------------------------------------

    /** Shapes whose outcome the template explains (those it has text for). */
    private static final List<String> EXPLAINED = List.of("matmul.order", "matmul.async", "reduction.gain6", "reduction.growth", "scan.order",
            "table.slm", "matmul.tiles", "reduction.gain1", "scan.plus", "scan.v1", "table.ppe");

    private static final ProseTemplate TEMPLATE = ProseTemplate.load("seed-003.md");

    /**
     * The page from the saved data.
     *
     * @param emulated whether the emulator's sweeps were saved (else its sections are left out)
     * @param gpu      one model per device of the GPU part ({@link Seed003GpuPage})
     */
    String markdown(Data d, List<Verdict> shapes, boolean emulated, List<Map<String, Object>> gpu) {
        Map<String, Object> m = new HashMap<>();
        m.put("emulator", emulated);
        m.put("runs", runs());
        Seed003GpuStudy.Options g = Seed003GpuStudy.Options.parse(Params.parse(saved.params()));
        m.put("gpu", o.has(Seed003GpuStudy.PART) ? List.of(model("gpuSizes", g.sizes(), "gpuReps", g.reps())) : List.of());
        m.put("gpuDevices", gpu);
        m.put("command", saved.command());
        m.put("started", when(saved.started()));
        m.put("wallSeconds", String.format(Locale.ROOT, "%.1f", d.wallMillis / 1000.0));
        m.put("complete", saved.complete());
        m.put("sweeps", String.join(", ", saved.sweeps().stream().map(ReportData.Sweep::name).toList()));
        machine(m);
        m.put("balances", balances());
        shapes(m, shapes, d);
        m.put("matmul", part("matmul", d.matmul.isEmpty(), () -> table2(d)));
        m.put("table", part("table", d.tableLocal == null, () -> table3(d)));
        m.put("reduction", part("reduction", d.redLocal == null, () -> table4(d)));
        m.put("scan", part("scan", d.scanHarris == null, () -> table5(d)));
        m.put("failures", !d.failures.isEmpty());
        m.put("items", d.failures.stream().map(f -> model("line", f.replace('\n', ' '))).toList());
        return TEMPLATE.render(m);
    }

    /** A table's section: none when the run left its part out, else one model, marked missing when its sweep was not saved. */
    private List<Map<String, Object>> part(String name, boolean missing, Supplier<Map<String, Object>> values) {
        if (!o.has(name) || saved.sweeps().stream().noneMatch(s -> s.device() == null)) return List.of();
        return List.of(missing ? model("missing", true) : values.get());
    }

    /** Each run of data assembled from several (command, start, host, devices); empty for one run. */
    private List<Map<String, Object>> runs() {
        List<Map<String, Object>> l = new ArrayList<>();
        List<ReportData.Source> sources = saved.sources() == null ? List.of() : saved.sources();
        for (int i = 0; i < sources.size(); i++) {
            ReportData.Source r = sources.get(i);
            Map<String, String> h = r.machine() == null ? Map.of() : r.machine();
            l.add(model("n", i + 1, "runCommand", r.command(), "runStarted", when(r.started()), "runCpu", h.getOrDefault("cpu", "?"),
                    "runCores", h.getOrDefault("cores", h.getOrDefault("threads", "?")), "runDevices",
                    r.devices().isEmpty() ? "none" : String.join(", ", r.devices().stream().map(x -> "`" + x + "`").toList())));
        }
        return l;
    }

    private static String when(String iso) {
        try {
            return ZonedDateTime.parse(iso).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        } catch (RuntimeException e) {
            return String.valueOf(iso);
        }
    }

    private void machine(Map<String, Object> m) {
        Map<String, String> host = saved.machine();
        m.put("cpu", host.getOrDefault("cpu", "CPU model unknown"));
        m.put("cores", host.getOrDefault("cores", "?"));
        m.put("java", host.getOrDefault("java", "?"));
        m.put("os", host.getOrDefault("os", "?"));
        m.put("spes", o.spes());
        m.put("spesText", spes(o.spes()));
        m.put("cache", o.cache());
        m.put("cost", new TreeMap<>(saved.config()));
        double mmScale = Math.pow((double) Seed003Paper.MM_N / o.mmN(), 3);
        m.put("sizesTable", block(md -> md.table("table", "paper's size", "this run", "how to compare")
                .row("2 matmul", "n = 2048, tiles 128² (α–δ) and 64² (ε)",
                        "n = " + o.mmN() + ", tiles " + o.mmTile() + "² and " + o.mmTileEps() + "² (`matmuln`, `matmultile`, `matmultileeps`)",
                        "the work is n³: times are also shown ×" + num(mmScale) + " = (2048/" + o.mmN() + ")³; α's cache behaviour changes with n (see Table 2)")
                .row("3 Einstein@Home", "the real client's short test case (unknown size)",
                        "the `table` proxy: " + o.tableGroups() + " groups of 1..256 calculations, " + o.tableIters()
                                + " lookups each, 1024-entry sin/cos table (`tablegroups`, `tableiters`)", "ratios only")
                .row("4 reduction", "N = 2^25, wg not stated",
                        "N = " + pow2(o.redN()) + " int32, wg = " + o.redWg() + " (`reductionn`, `reductionwg`); wg sweep at N = " + pow2(o.sweepN())
                                + " (`sweepn`, `sweepwgs`)", o.redN() == Seed003Paper.RED_N ? "same N" : "times scale with N")
                .row("5 scan", "N = 2^23", "N = " + pow2(o.scanN()) + " int32, wg = " + o.scanWg() + " (`scann`, `scanwg`)",
                        o.scanN() == Seed003Paper.SCAN_N ? "same N" : "times scale with N")
                .end()));
    }

    private void shapes(Map<String, Object> m, List<Verdict> shapes, Data d) {
        m.put("shapesTable", block(md -> {
            Markdown.Table t = md.table("shape", "paper", "emulator", "paper target", "result", "CI test asserts");
            for (Verdict v : shapes) {
                t.row(v.title(), v.paper(), v.measured(), target(v.id(), v.paperAt()), !v.applies() || !v.tested() ? v.label() : "**" + v.label() + "**",
                        !v.tested() ? "— (informative, not a CI test)"
                                : target(v.id(), v.testAt()) + (v.applies() ? (v.passTest() ? " (holds here)" : " (does not hold here)") : ""));
            }
            t.end();
        }));
        List<Map<String, Object>> whys = new ArrayList<>();
        for (Verdict v : shapes) {
            if (!v.applies() || !EXPLAINED.contains(v.id())) continue;
            Map<String, Object> w = model("id", v.id(), "pass", v.pass(), "redWg", o.redWg(),
                    "redGroups", pow2(d.options.redN() / Math.max(1, o.redWg())));
            for (String id : EXPLAINED) w.put(id, id.equals(v.id()));
            whys.add(w);
        }
        m.put("whys", whys);
        m.put("anyWhy", !whys.isEmpty());
    }

    private static String target(String id, double t) {
        String x = Seed003Shapes.f(t);
        return switch (id) {
            case "matmul.order" -> "each ratio > " + x;
            case "matmul.async" -> "δ/ε > " + x;
            case "reduction.gain6" -> "≥ " + x + "×";
            case "reduction.growth" -> t == 0 ? "strictly increasing" : "each step × > 1 + " + x;
            case "scan.order" -> "both ratios > " + x + " at every count";
            case "table.slm" -> "local/SLM ≥ " + x + " at every count";
            case "table.ppe" -> "within ±" + Math.round(t * 100) + " %";
            case "matmul.tiles" -> "ε/δ ≥ " + x;
            case "reduction.gain1" -> "≥ " + x + "×";
            case "scan.plus", "scan.v1" -> "≥ " + x + "× at every count";
            default -> x;
        };
    }

    /** The tile sizes whose work-groups do not divide evenly over the SPEs (the busiest SPE then sets the time). */
    private List<Map<String, Object>> balances() {
        List<Map<String, Object>> l = new ArrayList<>();
        for (int tile : List.of(o.mmTile(), o.mmTileEps())) {
            long groups = (long) (o.mmN() / tile) * (o.mmN() / tile);
            if (groups % o.spes() == 0) continue;
            l.add(model("tile", tile, "n", o.mmN(), "groups", groups, "spes", o.spes(), "busiest", (groups + o.spes() - 1) / o.spes(),
                    "average", num((double) groups / o.spes())));
        }
        return l;
    }

    private Map<String, Object> table2(Data d) {
        Map<String, Point> mm = d.matmul;
        double scale = Math.pow((double) Seed003Paper.MM_N / o.mmN(), 3);
        double flop = 2.0 * o.mmN() * o.mmN() * o.mmN();
        Map<String, Object> m = model("missing", false, "n", o.mmN(), "scale", num(scale));
        m.put("timesTable", block(md -> {
            Markdown.Table t = md.table("version", "paper (s)", "emulator (ms)", "emulator ×(2048/n)³ (s)", "modelled GFLOP/s", "cache hits", "cache misses",
                    "DMA commands", "DMA bytes", "DMA stall cycles", "group switches");
            t.row("PPE (naive)", "1682", "—", "—", "—");
            t.row("GTX 280 (CUDA SDK)", "0.9", "—", "—", "—");
            String[][] rows = {{"α (naive)", "alpha", num(Seed003Paper.MM_ALPHA), o.mmTile() + "²"}, {"β (blocked, cached)", "beta", num(Seed003Paper.MM_BETA), o.mmTile() + "²"},
                    {"γ (local preload, cached loads)", "gamma", num(Seed003Paper.MM_GAMMA), o.mmTile() + "²"},
                    {"δ (vloadn: DMA + wait)", "delta", num(Seed003Paper.MM_DELTA), o.mmTile() + "²"},
                    {"ε (δ, 4 groups in flight)", "epsilon64", num(Seed003Paper.MM_EPSILON), o.mmTileEps() + "²"},
                    {"δ", "delta64", num(Seed003Paper.MM_DELTA64), o.mmTileEps() + "²"}};
            for (String[] row : rows) {
                Point p = mm.get(row[1]);
                t.row(row[0] + ", " + row[3], row[2], ms(p), p != null && p.ok() ? num(p.ms() * scale / 1000) : "—",
                        p != null && p.ok() ? num(flop / p.modelledNanos()) : "—", count(p, "cacheHits"), count(p, "cacheMisses"), count(p, "dmaCommands"),
                        count(p, "dmaBytes"), count(p, "dmaStallCycles"), count(p, "groupSwitches"));
            }
            t.row("ζ (hand-written SIMD assembler)", "0.2", "— (SIMD bundling is not modelled)").end();
        }));
        Point a = mm.get("alpha"), b = mm.get("beta"), g = mm.get("gamma"), dl = mm.get("delta"), e = mm.get("epsilon64"), d64 = mm.get("delta64");
        m.put("ratiosTable", block(md -> md.table("ratio", "paper", "emulator")
                .row("α/β", ratio(Seed003Paper.MM_ALPHA / Seed003Paper.MM_BETA), ratio(r(a, b)))
                .row("β/γ", ratio(Seed003Paper.MM_BETA / Seed003Paper.MM_GAMMA), ratio(r(b, g)))
                .row("γ/δ", ratio(Seed003Paper.MM_GAMMA / Seed003Paper.MM_DELTA), ratio(r(g, dl)))
                .row("α/δ", ratio(Seed003Paper.MM_ALPHA / Seed003Paper.MM_DELTA), ratio(r(a, dl)))
                .row("δ(64²)/ε(64²)", ratio(Seed003Paper.MM_DELTA64 / Seed003Paper.MM_EPSILON), ratio(r(d64, e)))
                .row("ε(64²)/δ(128²)", ratio(Seed003Paper.MM_EPSILON / Seed003Paper.MM_DELTA), ratio(r(e, dl)))
                .row("δ(64²)/δ(128²)", ratio(Seed003Paper.MM_DELTA64 / Seed003Paper.MM_DELTA), ratio(r(d64, dl)))
                .end()));
        double steps = (double) o.mmN() * o.mmN() * o.mmN() / o.spes();
        double paperSteps = Math.pow(2048, 3) / 6;
        m.put("paperDelta", num(Seed003Paper.MM_DELTA * 3.2e9 / paperSteps));
        m.put("paperGamma", num(Seed003Paper.MM_GAMMA * 3.2e9 / paperSteps));
        m.put("paperBeta", num(Seed003Paper.MM_BETA * 3.2e9 / paperSteps));
        m.put("paperAlpha", num(Seed003Paper.MM_ALPHA * 3.2e9 / paperSteps));
        boolean all = dl != null && dl.ok() && g != null && g.ok() && b != null && b.ok() && a != null && a.ok();
        m.put("emulator", all);
        if (all) {
            m.put("delta", num(dl.modelledNanos() * 3.2 / steps));
            m.put("gamma", num(g.modelledNanos() * 3.2 / steps));
            m.put("beta", num(b.modelledNanos() * 3.2 / steps));
            m.put("alpha", num(a.modelledNanos() * 3.2 / steps));
        }
        return m;
    }

    private Map<String, Object> table3(Data d) {
        Map<String, Object> m = model("missing", false);
        m.put("timesTable", block(md -> {
            Markdown.Table t = md.table("SPEs", "paper native", "paper local", "paper SLM", "paper SLM + PPE", "emulator local", "emulator SLM",
                    "emulator SLM + PPE", "paper local/SLM", "emulator local/SLM", "paper (SLM+PPE, n)/(SLM, n+1)", "emulator");
            for (int i = 0; i < o.spes(); i++) {
                boolean paper = i < 6;
                t.row(i + 1, paper(Seed003Paper.EAH_NATIVE, i), paper(Seed003Paper.EAH_LOCAL, i), paper(Seed003Paper.EAH_SLM, i),
                        paper(Seed003Paper.EAH_SLM_PPE, i), ms(d.tableLocal[i]), ms(d.tableSlm[i]), ms(d.tableSlmPpe[i]),
                        paper ? ratio(Seed003Paper.EAH_LOCAL[i] / Seed003Paper.EAH_SLM[i]) : "—", ratio(r(d.tableLocal[i], d.tableSlm[i])),
                        i + 1 < 6 ? ratio(Seed003Paper.EAH_SLM_PPE[i] / Seed003Paper.EAH_SLM[i + 1]) : "—",
                        i + 1 < o.spes() ? ratio(r(d.tableSlmPpe[i], d.tableSlm[i + 1])) : "—");
            }
            t.end();
        }));
        int last = o.spes() - 1;
        m.put("paperScaling", ratio(Seed003Paper.EAH_SLM[0] / Seed003Paper.EAH_SLM[Math.min(5, last)]));
        m.put("scaling", ratio(r(d.tableSlm[0], d.tableSlm[last])));
        m.put("buildsLocal", count(d.tableLocal[last], "tableBuilds"));
        m.put("groupsLocal", count(d.tableLocal[last], "workGroups"));
        m.put("buildsSlm", count(d.tableSlm[last], "tableBuilds"));
        m.put("initsSlm", count(d.tableSlm[last], "staticLocalInits"));
        m.put("groupsPpe", count(d.tableSlmPpe[last], "workGroups.ppe"));
        m.put("groupsAll", count(d.tableSlmPpe[last], "workGroups"));
        m.put("chunks", count(d.tableSlmPpe[last], "scheduleChunks"));
        return m;
    }

    private Map<String, Object> table4(Data d) {
        Map<String, Object> m = model("missing", false, "n", pow2(o.redN()), "wg", o.redWg(), "sweepN", pow2(o.sweepN()));
        Point pp = d.redPpeLocal;
        m.put("timesTable", block(md -> {
            Markdown.Table t = md.table("units", "paper local", "paper SLM", "emulator local", "emulator SLM", "paper speed-up", "emulator speed-up",
                    "global atomics local / SLM", "contended", "reservations retried", "atomic-bound cycles (local)");
            t.row("PPE alone", num(Seed003Paper.RED_PPE_LOCAL), "—", ms(pp), "—", "—", "—", count(pp, "globalAtomics") + " / —");
            for (int i = 0; i < o.spes(); i++) {
                boolean paper = i < 6;
                Point l = d.redLocal[i], s = d.redSlm[i];
                t.row(spes(i + 1), paper(Seed003Paper.RED_LOCAL, i), paper(Seed003Paper.RED_SLM, i), ms(l), ms(s),
                        paper ? ratio(Seed003Paper.RED_LOCAL[i] / Seed003Paper.RED_SLM[i]) : "—", ratio(r(l, s)),
                        count(l, "globalAtomics") + " / " + count(s, "globalAtomics"), count(l, "globalAtomicsContended"),
                        count(l, "globalAtomicRetries"), count(l, "modelledCycles.atomicBound"));
            }
            t.end();
        }));
        Point s1 = d.redSlm[0];
        m.put("paperSlm", num(Seed003Paper.RED_SLM[0] * 3.2e9 / Seed003Paper.RED_N));
        m.put("paperLocal", num(Seed003Paper.RED_LOCAL[0] * 3.2e9 / Seed003Paper.RED_N));
        m.put("slm", s1 != null && s1.ok() ? num(s1.modelledNanos() * 3.2 / o.redN()) : "—");
        m.put("paperPpe", ratio(Seed003Paper.RED_PPE_LOCAL / Seed003Paper.RED_LOCAL[0]));
        m.put("ppe", ratio(r(pp, d.redLocal[0])));
        m.put("sweepTable", block(md -> {
            Markdown.Table w = md.table("wg", "1 SPE local", "1 SPE SLM", "speed-up", o.spes() + " SPEs local", o.spes() + " SPEs SLM", "speed-up",
                    "reservations retried (" + o.spes() + " SPEs, local)");
            for (int wg : d.sweepOne.keySet()) {
                Point[] a = d.sweepOne.get(wg), b = d.sweepAll.getOrDefault(wg, new Point[2]);
                w.row(wg, ms(a[0]), ms(a[1]), ratio(r(a[0], a[1])), ms(b[0]), ms(b[1]), ratio(r(b[0], b[1])), count(b[0], "globalAtomicRetries"));
            }
            w.end();
        }));
        return m;
    }

    private Map<String, Object> table5(Data d) {
        Map<String, Object> m = model("missing", false, "n", pow2(o.scanN()), "wg", o.scanWg(), "block", 2 * o.scanWg());
        m.put("timesTable", block(md -> {
            Markdown.Table t = md.table("SPEs", "paper Harris", "paper V1", "paper Scan⁺", "emulator Harris", "emulator V1", "emulator Scan⁺",
                    "paper Harris/V1", "emulator", "paper Harris/Scan⁺", "emulator", "global atomics (V1)", "spin polls (V1)");
            for (int i = 0; i < o.spes(); i++) {
                boolean paper = i < 6;
                t.row(i + 1, paper(Seed003Paper.SCAN_HARRIS, i), paper(Seed003Paper.SCAN_V1, i), paper(Seed003Paper.SCAN_PLUS, i),
                        ms(d.scanHarris[i]), ms(d.scanV1[i]), ms(d.scanPlus[i]),
                        paper ? ratio(Seed003Paper.SCAN_HARRIS[i] / Seed003Paper.SCAN_V1[i]) : "—", ratio(r(d.scanHarris[i], d.scanV1[i])),
                        paper ? ratio(Seed003Paper.SCAN_HARRIS[i] / Seed003Paper.SCAN_PLUS[i]) : "—", ratio(r(d.scanHarris[i], d.scanPlus[i])),
                        count(d.scanV1[i], "globalAtomics"), count(d.scanV1[i], "spinPolls"));
            }
            t.end();
        }));
        Point h1 = d.scanHarris[0];
        m.put("paperHarris", num(Seed003Paper.SCAN_HARRIS[0] * 3.2e9 / Seed003Paper.SCAN_N));
        m.put("harris", h1 != null && h1.ok() ? num(h1.modelledNanos() * 3.2 / o.scanN()) : "—");
        return m;
    }
}
