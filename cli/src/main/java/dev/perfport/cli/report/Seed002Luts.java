package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Filters.FilterRow;
import dev.perfport.cli.report.Seed002Filters.Rung;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed002Filters.ADAPTIVE;
import static dev.perfport.cli.report.Seed002Filters.NAIVE;
import static dev.perfport.cli.report.Seed002Filters.RUNGS;
import static dev.perfport.cli.report.Seed002Filters.TILED;
import static dev.perfport.cli.report.Seed002Filters.TILED_X4;
import static dev.perfport.cli.report.Seed002Filters.TUNED;
import static dev.perfport.cli.report.Seed002Filters.UNROLLED;
import static dev.perfport.cli.report.Seed002Report.fmt;

/** The filter study's look-up tables as CSV files, one per device, beside the report. */
final class Seed002Luts {
    private Seed002Luts() {
    }

    /** Writes each device's look-up table as CSV into {@code dir}. */
    static void writeLuts(ReportData data, Path dir) {
        for (String dev : data.devices()) {
            List<FilterRow> rows = data.rows("filters", dev, FilterRow.class);
            if (rows == null || rows.isEmpty()) continue;
            StringBuilder b = new StringBuilder("fw,fh,best_rung,best_gflops,bw,bh,tx,ty,pad,entry_gflops,entry_rung");
            for (String v : RUNGS.keySet()) b.append(',').append(v.replaceAll("[^a-z0-9]+", "_")).append("_gflops");
            b.append(",evaluations\n");
            for (FilterRow r : rows) {
                Rung best = r.best(), e = Seed002FiltersPage.entry(r);
                b.append(r.fw()).append(',').append(r.fh()).append(',').append(best == null ? "" : best.variant()).append(',')
                        .append(best == null ? "" : num(best.gflops()));
                if (e == null) b.append(",,,,,,,");
                else b.append(',').append(e.bw()).append(',').append(e.bh()).append(',').append(e.tx()).append(',').append(e.ty()).append(',')
                        .append(e.pad()).append(',').append(num(e.gflops())).append(',').append(e.variant());
                for (String v : RUNGS.keySet()) {
                    Rung x = r.rung(v);
                    b.append(',').append(x != null && x.verified() ? num(x.gflops()) : "");
                }
                b.append(',').append(r.evaluations()).append('\n');
            }
            try {
                java.nio.file.Files.createDirectories(dir);
                ReportFiles.writeAtomically(dir.resolve(Seed002FiltersPage.lutFile(dev)), b.toString());
            } catch (IOException ex) {
                throw new dev.perfport.core.error.PerfportException("cannot write " + dir.resolve(Seed002FiltersPage.lutFile(dev)) + ": " + ReportFiles.reason(ex));
            }
        }
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }
}
