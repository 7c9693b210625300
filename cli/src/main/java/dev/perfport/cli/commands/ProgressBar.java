package dev.perfport.cli.commands;

import dev.perfport.core.tune.TuneRecord;
import dev.perfport.core.tune.Tuner;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The tuner's progress on stderr: one line redrawn with a carriage return after each
 * configuration, e.g. {@code jocl:0 singlebuffer [#######.......] 12/28 posbs=64 ... = 812.4 mpps},
 * ended by a newline when the run is done. Stage decisions are printed as lines of their own.
 */
public final class ProgressBar implements Tuner.Listener {
    private static final int WIDTH = 24;
    private final PrintStream err;
    private final String label;
    private final String metric;
    private int lastLength;
    private boolean open;

    public ProgressBar(PrintStream err, String label, String metric) {
        this.err = err;
        this.label = label;
        this.metric = metric;
    }

    @Override
    public void started(String strategy, int planned) {
        draw(0, planned, strategy + ", about " + planned + " evaluations");
    }

    @Override
    public void looked(TuneRecord r, int evaluations, int planned) {
        String what = r.config() + " = " + (r.evaluation().valid()
                ? String.format(Locale.ROOT, "%.1f %s", r.evaluation().value(), metric)
                : r.evaluation().status().label()) + (r.fromCache() ? " (cached)" : "");
        draw(evaluations, planned, what);
    }

    @Override
    public void note(String line) {
        clear();
        err.println(label + " " + line);
    }

    /** Ends the bar's line. */
    public void done() {
        if (open) err.println();
        open = false;
        lastLength = 0;
    }

    private void draw(int done, int planned, String what) {
        int filled = planned <= 0 ? 0 : (int) Math.min(WIDTH, (long) WIDTH * done / planned);
        String line = label + " [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + planned + " " + what;
        if (line.length() > 150) line = line.substring(0, 149) + "…";
        String pad = line.length() < lastLength ? " ".repeat(lastLength - line.length()) : "";
        err.print("\r" + line + pad);
        err.flush();
        lastLength = line.length();
        open = true;
    }

    private void clear() {
        if (open) {
            err.print("\r" + " ".repeat(lastLength) + "\r");
            open = false;
            lastLength = 0;
        }
    }
}
