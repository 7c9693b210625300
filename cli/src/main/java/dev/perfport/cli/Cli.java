package dev.perfport.cli;

import dev.perfport.cli.format.Format;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parsed command line. Options may stand before or after the command and take their value
 * as the next argument or after '=' ({@code --format json}, {@code --format=json}).
 *
 * @param command    backends, devices, workloads, run, compare, tune, report or help; null when none was given
 * @param positional arguments after the command that are not options (the workload, a help topic)
 * @param format     output format
 * @param config     {@code --config key=value} overrides, in order
 * @param backends   {@code --backend} selectors, in order
 * @param variants   {@code --variant} names, in order
 * @param params     {@code --param name=value} items, in order
 * @param help       {@code --help} or {@code -h} was given
 * @param verbose    {@code --verbose} or {@code -v}: libraries' log messages (PF4J's) go to stderr instead of the log file
 * @param options    command-specific options with a value, by canonical name without dashes
 *                   ({@code strategy}, {@code budget}, {@code seed} of tune; {@code out}, {@code from} of report)
 */
public record Cli(String command, List<String> positional, Format format, List<String> config,
                  List<String> backends, List<String> variants, List<String> params, boolean help,
                  Map<String, String> options, boolean verbose) {

    public static final List<String> COMMANDS = List.of("backends", "devices", "workloads", "run", "compare", "tune", "report", "bench", "help");

    public static Cli parse(String... args) {
        String command = null;
        List<String> positional = new ArrayList<>();
        Format format = Format.TABLE;
        List<String> config = new ArrayList<>();
        List<String> backends = new ArrayList<>();
        List<String> variants = new ArrayList<>();
        List<String> params = new ArrayList<>();
        boolean help = false;
        boolean verbose = false;
        boolean formatSeen = false;
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a == null) throw new UsageException("null argument at position " + i);
            if (a.equals("--help") || a.equals("-h")) {
                help = true;
                continue;
            }
            if (a.equals("--verbose") || a.equals("-v")) {
                verbose = true;
                continue;
            }
            if (a.startsWith("-") && a.length() > 1 && !isNumber(a)) {
                String name = a;
                String value = null;
                int eq = a.indexOf('=');
                if (a.startsWith("--") && eq > 0) {
                    name = a.substring(0, eq);
                    value = a.substring(eq + 1);
                }
                String canonical = switch (name) {
                    case "--format", "-f" -> "--format";
                    case "--config", "-c" -> "--config";
                    case "--backend", "-b" -> "--backend";
                    case "--variant" -> "--variant";
                    case "--param", "-p" -> "--param";
                    case "--strategy", "--budget", "--seed", "--devices", "--out", "--from" -> name;
                    default -> throw new UsageException("unknown option '" + name
                            + "'; options: --format, --config, --backend, --variant, --param, --strategy, --budget, --seed, --devices, --out, --from, --verbose, --help");
                };
                if (value == null) {
                    if (i + 1 >= args.length) throw new UsageException("option " + canonical + " needs a value");
                    value = args[++i];
                }
                switch (canonical) {
                    case "--format" -> {
                        if (formatSeen) throw new UsageException("--format given twice");
                        formatSeen = true;
                        format = Format.parse(value);
                    }
                    case "--config" -> {
                        checkKeyValue("--config", value);
                        config.add(value);
                    }
                    case "--backend" -> {
                        if (value.isBlank()) throw new UsageException("--backend needs a selector, e.g. jocl:gpu");
                        backends.add(value);
                    }
                    case "--variant" -> {
                        if (value.isBlank()) throw new UsageException("--variant needs a variant name");
                        variants.add(value);
                    }
                    case "--param" -> {
                        checkKeyValue("--param", value);
                        String pname = value.substring(0, value.indexOf('=')).trim();
                        for (String earlier : params) {
                            if (earlier.substring(0, earlier.indexOf('=')).trim().equals(pname)) {
                                // the last one winning silently would run something other than asked
                                throw new UsageException("--param " + pname + " given twice ('" + earlier + "' and '" + value
                                        + "'); give each parameter once (a list of values, where a command takes one: "
                                        + pname + "=a,b,c)");
                            }
                        }
                        params.add(value);
                    }
                    case "--strategy", "--budget", "--seed", "--devices", "--out", "--from" -> {
                        if (value.isBlank()) throw new UsageException(canonical + " needs a value");
                        if (options.put(canonical.substring(2), value) != null) throw new UsageException(canonical + " given twice");
                    }
                    default -> throw new IllegalStateException(canonical);
                }
                continue;
            }
            if (command == null) {
                if (!COMMANDS.contains(a)) {
                    throw new UsageException("unknown command '" + a + "'; commands: " + String.join(", ", COMMANDS));
                }
                command = a;
            } else {
                positional.add(a);
            }
        }
        Cli cli = new Cli(command, List.copyOf(positional), format, List.copyOf(config), List.copyOf(backends),
                List.copyOf(variants), List.copyOf(params), help, Collections.unmodifiableMap(options), verbose);
        if (!help) cli.check();
        return cli;
    }

    private static boolean isNumber(String a) {
        return a.matches("-\\d.*");
    }

    private static void checkKeyValue(String option, String value) {
        int eq = value.indexOf('=');
        if (eq <= 0) throw new UsageException(option + " takes name=value, got '" + value + "'");
    }

    /** Checks that the options and arguments given apply to the command. */
    private void check() {
        if (command == null) {
            if (!positional.isEmpty() || !backends.isEmpty() || !variants.isEmpty() || !params.isEmpty() || !options.isEmpty()) {
                throw new UsageException("no command given; commands: " + String.join(", ", COMMANDS));
            }
            return;
        }
        Set<String> allowed = switch (command) {
            case "devices" -> Set.of("--backend");
            case "run", "compare" -> Set.of("--backend", "--variant", "--param");
            case "tune" -> Set.of("--backend", "--variant", "--param", "--strategy", "--budget", "--seed", "--devices");
            case "report" -> Set.of("--backend", "--param", "--out", "--from");
            case "bench" -> Set.of("--param");
            default -> Set.of();
        };
        for (String o : options.keySet()) if (!allowed.contains("--" + o)) notFor("--" + o);
        if (!backends.isEmpty() && !allowed.contains("--backend")) notFor("--backend");
        if (!variants.isEmpty() && !allowed.contains("--variant")) notFor("--variant");
        if (!params.isEmpty() && !allowed.contains("--param")) notFor("--param");
        switch (command) {
            case "run", "compare" -> {
                if (positional.isEmpty()) {
                    throw new UsageException(command + " needs a workload, e.g. 'perfport " + command + " reduction'; see 'perfport workloads'");
                }
                if (positional.size() > 1) extra(positional.subList(1, positional.size()));
                if (command.equals("run") && backends.size() > 1) {
                    throw new UsageException("run takes one --backend; use compare to run on several");
                }
            }
            case "bench" -> {
                if (positional.isEmpty()) throw new UsageException("bench needs a target, e.g. 'perfport bench emulator'");
                if (positional.size() > 1) extra(positional.subList(1, positional.size()));
            }
            case "tune", "report" -> {
                if (positional.isEmpty()) {
                    throw new UsageException(command.equals("tune") ? "tune needs a workload, e.g. 'perfport tune var'"
                            : "report needs a report name, e.g. 'perfport report seed-000'");
                }
                if (positional.size() > 1) extra(positional.subList(1, positional.size()));
            }
            case "help" -> {
                if (positional.size() > 1) extra(positional.subList(1, positional.size()));
                if (!positional.isEmpty() && !COMMANDS.contains(positional.getFirst())) {
                    throw new UsageException("no help for '" + positional.getFirst() + "'; commands: " + String.join(", ", COMMANDS));
                }
            }
            default -> {
                if (!positional.isEmpty()) extra(positional);
            }
        }
    }

    private void notFor(String option) {
        throw new UsageException("option " + option + " does not apply to '" + command + "'; see 'perfport help " + command + "'");
    }

    private void extra(List<String> args) {
        throw new UsageException("unexpected argument" + (args.size() > 1 ? "s " : " ") + "'" + String.join(" ", args)
                + "' for '" + command + "'; see 'perfport help " + command + "'");
    }

    /** The workload argument of run and compare. */
    public String workload() {
        return positional.isEmpty() ? null : positional.getFirst();
    }
}
