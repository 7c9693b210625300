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
 * (every point) and {@code <workload>/<case>/reference}, then SpMV's threads and size sweep ({@link SpmvScalingStudy}). The Markdown and the plots are made from
 * the saved data alone ({@link Seed004Page}), so {@code --from DIR} writes the same report without measuring.
 *
 * <p>Parameters: {@code matrices} (comma-separated, {@link SpmvStudy#DEFAULT_MATRICES}),
 * {@code ffts} ({@link FftStudy#DEFAULT_FFTS}), {@code sweep} ({@link SpmvScalingStudy#DEFAULT}), {@code reps} (2), {@code seed} (42), {@code peakn}
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
        List<String> known = new ArrayList<>(List.of("reps", "seed", "peakn", "flopsn", "flopsiters", BenchReference.PARAM,
                SpmvScalingStudy.PARAM));
        for (Seed004Study st : STUDIES) known.addAll(st.params());
        for (String k : o.asMap().keySet()) {
            if (!known.contains(k)) throw new ConfigException("report seed-004 has no parameter '" + k + "'; parameters: " + String.join(", ", known));
        }
        for (Seed004Study st : STUDIES) st.cases(o);
        SpmvScalingStudy.cases(o);
        BenchReference.validate(o);
        Path dir = ReportFiles.prepare(out, NAME);
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", NAME));
        for (Seed000Report.Device d : devices) cmd.addAll(List.of("--backend", d.selector()));
        for (String p : params) cmd.addAll(List.of("--param", p));
        ReportData data = ReportData.start(dir, NAME, String.join(" ", cmd), params, Map.of(), HostFacts.machine());
        Reports.measure(ctx, () -> {
            for (Seed000Report.Device d : devices) measure(d, o, data, ctx.err());
            data.machine("loadAfter", HostFacts.loadAverage());
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
            for (String kase : SpmvScalingStudy.cases(o)) {
                err.println("[report " + sel + "] spmv threads and size " + kase);
                SpmvScalingStudy.MatrixRow m = SpmvScalingStudy.matrix(kase, o);
                data.save(SpmvScalingStudy.PREFIX + kase + "/matrix", sel, List.of(m));
                data.save(SpmvScalingStudy.PREFIX + kase, sel, SpmvScalingStudy.measure(s, m, o, err));
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
        ReportWriter.Outcome w = ReportWriter.publish(out, NAME, figures, figs -> Seed004Page.markdown(data, o, figs, failed), ctx.err());
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

    static String f(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
