package dev.perfport.cli.commands;

import dev.perfport.cli.format.Table;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;

/**
 * Where a long run's progress goes on stderr: a me.tongfei progress bar ({@link #bar}), or plain
 * text for pipes, files and CI logs ({@link #plain}, one line per step). Both print {@code done/planned} for each step
 * and let whole lines (decisions, failures) through above the progress.
 */
public sealed interface ProgressDisplay permits ProgressDisplay.Plain, ProgressDisplay.Bar {

    /** {@code done} of {@code planned} steps; {@code what} the last one. */
    void step(long done, long planned, String what);

    /** A line of its own, kept above the progress. */
    void line(String text);

    /** Ends the progress (a newline after the last step). */
    void close();

    static ProgressDisplay plain(PrintStream err, String label) {
        return new Plain(err, label);
    }

    static ProgressDisplay bar(PrintStream err, String label) {
        return new Bar(err, label);
    }

    /**
     * {@code label [#####.....] done/planned what}, one line per step, each ended by a newline:
     * no carriage return, so that a log file or a CI console keeps every step readable.
     */
    final class Plain implements ProgressDisplay {
        private static final int WIDTH = 24;
        private final PrintStream err;
        private final String label;

        Plain(PrintStream err, String label) {
            this.err = err;
            this.label = label;
        }

        @Override
        public void step(long done, long planned, String what) {
            int filled = planned <= 0 ? 0 : (int) Math.min(WIDTH, WIDTH * done / planned);
            String line = label + " [" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + planned + " " + what;
            if (line.length() > 150) line = line.substring(0, 149) + "…";
            err.println(line);
            err.flush();
        }

        @Override
        public void line(String text) {
            err.println(text);
        }

        @Override
        public void close() {
            err.flush();
        }
    }

    /**
     * A me.tongfei progress bar (percentage, count, elapsed and remaining time) redrawn in place
     * by its own thread; the lines in between are written under the same lock as the bar, so
     * that a redraw never cuts one.
     */
    final class Bar implements ProgressDisplay {
        private final PrintStream err;
        private final String label;
        private final Object lock = new Object();
        private final LockedConsumer consumer;
        /** Made at the first step: a bar starts its drawing thread, and a display may end unused. */
        private me.tongfei.progressbar.ProgressBar bar;

        Bar(PrintStream err, String label) {
            this.err = err;
            this.label = label;
            this.consumer = new LockedConsumer(err, lock);
        }

        @Override
        public void step(long done, long planned, String what) {
            if (bar == null) {
                bar = new ProgressBarBuilder().setTaskName(label).setInitialMax(-1).setStyle(ProgressBarStyle.ASCII)
                        .setUpdateIntervalMillis(250).setConsumer(consumer).build();
            }
            // the hierarchical tuner's plan grows as it goes
            if (planned > 0 && planned != bar.getMax()) bar.maxHint(Math.max(planned, done));
            bar.stepTo(done);
            // the bar takes the width the message leaves: keep it about 30 columns wide
            bar.setExtraMessage(Table.cut(what, Math.max(12, consumer.getMaxRenderedLength() - label.length() - 60)));
        }

        @Override
        public void line(String text) {
            synchronized (lock) {
                if (bar != null) err.print("\r" + " ".repeat(consumer.getMaxRenderedLength()) + "\r");
                err.println(text);
                err.flush();
            }
            if (bar != null) bar.refresh();
        }

        @Override
        public void close() {
            if (bar != null) bar.close();
            bar = null;
        }
    }

    /** The bar's console output, under the display's lock. */
    final class LockedConsumer extends ConsoleProgressBarConsumer {
        private final PrintStream err;
        private final Object lock;

        LockedConsumer(PrintStream err, Object lock) {
            super(err);
            this.err = err;
            this.lock = lock;
        }

        @Override
        public void accept(String rendered) {
            synchronized (lock) {
                super.accept(rendered);
                err.flush();
            }
        }
    }
}
