package dev.perfport.cli.report;

import dev.perfport.workloads.Params;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static dev.perfport.cli.report.Seed004Report.STUDIES;
import static dev.perfport.cli.report.Seed004Report.referenceOf;

/**
 * Report seed-004's Figure 3 as the paper averages it: per device, the untuned ("current") and the
 * tuned ("potential") rate as a fraction of the state of the art, averaged over SpMV, FFT and SGEMM.
 * The paper's state of the art is MKL's SGEMM, FFTW and, for SpMV, its own tuned ELLPACK (MKL's CSR
 * was slower), so SpMV's potential is 100 % by construction; here likewise SpMV is rated against
 * its best tuned kernel, FFT and SGEMM against the saved reference. A workload's figure is the mean
 * over its inputs, the average the arithmetic mean of the three, as the paper's.
 */
final class Seed004Average {

    private Seed004Average() {
    }

    /** Untuned and tuned as fractions of the reference, one workload's mean over its inputs; null where none compares. */
    record Pair(double untuned, double tuned) {
    }

    /** The table: one row per device with measured rates against a reference for all three workloads or some. */
    static String table(ReportData data, Params o) {
        return Markdown.block(md -> {
            Markdown.Table t = md.table("device", "SpMV untuned (tuned = 100 %)", "FFT untuned → tuned", "SGEMM untuned → tuned",
                    "average untuned → tuned", "x");
            for (String dev : data.devices()) {
                Pair spmv = workload(data, o, "spmv", dev, true), fft = workload(data, o, "fft", dev, false),
                        gemm = workload(data, o, "gemm", dev, false);
                if (spmv == null && fft == null && gemm == null) continue;
                String avg = "-", x = "-";
                if (spmv != null && fft != null && gemm != null) {
                    double u = (spmv.untuned() + fft.untuned() + gemm.untuned()) / 3, tu = (spmv.tuned() + fft.tuned() + gemm.tuned()) / 3;
                    avg = pct(u) + " → " + pct(tu);
                    x = String.format(Locale.ROOT, "%.1f", tu / u);
                }
                t.row(Markdown.cell(dev), spmv == null ? "-" : pct(spmv.untuned()), pair(fft), pair(gemm), avg, x);
            }
            t.row("the paper (Ivy Bridge CPU, Fig. 3)", "about 13.5 % (1 / 7.4, derived)", "not in the text", "not in the text", "15 % → 67 %", "4.5");
            t.end();
        });
    }

    /**
     * One workload's mean over its inputs on one device: against its own best tuned kernel
     * ({@code selfReference}, SpMV) or against the saved reference, which must have verified and be
     * measured as the kernel is (a modelled rate never compares with a measured one).
     */
    static Pair workload(ReportData data, Params o, String workload, String dev, boolean selfReference) {
        Seed004Study st = STUDIES.stream().filter(s -> s.workload().equals(workload)).findFirst().orElse(null);
        if (st == null) return null;
        double u = 0, tu = 0;
        int n = 0;
        for (String kase : st.cases(o)) {
            List<Seed004Study.Point> pts = data.rows(workload + "/" + kase, dev, Seed004Study.Point.class);
            if (pts == null) continue;
            List<Seed004Study.KnobRow> rows = st.table(pts);
            Seed004Study.Point base = rows.getFirst().point(), tuned = rows.getLast().point();
            if (base == null || tuned == null) continue;
            Seed004Study.Point ref = selfReference ? tuned : referenceOf(data, st, kase, dev);
            if (ref == null || !ref.ok() || ref.modelled() != base.modelled()) continue;
            u += base.rate() / ref.rate();
            tu += tuned.rate() / ref.rate();
            n++;
        }
        return n == 0 ? null : new Pair(u / n, tu / n);
    }

    /** The references a run used, one line each: the workload, the library (or why it is missing) and the devices it rated. */
    static List<String> references(ReportData data, Params o) {
        List<String> lines = new ArrayList<>();
        for (Seed004Study st : STUDIES) {
            Set<String> seen = new LinkedHashSet<>();
            for (String dev : data.devices()) {
                for (String kase : st.cases(o)) {
                    Seed004Study.Point ref = referenceOf(data, st, kase, dev);
                    if (ref == null) continue;
                    seen.add(ref.ok() ? "`" + Markdown.cell(ref.variant()) + "`" : "missing: " + Markdown.cell(ref.error()));
                }
            }
            for (String s : seen) lines.add(st.title() + ": " + s);
        }
        return lines;
    }

    private static String pair(Pair p) {
        return p == null ? "-" : pct(p.untuned()) + " → " + pct(p.tuned());
    }

    private static String pct(double v) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * v);
    }
}
