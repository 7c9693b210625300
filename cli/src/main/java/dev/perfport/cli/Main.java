package dev.perfport.cli;

import dev.perfport.cli.commands.BackendsCommand;
import dev.perfport.cli.commands.BenchCommand;
import dev.perfport.cli.commands.Command;
import dev.perfport.cli.commands.DevicesCommand;
import dev.perfport.cli.commands.RecommendCommand;
import dev.perfport.cli.commands.ReportCommand;
import dev.perfport.cli.commands.RunCommand;
import dev.perfport.cli.commands.TuneCommand;
import dev.perfport.cli.commands.WorkloadsCommand;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The {@code perfport} command: parses the command line ({@link Cli}, with picocli) and runs the
 * command it names. Exit codes: 0 when every row verified, 1 when a row failed
 * verification or errored (or a backend named explicitly is unavailable), 2 for usage and
 * configuration errors, with one line on stderr that lists what exists.
 */
public final class Main {
    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    private Main() {
    }

    public static void main(String[] args) {
        Logging.configure(Logging.verbose(args));
        exit(args, Main::run);
    }

    /** A command line's entry point: runs it, writing to {@code out} and {@code err}, and returns the exit code. */
    @FunctionalInterface
    public interface Entry {
        int run(String[] args, PrintStream out, PrintStream err);
    }

    /** The body of a command line: its exit code, or one of the exceptions {@link #guarded} turns into one. */
    @FunctionalInterface
    public interface Body {
        int run();
    }

    /** Runs {@code entry} on stdout and stderr, then exits the JVM with its code (the {@code main} of perfport and of the cluster add-on). */
    public static void exit(String[] args, Entry entry) {
        // UTF-8 whatever the locale: device names and JSON may hold any character
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        int code = entry.run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs one command line, writing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return guarded(out, err, () -> {
            // the cluster add-on (Spark) parses the rest; see ClusterHandOff
            if (args.length == 1 && ("--version".equals(args[0]) || "-V".equals(args[0]))) {
                out.print(Version.text());
                return OK;
            }
            if (ClusterHandOff.wanted(args)) return ClusterHandOff.run(args, out, err);
            Cli cli = Cli.parse(args);
            if (cli.help() || "help".equals(cli.command())) {
                String topic = cli.help() ? cli.command() : cli.positional().isEmpty() ? null : cli.positional().getFirst();
                out.print(Cli.usage(topic));
                out.flush();
                return OK;
            }
            if (cli.command() == null) {
                err.print(Cli.usage(null));
                return USAGE;
            }
            Context ctx = context(cli, out, err);
            Command command = switch (cli.command()) {
                case "backends" -> new BackendsCommand();
                case "devices" -> new DevicesCommand(cli.backends());
                case "workloads" -> new WorkloadsCommand();
                case "run", "compare" -> new RunCommand(cli.command().equals("compare"), cli.workload(),
                        cli.backends(), cli.variants(), RunCommand.withMeasurement(cli.params(), cli.options()));
                case "tune" -> new TuneCommand(cli.workload(), cli.backends(), cli.variants(), cli.params(), cli.options());
                case "report" -> new ReportCommand(cli.workload(), cli.backends(), cli.params(), cli.options());
                case "bench" -> new BenchCommand(cli.workload(), cli.params(), cli.backends(), cli.options().get("out"));
                case "recommend" -> new RecommendCommand(cli.positional(), cli.backends(), cli.params());
                default -> throw new UsageException("unknown command '" + cli.command() + "'");
            };
            int code = command.execute(ctx);
            out.flush();
            return code;
        });
    }

    /**
     * What a command runs with: the configuration with the command line's {@code --config}
     * items over it, checked, and {@code --progress} (a bar on a terminal, else plain lines).
     */
    public static Context context(Cli cli, PrintStream out, PrintStream err) {
        if (cli.format() == dev.perfport.cli.format.Format.T4 && !"tune".equals(cli.command())) {
            throw new UsageException("--format t4 (Kernel Tuner's T4 results) is for tune only; " + cli.command()
                    + " writes table, json or csv");
        }
        PerfportConfig config = PerfportConfig.load();
        for (String kv : cli.config()) {
            int eq = kv.indexOf('=');
            String key = kv.substring(0, eq).trim();
            if (!key.startsWith("perfport.")) {
                throw new UsageException("--config key '" + key + "' must start with 'perfport.' (e.g. perfport." + key + ")");
            }
            config = config.with(key, kv.substring(eq + 1).trim());
        }
        Context ctx = new Context(config, cli.format(), out, err, ProgressMode.parse(cli.options().get("progress")).bar());
        SettingsCheck.check(config, ctx::registry).ifPresent(w -> err.println("perfport: " + w));
        return ctx;
    }

    /**
     * Runs {@code body} and turns what it throws into one line on {@code err} and an exit code:
     * {@link #USAGE} for usage and configuration errors, {@link #FAILED} for other perfport
     * errors and for bugs (these with their stack trace).
     */
    public static int guarded(PrintStream out, PrintStream err, Body body) {
        try {
            return body.run();
        } catch (UsageException | ConfigException e) {
            err.println("perfport: " + oneLine(e.getMessage()));
            return USAGE;
        } catch (PerfportException e) {
            err.println("perfport: " + oneLine(e.getMessage()));
            return FAILED;
        } catch (RuntimeException e) {
            // a bug, not bad input: show where
            err.println("perfport: internal error: " + e);
            e.printStackTrace(err);
            return FAILED;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ");
    }
}
