package dev.perfport.cli;

import dev.perfport.cli.format.Format;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parsed command line. picocli parses it against {@link CommandLineSpec} (the commands and
 * the options each takes); options of every command ({@code --format}, {@code --config},
 * {@code --verbose}, {@code --help}) may stand before or after the command, and every option
 * takes its value as the next argument or after '=' ({@code --format json}, {@code --format=json}).
 *
 * @param command    backends, devices, workloads, run, compare, tune, report, bench or help; null when none was given
 * @param positional arguments after the command that are not options (the workload, a help topic)
 * @param format     output format
 * @param config     {@code --config key=value} overrides, in order ({@code --checked} adds {@code perfport.checked=true})
 * @param backends   {@code --backend} selectors, in order
 * @param variants   {@code --variant} names, in order
 * @param params     {@code --param name=value} items, in order
 * @param help       {@code --help} or {@code -h} was given
 * @param options    command-specific options with a value, by canonical name without dashes
 *                   ({@code strategy}, {@code budget}, {@code seed} of tune; {@code out}, {@code from} of report;
 *                   {@code progress} of run, compare and tune; {@code warmup} and {@code stat} of run and compare)
 * @param verbose    {@code --verbose} or {@code -v}: libraries' log messages (PF4J's) go to stderr instead of the log file
 */
public record Cli(String command, List<String> positional, Format format, List<String> config,
                  List<String> backends, List<String> variants, List<String> params, boolean help,
                  Map<String, String> options, boolean verbose) {

    public static final List<String> COMMANDS = CommandLineSpec.commands(CommandLineSpec.commandLine());
    /** The options kept in {@link #options()}. */
    private static final List<String> VALUED = List.of("strategy", "budget", "seed", "devices", "out", "from", "progress", "warmup", "stat", "export");

    /** Parses {@code args}; a {@link UsageException} with one line names what is wrong. */
    public static Cli parse(String... args) {
        for (int i = 0; i < args.length; i++) if (args[i] == null) throw new UsageException("null argument at position " + i);
        ParseResult top;
        try {
            top = CommandLineSpec.commandLine().parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            throw new UsageException(CommandLineSpec.explain(e));
        }
        ParseResult sub = top.subcommand();
        List<ParseResult> both = sub == null ? List.of(top) : List.of(top, sub);
        String command = sub == null ? null : sub.commandSpec().name();
        List<String> positional = sub == null ? List.of() : sub.matchedPositionals().stream()
                .flatMap(p -> p.stringValues().stream()).toList();
        boolean help = both.stream().anyMatch(ParseResult::isUsageHelpRequested);

        String formatText = null;
        List<String> config = new ArrayList<>();
        boolean verbose = false;
        for (ParseResult r : both) {
            String f = r.matchedOptionValue("--format", null);
            if (f != null) {
                if (formatText != null) throw new UsageException("--format given twice");
                formatText = f;
            }
            config.addAll(r.matchedOptionValue("--config", List.<String>of()));
            if (r.matchedOptionValue("--checked", false)) config.add(dev.perfport.core.checked.CheckedMode.KEY + "=true");
            verbose |= r.matchedOptionValue("--verbose", false);
        }
        Format format = formatText == null ? Format.TABLE : Format.parse(formatText);
        List<String> backends = values(sub, "--backend");
        List<String> variants = values(sub, "--variant");
        List<String> params = values(sub, "--param");
        Map<String, String> options = new LinkedHashMap<>();
        if (sub != null) {
            for (String o : VALUED) {
                String v = sub.matchedOptionValue("--" + o, null);
                if (v != null) options.put(o, v);
            }
        }
        Cli cli = new Cli(command, positional, format, List.copyOf(config), backends, variants, params, help,
                Collections.unmodifiableMap(options), verbose);
        if (!help) cli.check();
        return cli;
    }

    private static List<String> values(ParseResult sub, String option) {
        return sub == null ? List.of() : List.copyOf(sub.matchedOptionValue(option, List.<String>of()));
    }

    /** The values picocli cannot judge: pairs, repeats, blanks, and one --backend for run. */
    private void check() {
        for (String kv : config) keyValue("--config", kv);
        List<String> names = new ArrayList<>();
        for (String kv : params) {
            String name = keyValue("--param", kv);
            int earlier = names.indexOf(name);
            if (earlier >= 0) {
                // the last one winning silently would run something other than asked
                throw new UsageException("--param " + name + " given twice ('" + params.get(earlier) + "' and '" + kv
                        + "'); give each parameter once (a list of values, where a command takes one: " + name + "=a,b,c)");
            }
            names.add(name);
        }
        if (backends.stream().anyMatch(String::isBlank)) throw new UsageException("--backend needs a selector, e.g. jocl:gpu");
        if (variants.stream().anyMatch(String::isBlank)) throw new UsageException("--variant needs a variant name");
        options.forEach((k, v) -> {
            if (v.isBlank()) throw new UsageException("--" + k + " needs a value");
        });
        if ("run".equals(command) && backends.size() > 1) {
            throw new UsageException("run takes one --backend; use compare to run on several");
        }
        if ("help".equals(command) && !positional.isEmpty() && !COMMANDS.contains(positional.getFirst())) {
            throw new UsageException("no help for '" + positional.getFirst() + "'; commands: " + String.join(", ", COMMANDS));
        }
    }

    /** The name of a {@code name=value} item. */
    private static String keyValue(String option, String value) {
        int eq = value.indexOf('=');
        if (eq <= 0) throw new UsageException(option + " takes name=value, got '" + value + "'");
        return value.substring(0, eq).trim();
    }

    /** The workload argument of run, compare and tune. */
    public String workload() {
        return positional.isEmpty() ? null : positional.getFirst();
    }

    /** The help of one command, or of perfport when {@code command} is null; generated by picocli from {@link CommandLineSpec}. */
    public static String usage(String command) {
        CommandLine cl = CommandLineSpec.commandLine();
        if (command != null) {
            CommandLine sub = cl.getSubcommands().get(command);
            if (sub == null) throw new UsageException("no help for '" + command + "'; commands: " + String.join(", ", COMMANDS));
            cl = sub;
        }
        return cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }
}
