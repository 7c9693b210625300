package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.core.tune.TuneRecord;
import dev.perfport.core.tune.Tuner;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The tuner's progress on stderr, one step per configuration, e.g. {@code jocl:0 singlebuffer
 * [#######.......] 12/28 posbs=64 ... = 812.4 mpps}: a progress bar on a terminal
 * ({@link ProgressDisplay#bar}), else one plain line per step. Stage decisions are printed as lines of their own.
 */
public final class ProgressBar implements Tuner.Listener {
    private final ProgressDisplay display;
    private final String label;
    private final String metric;

    /** Plain text on {@code err}. */
    public ProgressBar(PrintStream err, String label, String metric) {
        this(ProgressDisplay.plain(err, label), label, metric);
    }

    /** A bar where the context asks for one ({@code --progress}), else plain text. */
    public ProgressBar(Context ctx, String label, String metric) {
        this(ctx.progressBar() ? ProgressDisplay.bar(ctx.err(), label) : ProgressDisplay.plain(ctx.err(), label), label, metric);
    }

    private ProgressBar(ProgressDisplay display, String label, String metric) {
        this.display = display;
        this.label = label;
        this.metric = metric;
    }

    @Override
    public void started(String strategy, int planned) {
        display.step(0, planned, strategy + ", about " + planned + " evaluations");
    }

    @Override
    public void looked(TuneRecord r, int evaluations, int planned) {
        String what = r.config() + " = " + (r.evaluation().valid()
                ? String.format(Locale.ROOT, "%.1f %s", r.evaluation().value(), metric)
                : r.evaluation().status().label()) + (r.fromCache() ? " (cached)" : "");
        display.step(evaluations, planned, what);
    }

    @Override
    public void note(String line) {
        display.line(label + " " + line);
    }

    /** Ends the bar's line. */
    public void done() {
        display.close();
    }
}
