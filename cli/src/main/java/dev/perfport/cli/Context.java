package dev.perfport.cli;

import dev.perfport.cli.format.Format;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;

import java.io.PrintStream;

/**
 * What a command runs with: the effective configuration, the output format and the two streams.
 * stdout carries only the command's output (so JSON and CSV stay parseable); notes, progress
 * and errors go to stderr.
 *
 * @param progressBar long runs draw a progress bar on stderr ({@code --progress}, by default on a
 *                    terminal only); otherwise their progress is plain text, line by line
 */
public record Context(PerfportConfig config, Format format, PrintStream out, PrintStream err, boolean progressBar) {

    /** Plain-text progress. */
    public Context(PerfportConfig config, Format format, PrintStream out, PrintStream err) {
        this(config, format, out, err, false);
    }

    /** The backends, discovered once per JVM and plugins folder. */
    public BackendRegistry registry() {
        return BackendRegistry.shared(config);
    }
}
