package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.Result;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.trsm.Trsm;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The paper's Fig. 3, where a TRSM's time goes, as far as the rows expose it. Right after the device's session opens
 * (its time is the route's set-up: platform and device query, context and queue on jocl), one {@code trsm} row at
 * trsmm × trsmn with the device's default configuration, then the same row again in the same session. A row's profile
 * splits its time into compile (program creation, build and kernel creation, one figure: the session times
 * {@code compile} as a whole), host-device transfers and kernels; the rest of its wall time is host work (inputs, buffer
 * allocation, launch calls, the residual check). A row is one untimed warm-up solve and one timed solve, so its
 * kernel and transfer times are those of two solves. Sweep {@code phases}.
 */
final class TrsmPhaseStudy {
    static final String SWEEP = "phases";

    /**
     * One trsm row's time by phase, in milliseconds.
     *
     * @param solve        first (the session's first row) or again (the same row next)
     * @param openMs       the session's opening (first row only; 0 again)
     * @param compileMs    program creation, build and kernel creation
     * @param transferMs   host-device copies
     * @param kernelMs     kernel time (measured; the emulator's is its simulation's)
     * @param otherMs      the rest of the row's wall time
     * @param rowMs        the row's wall time
     * @param modelledMs   the emulator's modelled kernel time, else null
     * @param launches     kernel launches of the row
     * @param error        why the row failed, else null
     */
    record PhaseRow(String solve, double openMs, double compileMs, double transferMs, double kernelMs, double otherMs, double rowMs,
                    Double modelledMs, long launches, String error) {
    }

    private TrsmPhaseStudy() {
    }

    static List<PhaseRow> measure(DeviceSession s, long openNanos, Options o, PrintStream err, String tag) {
        Trsm trsm = new Trsm();
        Params p = Params.of("m", "" + o.trsmM(), "n", "" + o.trsmN(), "type", o.types().getFirst(), "reps", "1", "config", "default");
        List<PhaseRow> l = new ArrayList<>();
        for (String solve : List.of("first", "again")) {
            long t0 = System.nanoTime();
            RunResult r = trsm.run(s, Trsm.BLOCKED, p);
            PhaseRow row = row(solve, solve.equals("first") ? openNanos : 0, System.nanoTime() - t0, r);
            err.println(tag + " trsm phases, " + solve + ": " + String.format(Locale.ROOT, "open %.1f, compile %.1f, transfers %.1f, kernels %.1f, other %.1f ms",
                    row.openMs(), row.compileMs(), row.transferMs(), row.kernelMs(), row.otherMs()));
            l.add(row);
        }
        return l;
    }

    static PhaseRow row(String solve, long openNanos, long rowNanos, RunResult r) {
        Profile p = r.profile() == null ? Profile.ZERO : r.profile();
        double other = Math.max(0, rowNanos - p.compileNanos() - p.transferNanos() - p.kernelNanos());
        return new PhaseRow(solve, openNanos / 1e6, p.compileNanos() / 1e6, p.transferNanos() / 1e6, p.kernelNanos() / 1e6, other / 1e6, rowNanos / 1e6,
                p.hasModelledTime() ? p.modelledNanos() / 1e6 : null, p.launches(), r.verified() ? null : r.error());
    }

    /** Per device, both rows. */
    static String table(List<Result> results, Options o) {
        return Markdown.block(md -> {
            if (results.stream().allMatch(r -> r.phases().isEmpty())) {
                md.paragraph("Not measured in this run (its data predates the phase study).");
                return;
            }
            Markdown.Table t = md.table("device", "row", "session open (ms)", "compile: program + kernels (ms)", "transfers (ms)", "kernels (ms)",
                    "other host work (ms)", "row wall (ms)", "kernel share of open + row", "launches", "error");
            for (Result r : results) {
                for (PhaseRow x : r.phases()) {
                    double share = x.kernelMs() / (x.openMs() + x.rowMs());
                    t.row(r.device().selector(), x.solve(), ms(x.openMs()), ms(x.compileMs()), ms(x.transferMs()),
                            ms(x.kernelMs()) + (x.modelledMs() == null ? "" : " (modelled " + ms(x.modelledMs()) + ")"), ms(x.otherMs()), ms(x.rowMs()),
                            String.format(Locale.ROOT, "%.1f %%", 100 * share), x.launches(), x.error() == null ? "" : Markdown.cell(x.error()));
                }
            }
            t.end();
        });
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
    }
}
