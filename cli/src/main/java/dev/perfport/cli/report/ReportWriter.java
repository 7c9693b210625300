package dev.perfport.cli.report;

import dev.perfport.core.error.PerfportException;
import org.knowm.xchart.internal.chartpart.Chart;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Writes a report from its saved data ({@link ReportData}) in the order that never loses anything:
 * the Markdown first, with every figure linked, then the plots, one at a time. A plot that cannot
 * be drawn (no fonts on a headless machine, an I/O error) gives one line on stderr naming the
 * reason, and the Markdown is written again with a note where that picture would be. The same
 * path serves a live run and {@code perfport report NAME --from DIR}.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * A picture of the report.
     *
     * @param key   how the Markdown refers to it
     * @param file  its file name in {@code DIR/<report>/}, e.g. {@code fig05-posbs.png}
     * @param alt   the alternative text
     * @param chart draws the chart (called only when the plots are made, after the Markdown is written)
     */
    public record Figure(String key, String file, String alt, Supplier<Chart<?, ?>> chart) {
    }

    /** The figures as the Markdown sees them: a link to each, or a note for one that could not be drawn. */
    public static final class Figures {
        private final String report;
        private final Map<String, Figure> figures = new LinkedHashMap<>();
        private final Map<String, String> failed = new LinkedHashMap<>();

        Figures(String report, List<Figure> list) {
            this.report = report;
            for (Figure f : list) figures.put(f.key(), f);
        }

        /** Writes the figure {@code key}: its image, or why it is missing; nothing when the report has no such figure. */
        public void image(Markdown md, String key) {
            Figure f = figures.get(key);
            if (f == null) return;
            String why = failed.get(key);
            if (why == null) {
                md.image(f.alt(), report + "/" + f.file());
            } else {
                md.note("Plot not drawn (" + f.alt() + ", " + report + "/" + f.file() + "): " + why + ". Its numbers are in the tables of this report "
                        + "and in " + report + "/" + ReportData.FILE + "; `perfport report " + report + " --from DIR` draws it on a machine that can.");
            }
        }
    }

    /**
     * What was written.
     *
     * @param markdown    the report file
     * @param dir         the folder of its data and plots
     * @param plotsDrawn  plots written
     * @param plotsFailed plots that could not be drawn
     */
    public record Outcome(Path markdown, Path dir, int plotsDrawn, int plotsFailed) {
    }

    /**
     * Writes {@code out/<report>.md} from {@code markdown} (which reads only the saved data), then
     * draws {@code figures} into {@code out/<report>/}.
     */
    public static Outcome publish(Path out, String report, List<Figure> figures, Function<Figures, String> markdown, PrintStream err) {
        Path dir = out.resolve(report);
        Path md = out.resolve(report + ".md");
        Figures figs = new Figures(report, figures);
        write(md, markdown.apply(figs));
        int drawn = 0;
        for (Figure f : figures) {
            try {
                Plots.png(f.chart().get(), dir, f.file());
                drawn++;
            } catch (RuntimeException | Error e) {
                // AWT without fonts throws RuntimeException or Error from deep inside; the data and the Markdown are already safe
                String why = Plots.reason(e);
                figs.failed.put(f.key(), why);
                err.println("perfport: plot " + dir.resolve(f.file()) + " not drawn: " + why);
            }
        }
        if (!figs.failed.isEmpty()) write(md, markdown.apply(figs));
        return new Outcome(md, dir, drawn, figs.failed.size());
    }

    private static void write(Path md, String text) {
        try {
            ReportFiles.writeAtomically(md, text);
        } catch (IOException e) {
            throw new PerfportException("cannot write " + md + ": " + ReportFiles.reason(e));
        }
    }
}
