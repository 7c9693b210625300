package dev.perfport.cli.report;

import dev.perfport.cli.Context;

import java.nio.file.Path;

/**
 * What every report shares: reading saved data for {@code --from}, and the exit code of an
 * incomplete report. A report is written in this order: the output folder is checked
 * ({@link ReportFiles#prepare}), each sweep is saved as it ends ({@link ReportData#save}), the
 * Markdown is made from the saved data and the plots come last ({@link ReportWriter#publish}).
 */
public final class Reports {
    /** Exit code of a report that was written but is incomplete (a plot not drawn, or saved data of a run that stopped). */
    public static final int INCOMPLETE = 1;

    private Reports() {
    }

    /**
     * The saved data of {@code report} in {@code from/<report>/data.json}; when the report is
     * written to another folder, the data is copied beside it, so that folder stands alone.
     */
    public static ReportData from(Path from, Path out, String report) {
        ReportData data = ReportData.load(from.resolve(report), report);
        if (!from.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
            Path dir = ReportFiles.prepare(out, report);
            data.copyTo(dir);
        } else {
            ReportFiles.prepare(out, report);
        }
        return data;
    }

    /** One line on stderr for each way the report is incomplete; returns 0 or {@link #INCOMPLETE}. */
    public static int incomplete(Context ctx, ReportData data, ReportWriter.Outcome w) {
        int code = 0;
        if (w.plotsFailed() > 0) {
            ctx.err().println("perfport: report incomplete: " + w.plotsFailed() + " plot(s) not drawn (reasons above); the Markdown and "
                    + data.file().getFileName() + " are written: 'perfport report " + data.contents().report() + " --from DIR' draws them again");
            code = INCOMPLETE;
        }
        if (!data.contents().complete()) {
            ctx.err().println("perfport: report incomplete: " + data.file() + " is from a run that stopped before every sweep ended; "
                    + "the report shows the sweeps saved");
            code = INCOMPLETE;
        }
        return code;
    }
}
