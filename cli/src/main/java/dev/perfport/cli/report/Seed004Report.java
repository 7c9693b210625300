package dev.perfport.cli.report;

import dev.perfport.cli.Context;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.knowm.xchart.CategoryChart;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport report seed-004}: Zhang, Sinclair and Chien's question (seed 004) on every device
 * given: how far the untuned portable kernel is from the best the knobs reach, knob by knob (the
 * shape of the paper's Table 4), as a fraction of the device's streaming bandwidth and of a
 * reference measured in the same run. Each workload is a {@link Seed004Study} ({@link #STUDIES});
 * a device's sweeps are {@code device}, {@code peak}, and per study and case {@code <workload>/<case>}
 * (every point) and {@code <workload>/<case>/reference}. The Markdown and the plots are made from
 * the saved data alone, so {@code --from DIR} writes the same report without measuring.
 *
 * <p>Parameters: {@code matrices} (comma-separated, {@link SpmvStudy#DEFAULT_MATRICES}),
 * {@code ffts} ({@link FftStudy#DEFAULT_FFTS}), {@code reps} (2), {@code seed} (42), {@code peakn}
 * (saxpy's elements for the streaming bandwidth, 2^23), and whatever further studies read.
 */
public final class Seed004Report {
    public static final String NAME = "seed-004";
    /**
     * The workloads' studies, in report order. A section of {@link #SECTIONS} without a study says
     * so; a data file without a study's sweeps (e.g. measured before it existed) shows none of its tables.
     */
    public static final List<Seed004Study> STUDIES = List.of(new SpmvStudy(), new FftStudy(), new SgemmStudy());
    /** Sections the report always has, with the study that fills them (or none yet). */
    static final Map<String, String> SECTIONS = sections();

    private static Map<String, String> sections() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("spmv", "SpMV");
        m.put("fft", "FFT");
        m.put("gemm", "SGEMM");
        return m;
    }

    private Seed004Report() {
    }

    /** A device row (sweep {@code device}). */
    public record DeviceRow(String selector, String backend, String name, String type, String timeBasis, String error) {
    }

    // ---- measuring -------------------------------------------------------------------------

    /** Measures every device, saving as it goes, and writes the report to {@code out}. */
    public static int execute(Context ctx, List<Seed000Report.Device> devices, List<String> params, Path out) {
        Params o = Params.parse(params);
        List<String> known = new ArrayList<>(List.of("reps", "seed", "peakn", "flopsn", "flopsiters", BenchReference.PARAM));
        for (Seed004Study st : STUDIES) known.addAll(st.params());
        for (String k : o.asMap().keySet()) {
            if (!known.contains(k)) throw new ConfigException("report seed-004 has no parameter '" + k + "'; parameters: " + String.join(", ", known));
        }
        for (Seed004Study st : STUDIES) st.cases(o);
        BenchReference.validate(o);
        Path dir = ReportFiles.prepare(out, NAME);
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", NAME));
        for (Seed000Report.Device d : devices) cmd.addAll(List.of("--backend", d.selector()));
        for (String p : params) cmd.addAll(List.of("--param", p));
        ReportData data = ReportData.start(dir, NAME, String.join(" ", cmd), params, Map.of(), Seed000Report.machine());
        Reports.measure(ctx, () -> {
            for (Seed000Report.Device d : devices) measure(d, o, data, ctx.err());
            data.machine("loadAfter", Seed000Report.loadAverage());
            data.finish();
        });
        return publish(ctx, ReportData.load(dir, NAME), out);
    }

    private static void measure(Seed000Report.Device d, Params o, ReportData data, PrintStream err) {
        String sel = d.selector();
        DeviceSession s;
        try {
            s = d.backend().open(d.index());
        } catch (RuntimeException e) {
            data.save("device", sel, List.of(new DeviceRow(sel, d.backend().id(), d.info().name(), d.info().type().label(), "", "cannot open a session: " + e)));
            return;
        }
        try (s) {
            boolean modelled = s.profile().hasModelledTime();
            data.save("device", sel, List.of(new DeviceRow(sel, s.backendId(), s.device().name(), s.device().type().label(),
                    modelled ? "modelled time (the emulator's cost model)" : "measured kernel time", null)));
            err.println("[report " + sel + "] streaming bandwidth (saxpy)");
            data.save("peak", sel, List.of(peak(s, o)));
            err.println("[report " + sel + "] FP32 multiply-add throughput (flops)");
            data.save("flops", sel, List.of(flopsPeak(s, o)));
            for (Seed004Study st : STUDIES) {
                for (String kase : st.cases(o)) {
                    err.println("[report " + sel + "] " + st.workload() + " " + kase);
                    List<Seed004Study.Point> points = st.measure(s, kase, o, err);
                    data.save(st.workload() + "/" + kase, sel, points);
                    // a vendor library measured beside this device (bench/'s PyTorch lines), else the study's own
                    Seed004Study.Point ref = BenchReference.find(o, st.workload(), kase, s.device().name());
                    if (ref == null) ref = st.reference(kase, o, err);
                    if (ref != null) data.save(st.workload() + "/" + kase + "/reference", sel, List.of(ref));
                }
            }
        }
    }

    /** saxpy's GB/s (12 B per element) at peakn elements: the bandwidth this device streams in this run. */
    static Seed004Study.Point peak(DeviceSession s, Params o) {
        String n = o.get("peakn", "2^23");
        Params p = Params.of("n", n, "reps", "3");
        RunResult r;
        try {
            r = Workloads.get("saxpy").run(s, "ndrange", p);
        } catch (PerfportException e) {
            r = RunResult.failed(s.backendId(), s.device().name(), "saxpy", "ndrange", p.asMap(), e.getMessage());
        }
        return Seed004Study.Point.of(r, Map.of("n", n), "GB/s", "GB/s");
    }

    /**
     * The flops workload's GFLOP/s (8 independent fused multiply-add chains per work-item): the FP32
     * rate this device reaches in this run, the peak FFT and SGEMM are compared with. Work-items:
     * flopsn, by default 2048 per compute unit (enough to fill a GPU's).
     */
    static Seed004Study.Point flopsPeak(DeviceSession s, Params o) {
        String n = o.get("flopsn", Long.toString(2048L * Math.max(1, s.device().computeUnits())));
        Params p = Params.of("n", n, "iters", o.get("flopsiters", "4096"), "reps", "3");
        RunResult r;
        try {
            r = Workloads.get("flops").run(s, "fma", p);
        } catch (PerfportException e) {
            r = RunResult.failed(s.backendId(), s.device().name(), "flops", "fma", p.asMap(), e.getMessage());
        }
        return Seed004Study.Point.of(r, Map.of("n", n), "GFLOP/s", null);
    }

    static Seed004Study.Point flopsOf(ReportData data, String dev) {
        List<Seed004Study.Point> l = data.rows("flops", dev, Seed004Study.Point.class);
        return l == null || l.isEmpty() || !l.getFirst().ok() ? null : l.getFirst();
    }

    // ---- writing ---------------------------------------------------------------------------

    /** Writes {@code out/seed-004.md} and its plots from saved data; returns the exit code. */
    public static int publish(Context ctx, ReportData data, Path out) {
        Params o = Params.parse(data.contents().params());
        List<ReportWriter.Figure> figures = new ArrayList<>();
        for (Seed004Study st : STUDIES) {
            for (String dev : data.devices()) {
                List<String> cases = st.cases(o);
                if (cases.stream().noneMatch(c -> data.rows(st.workload() + "/" + c, dev, Seed004Study.Point.class) != null)) continue;
                String file = "fig-" + st.workload() + "-" + dev.replaceAll("[^A-Za-z0-9]+", "-") + ".png";
                figures.add(new ReportWriter.Figure(st.workload() + "@" + dev, file, st.title() + " knob by knob on " + dev,
                        () -> chart(data, st, dev, cases)));
            }
        }
        int[] failed = {0};
        ReportWriter.Outcome w = ReportWriter.publish(out, NAME, figures, figs -> markdown(data, o, figs, failed), ctx.err());
        ctx.out().println("wrote " + w.markdown() + " from " + data.file() + " and " + w.plotsDrawn() + " plot(s) in " + w.dir());
        int code = Reports.incomplete(ctx, data, w);
        if (failed[0] > 0) ctx.err().println("perfport: report seed-004: " + failed[0] + " point(s) failed; see the report's 'Failed or refused points'");
        return code;
    }

    static Seed004Study.Point peakOf(ReportData data, String dev) {
        List<Seed004Study.Point> l = data.rows("peak", dev, Seed004Study.Point.class);
        return l == null || l.isEmpty() || !l.getFirst().ok() ? null : l.getFirst();
    }

    static Seed004Study.Point referenceOf(ReportData data, Seed004Study st, String kase, String dev) {
        List<Seed004Study.Point> l = data.rows(st.workload() + "/" + kase + "/reference", dev, Seed004Study.Point.class);
        return l == null || l.isEmpty() ? null : l.getFirst();
    }

    private static CategoryChart chart(ReportData data, Seed004Study st, String dev, List<String> cases) {
        CategoryChart c = Plots.bars(st.title() + " on " + dev + ": each knob alone, then all tuned", "knob", "x untuned");
        for (String kase : cases) {
            List<Seed004Study.Point> pts = data.rows(st.workload() + "/" + kase, dev, Seed004Study.Point.class);
            if (pts == null) continue;
            List<Seed004Study.KnobRow> rows = st.table(pts);
            Seed004Study.Point base = rows.getFirst().point();
            if (base == null) continue;
            List<String> cats = new ArrayList<>();
            List<Double> vals = new ArrayList<>();
            for (Seed004Study.KnobRow r : rows) {
                cats.add(r.knob());
                vals.add(r.point() == null ? 0.0 : r.point().rate() / base.rate());
            }
            Plots.bar(c, kase, cats, vals);
        }
        return c;
    }

    static String markdown(ReportData data, Params o, ReportWriter.Figures figs, int[] failedCount) {
        ReportData.Contents c = data.contents();
        Markdown md = new Markdown();
        md.heading(1, "Seed 004: portable performance through tuning knobs (Zhang, Sinclair, Chien)");
        md.paragraph("Generated by `", c.command(), "` (", c.started(), "). Machine: ", c.machine().get("cpu"), ", ",
                c.machine().get("threads"), " threads, ", c.machine().get("os"), ", Java ", c.machine().get("java"), "; load average before ",
                c.machine().get("loadBefore"), ", after ", c.machine().getOrDefault("loadAfter", "-"), ". Data: [`", NAME, "/data.json`](",
                NAME, "/data.json); `perfport report ", NAME, " --from DIR` writes this page again from it.");
        if (!c.complete()) md.note("This run stopped before every sweep ended; the report shows the sweeps saved: " + String.join(", ", data.sweepNames()));
        md.paragraph("The paper asks how far a single-source OpenCL kernel is from the state of the art and how much of the gap its knobs "
                + "close (from about 15% to 67% of the state of the art on its Ivy Bridge CPU, 4.3x on average). Each table below is "
                + "the shape of its Table 4 for one device and input: the untuned portable kernel, each knob changed alone from "
                + "there (its best setting), then all knobs tuned together; `x untuned` is the knob's speed-up in time. `% peak` "
                + "is the fraction of the device's peak measured in the same run that the kernel reaches: for SpMV the streaming "
                + "bandwidth (saxpy) against the kernel's real traffic, for FFT and SGEMM the FP32 multiply-add rate (the flops workload), `% ref` the rate as a fraction of the reference measured in the same run. Rates on the emulator are modelled (its cost model), elsewhere measured "
                + "kernel time of the best repetition. Every point was verified against a double-precision reference; failed points "
                + "are listed at the end.");
        md.heading(2, "Devices");
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
        List<String> failures = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        for (Map.Entry<String, String> sec : SECTIONS.entrySet()) {
            Seed004Study st = STUDIES.stream().filter(s -> s.workload().equals(sec.getKey())).findFirst().orElse(null);
            md.heading(2, sec.getValue() + " (`" + sec.getKey() + "`)");
            if (st == null) {
                md.note("**Section to be filled by the " + sec.getKey() + " study** (issue 14, FFT half): no Seed004Study for workload `"
                        + sec.getKey() + "` is registered in `Seed004Report.STUDIES`" + (workloadExists(sec.getKey()) ? "" : ", and perfport has no `"
                        + sec.getKey() + "` workload yet") + ". Its rows appear here, in the same tables, once it is.");
                continue;
            }
            if (!study(md, data, o, st, figs, failures, summary)) md.note("No " + sec.getKey() + " rows in this data.");
        }
        for (Seed004Study st : STUDIES) {
            if (SECTIONS.containsKey(st.workload())) continue;
            md.heading(2, st.title() + " (`" + st.workload() + "`)");
            study(md, data, o, st, figs, failures, summary);
        }
        md.heading(2, "Current vs potential (the paper's Figure 3)");
        md.paragraph("Per device and input: the untuned and the tuned rate as a fraction of the reference and of the streaming bandwidth.");
        Markdown.Table t = md.table("workload", "device", "input", "untuned", "all tuned", "x untuned", "untuned % ref", "tuned % ref",
                "untuned % peak", "tuned % peak");
        for (String s : summary) t.row(List.of(s.split("\t", -1)));
        t.end();
        md.heading(2, "On a GPU");
        md.paragraph("The issue's GPU targets (the best tuned SpMV format >= 0.8x torch.sparse CSR on `stencil2d:2048x2048` and "
                + "`powerlaw:2^21:8`; FFT >= 0.6x torch.fft) are measured on the H100 by the GPU runs: `perfport report seed-004 "
                + "--backend jocl:gpu --param matrices=stencil2d:2048x2048,powerlaw:2^21:8 --param ffts=512x16384,1048576x1 "
                + "--param torch=torch.jsonl`, after `python3 bench/torch_spmv.py --out torch.jsonl` and `bench/torch_fft.py --out torch.jsonl` "
                + "in the same call: their lines for the same device become the cases' reference (cuSPARSE, cuFFT), so `% ref` is the "
                + "fraction of the vendor library. `perfport report seed-004 --from CPU_DIR,GPU_DIR --out DIR` assembles runs of several "
                + "machines measured with the same parameters.");
        md.heading(2, "Failed or refused points");
        if (failures.isEmpty()) md.paragraph("None: every point verified.");
        else {
            md.paragraph(failures.size() + " point(s) did not verify or were refused (a format that cannot hold the matrix, a knob the "
                    + "route cannot express); they are reported, never replaced.");
            md.details("the failed points", m -> m.bullets(failures.stream().limit(200).toList()));
        }
        failedCount[0] = failures.size();
        return md.toString();
    }

    private static boolean workloadExists(String name) {
        try {
            Workloads.get(name);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Writes a study's tables; false when the data holds none of its sweeps. */
    private static boolean study(Markdown md, ReportData data, Params o, Seed004Study st, ReportWriter.Figures figs, List<String> failures,
                                 List<String> summary) {
        md.paragraph("Rate: ", st.about(), ".");
        boolean found = false;
        for (String dev : data.devices()) {
            boolean any = false;
            for (String kase : st.cases(o)) {
                List<Seed004Study.Point> pts = data.rows(st.workload() + "/" + kase, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                if (!any) md.heading(3, dev);
                any = true;
                Seed004Study.Point peak = peakOf(data, dev);
                Seed004Study.Point ref = referenceOf(data, st, kase, dev);
                List<Seed004Study.KnobRow> rows = st.table(pts);
                Seed004Study.Point base = rows.getFirst().point();
                long ok = pts.stream().filter(Seed004Study.Point::ok).count();
                md.paragraph("**", kase, "**: ", ok, " of ", pts.size(), " points verified",
                        ref == null ? "" : "; reference " + ref.variant() + " " + f(ref.rate()) + " " + ref.metric()
                                + (base != null && base.modelled() != ref.modelled() ? " (measured on the host: not comparable with modelled rates, so no % ref)" : ""), ".");
                // a rate in GFLOP/s needs no second GFLOP/s column; its % peak is of the FP32 rate, a byte-counting study's of the bandwidth
                boolean flops = base != null && base.metric().endsWith("GFLOP/s");
                boolean moved = pts.stream().anyMatch(p -> p.bandwidth() > 0);
                List<String> head = new ArrayList<>(List.of("knob", "what", "best setting", base == null ? "rate" : base.metric()));
                if (!flops) head.add("GFLOP/s");
                head.add("x untuned");
                if (moved) head.addAll(List.of("moved GB/s", "% peak"));
                // FLOP/s-rated studies (FFT, SGEMM): the rate as a fraction of the measured FP32 multiply-add rate
                Seed004Study.Point flopsPeak = flops ? flopsOf(data, dev) : null;
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
            }
            if (any) figs.image(md, st.workload() + "@" + dev);
            found |= any;
        }
        return found;
    }

    private static String pct(double rate, Seed004Study.Point of) {
        return of == null || !of.ok() || !(rate > 0) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * rate / of.rate());
    }

    /** The point's rate as a fraction of the reference's; none where one is modelled and the other measured (not comparable). */
    private static String pct(Seed004Study.Point p, Seed004Study.Point ref) {
        if (ref == null || p.modelled() != ref.modelled()) return "-";
        return pct(p.rate(), ref);
    }

    static String f(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
