package dev.perfport.cli.report;

import dev.perfport.cli.report.PortabilityMatrix.CrossRow;
import dev.perfport.cli.report.PortabilityMatrix.NoOwnBest;
import dev.perfport.cli.report.PortabilityMatrix.NotRun;
import dev.perfport.cli.report.PortabilityMatrix.Share;
import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.TuneRow;
import dev.perfport.cli.report.Seed001Tuning.TrsmTuneRow;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.gemm.Gemm;
import dev.perfport.workloads.gemm.GemmConfig;
import dev.perfport.workloads.trsm.Trsm;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static dev.perfport.cli.report.Seed001Report.fmt;
import static dev.perfport.cli.report.Seed001Report.orEmpty;
import static dev.perfport.cli.report.Seed001Report.rate;
import static dev.perfport.cli.report.Seed001Report.why;

/**
 * Figs. 11–12 of the paper: every device's tuned configuration run on every device. After each device has tuned GEMM
 * and TRSM (the sweeps {@code tune} and {@code trsm-tune}), each device runs every device's configuration, its own
 * included, at portsize³ (GEMM) and trsmm × trsmn (TRSM), and the {@link PortabilityMatrix} divides by its own. A
 * configuration a route cannot take fails with the route's reason: nothing falls back to another configuration.
 * Sweep {@code portability}, one per device that ran the configurations.
 */
final class PortabilityStudy {
    static final String SWEEP = "portability";
    static final List<String> KERNELS = List.of(Gemm.NAME, Trsm.NAME);

    private final Options o;
    private final Seed001Tuning tuning;
    private final PrintStream err;
    private final Gemm gemm = new Gemm();
    private final Trsm trsm = new Trsm();

    PortabilityStudy(Options o, Seed001Tuning tuning, PrintStream err) {
        this.o = o;
        this.tuning = tuning;
        this.err = err;
    }

    void measure(List<Seed000Report.Device> devices, ReportData data) {
        List<String> sels = devices.stream().map(Seed000Report.Device::selector).toList();
        for (Seed000Report.Device d : devices) {
            List<CrossRow> rows = new ArrayList<>();
            DeviceSession s;
            try {
                s = d.backend().open(d.index());
            } catch (RuntimeException e) {
                for (String kernel : KERNELS) {
                    for (String type : o.types()) for (String src : sels) rows.add(new CrossRow(kernel, type, src, d.selector(), null, "cannot open a session: " + e));
                }
                data.save(SWEEP, d.selector(), rows);
                continue;
            }
            try (s) {
                for (String type : o.types()) {
                    for (String src : sels) rows.add(gemmOn(s, d.selector(), src, type, data));
                    for (String src : sels) rows.add(trsmOn(s, d.selector(), src, type, data));
                }
            }
            data.save(SWEEP, d.selector(), rows);
        }
    }

    private CrossRow gemmOn(DeviceSession s, String ranOn, String tunedOn, String type, ReportData data) {
        TuneRow t = tune(data, tunedOn, type);
        if (t == null || t.best() == null) return new CrossRow(Gemm.NAME, type, tunedOn, ranOn, null, "nothing tuned on " + tunedOn);
        int n = o.portSize();
        Params p = Params.of("m", "" + n, "n", "" + n, "k", "" + n, "type", type, "reps", "" + o.reps(), "config", "default");
        return row(Gemm.NAME, type, tunedOn, ranOn, gemm.run(s, Gemm.INDIRECT, GemmConfig.withValues(p, t.best())));
    }

    private CrossRow trsmOn(DeviceSession s, String ranOn, String tunedOn, String type, ReportData data) {
        TuneRow t = tune(data, tunedOn, type);
        TrsmTuneRow nb = orEmpty(data.rows(Seed001Report.TRSM_TUNE, tunedOn, TrsmTuneRow.class)).stream().filter(r -> r.type().equals(type)).findFirst().orElse(null);
        if (t == null || t.best() == null || nb == null || nb.nb() == null) {
            return new CrossRow(Trsm.NAME, type, tunedOn, ranOn, null, "nothing tuned on " + tunedOn);
        }
        return row(Trsm.NAME, type, tunedOn, ranOn, trsm.run(s, Trsm.BLOCKED, tuning.trsmParams(type, t.best()).with("nb", "" + nb.nb())));
    }

    private CrossRow row(String kernel, String type, String tunedOn, String ranOn, RunResult r) {
        CrossRow c = new CrossRow(kernel, type, tunedOn, ranOn, rate(r), why(r));
        err.println("[report " + ranOn + "] " + kernel + " " + type + " tuned on " + tunedOn + ": "
                + (c.gflops() != null ? fmt(c.gflops()) + " GFLOP/s" : c.error()));
        return c;
    }

    private static TuneRow tune(ReportData data, String dev, String type) {
        return orEmpty(data.rows("tune", dev, TuneRow.class)).stream().filter(r -> r.typeOrFloat().equals(type)).findFirst().orElse(null);
    }

    // ---- writing -----------------------------------------------------------------------------

    /** The matrices of the saved rows, GEMM then TRSM, each type; empty for data saved before this study. */
    static List<PortabilityMatrix> matrices(List<String> devices, List<CrossRow> rows, List<String> types) {
        List<PortabilityMatrix> l = new ArrayList<>();
        if (rows.isEmpty()) return l;
        for (String kernel : KERNELS) for (String type : types) l.add(PortabilityMatrix.of(kernel, type, devices, rows));
        return l;
    }

    /** Each matrix as a table (rows: ran on; columns: tuned on), the reasons of the cells that did not run listed below it. */
    static String tables(List<PortabilityMatrix> ms, Options o) {
        return Markdown.block(md -> {
            if (ms.isEmpty()) {
                md.paragraph("Not measured in this run (its data predates the portability study).");
                return;
            }
            for (PortabilityMatrix m : ms) {
                String size = m.kernel().equals(Trsm.NAME) ? "m = " + o.trsmM() + ", n = " + o.trsmN() : o.portSize() + "³";
                md.paragraph("**" + m.kernel().toUpperCase(Locale.ROOT) + ", " + m.type() + "** (" + size + "): fraction of the row device's own "
                        + "tuned rate (GFLOP/s in brackets)" + m.worst().map(w -> String.format(Locale.ROOT, "; worst foreign configuration %.2f", w)).orElse("")
                        + (m.refused() > 0 ? "; " + m.refused() + " foreign configuration(s) did not run" : "") + ".");
                List<String> head = new ArrayList<>(List.of("ran on \\ tuned on"));
                head.addAll(m.devices());
                Markdown.Table t = md.table(head);
                List<String> notes = new ArrayList<>();
                for (String ranOn : m.devices()) {
                    List<String> cells = new ArrayList<>(List.of(ranOn));
                    for (String tunedOn : m.devices()) cells.add(cell(m.cell(ranOn, tunedOn), ranOn, tunedOn, ranOn.equals(tunedOn), notes));
                    t.row(cells);
                }
                t.end();
                if (!notes.isEmpty()) md.bullets(notes);
            }
        });
    }

    private static String cell(PortabilityMatrix.Cell c, String ranOn, String tunedOn, boolean own, List<String> notes) {
        return switch (c) {
            case Share s -> String.format(Locale.ROOT, own ? "%.2f (%s)" : "**%.2f** (%s)", s.fraction(), fmt(s.gflops()));
            case NotRun n -> {
                notes.add("[" + (notes.size() + 1) + "] " + tunedOn + "'s configuration on " + ranOn + ": " + oneLine(n.why()));
                yield "not run [" + notes.size() + "]";
            }
            case NoOwnBest b -> {
                notes.add("[" + (notes.size() + 1) + "] " + ranOn + ": " + oneLine(b.why()));
                yield fmt(b.gflops()) + " GFLOP/s, no own best [" + notes.size() + "]";
            }
        };
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s*\\R\\s*", " ");
    }

    /** The saved rows of every device. */
    static List<CrossRow> rows(ReportData data) {
        List<CrossRow> l = new ArrayList<>();
        for (String dev : data.devices()) l.addAll(orEmpty(data.rows(SWEEP, dev, CrossRow.class)));
        return l;
    }
}
