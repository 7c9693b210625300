package dev.perfport.cli.report;

import dev.perfport.cli.Context;

import dev.perfport.core.error.ConfigException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
     * The saved data of {@code report} for {@code --from}: one folder, or several separated by
     * commas, whose runs (e.g. on several machines) are assembled into {@code out/<report>/data.json}
     * ({@link ReportData#merge}); several folders need {@code --out}.
     */
    public static ReportData from(String from, String out, String report, String command) {
        List<Path> dirs = new ArrayList<>();
        for (String f : from.split(",")) {
            if (f.isBlank()) throw new ConfigException("--from needs a folder, or folders separated by commas; got '" + from + "'");
            dirs.add(Path.of(f.trim()));
        }
        if (dirs.size() == 1) return from(dirs.getFirst(), Path.of(out == null ? from : out), report);
        if (out == null) throw new ConfigException("--from with several folders assembles their runs into a new report: give --out DIR");
        List<ReportData> runs = new ArrayList<>();
        for (Path d : dirs) runs.add(ReportData.load(d.resolve(report), report));
        Path dir = ReportFiles.prepare(Path.of(out), report);
        return ReportData.merge(runs, dir, command);
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

    /**
     * Runs the sweeps. Should they stop with an exception (a bug, a backend failing outside a
     * point), that is one line on stderr and the report is still written from the sweeps saved
     * before (its data stays incomplete, so the exit code is 1); saving itself failing is not
     * caught here.
     */
    public static void measure(Context ctx, Runnable sweeps) {
        try {
            sweeps.run();
        } catch (ReportData.SaveException e) {
            throw e;
        } catch (RuntimeException e) {
            ctx.err().println("perfport: the sweeps stopped: " + e.toString().replaceAll("\\s*\\R\\s*", " ")
                    + "; the report is written from the sweeps saved before");
        }
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
