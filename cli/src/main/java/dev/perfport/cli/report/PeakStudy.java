package dev.perfport.cli.report;

import dev.perfport.cli.Environment;
import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.Result;
import dev.perfport.cli.report.Seed001Report.SizeRow;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Seed001Report.fmt;
import static dev.perfport.cli.report.Seed001Report.rate;
import static dev.perfport.cli.report.Seed001Report.why;

/**
 * The paper's Table 6 on this run's devices: the tuned GEMM's rate at the largest size against the device's peak, and
 * per watt. The peak is what {@code perfport bench gpu} takes: the {@code flops} workload's multiply-add rate measured
 * on the device in the same precision (modelled on the emulator, like GEMM's there), not a data-sheet figure. Power is
 * what the device reports: an NVIDIA GPU's board draw and power limit from nvidia-smi, read right after the GEMM sweep;
 * no other route reports power. Sweeps {@code flops} (one row per type) and {@code power}.
 */
final class PeakStudy {
    static final String FLOPS = "flops", POWER = "power";

    /** The flops workload in one type: its GFLOP/s (modelled where the device has a cost model), or why not. */
    record FlopsRow(String type, long n, int iters, Double gflops, String error) {
    }

    /**
     * What the device reported of its power, in watts, or null with {@code note} saying why.
     *
     * @param drawW  board draw (nvidia-smi power.draw: the average of the last second on Ampere and newer)
     * @param limitW board power limit (the nearest to the paper's TDP)
     */
    record PowerRow(Double drawW, Double limitW, String note) {
    }

    private PeakStudy() {
    }

    /** flops in each type, at flopsn work-items (default 2048 per compute unit, enough to fill a GPU) of flopsiters steps. */
    static List<FlopsRow> flops(DeviceSession s, Options o, PrintStream err, String tag) {
        long n = o.flopsN() > 0 ? o.flopsN() : 2048L * Math.max(1, s.device().computeUnits());
        List<FlopsRow> l = new ArrayList<>();
        for (String type : o.types()) {
            Params p = Params.of("n", "" + n, "iters", "" + o.flopsIters(), "type", type, "reps", "3");
            RunResult r;
            try {
                r = Workloads.get("flops").run(s, "fma", p);
            } catch (PerfportException e) {
                r = RunResult.failed(s.backendId(), s.device().name(), "flops", "fma", p.asMap(), e.getMessage());
            }
            l.add(new FlopsRow(type, n, o.flopsIters(), rate(r), why(r)));
            err.println(tag + " flops " + type + ": " + (rate(r) == null ? why(r) : fmt(rate(r)) + " GFLOP/s"));
        }
        return l;
    }

    /** The device's power now, where it reports any. */
    static PowerRow power(DeviceInfo d) {
        if (!d.vendor().toUpperCase(Locale.ROOT).contains("NVIDIA")) return new PowerRow(null, null, "not reported (no power reading for this device)");
        Map<String, Double> w = Environment.nvidiaPowerNow(d.name());
        if (w.isEmpty()) return new PowerRow(null, null, "not reported (nvidia-smi gave no reading for this GPU)");
        return new PowerRow(w.get("draw"), w.get("limit"), null);
    }

    // ---- writing -----------------------------------------------------------------------------

    /** The tuned GEMM at the largest size of the sweep in {@code type}, or null. */
    static SizeRow largestTuned(Result r, String type) {
        return r.sizes().stream().filter(s -> s.type().equals(type) && s.tuned() != null).max(Comparator.comparingInt(SizeRow::size)).orElse(null);
    }

    /** Table 6: per device and type, GEMM, peak, % of peak, and GFLOP/s per W of the draw and of the limit. */
    static String table(List<Result> results, Options o) {
        return Markdown.block(md -> {
            if (results.stream().allMatch(r -> r.flops().isEmpty())) {
                md.paragraph("Not measured in this run (its data predates the peak study).");
                return;
            }
            Markdown.Table t = md.table("device", "type", "tuned GEMM GFLOP/s (m = n = k)", "peak: flops FMA GFLOP/s", "% of peak",
                    "board draw (W)", "GFLOP/s per W (draw)", "power limit (W)", "GFLOP/s per W (limit)");
            for (Result r : results) {
                for (FlopsRow f : r.flops()) {
                    SizeRow g = largestTuned(r, f.type());
                    PowerRow p = r.power();
                    String gemm = g == null ? "-" : fmt(g.tuned()) + " (" + g.size() + ")";
                    String peak = f.gflops() == null ? "failed: " + f.error() : fmt(f.gflops());
                    String pct = g == null || f.gflops() == null ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * g.tuned() / f.gflops());
                    t.row(r.device().selector(), f.type(), gemm, peak, pct, watts(p, p == null ? null : p.drawW()), perWatt(g, p == null ? null : p.drawW()),
                            watts(p, p == null ? null : p.limitW()), perWatt(g, p == null ? null : p.limitW()));
                }
            }
            t.end();
        });
    }

    private static String watts(PowerRow p, Double w) {
        return p == null || w == null ? "not reported" : String.format(Locale.ROOT, "%.0f", w);
    }

    private static String perWatt(SizeRow g, Double w) {
        return g == null || w == null ? "-" : String.format(Locale.ROOT, "%.3g", g.tuned() / w);
    }
}
