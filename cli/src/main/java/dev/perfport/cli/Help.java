package dev.perfport.cli;

/** Usage text of the command and of each subcommand. */
final class Help {
    private Help() {
    }

    static final String GLOBAL = """
              --format table|json|csv   output format (default table); json and csv keep stdout machine-readable
              --config key=value        a configuration override, e.g. --config perfport.backend=jocl:gpu
                                        (overrides -D, PERFPORT_* variables and perfport.properties)
              --help, -h                this help
            """;

    static final String SELECTORS = """
            Selectors: backend[:criterion,...] with criteria gpu|cpu|accelerator|custom, name=TEXT,
            vendor=TEXT, index=N or just N; e.g. cell-emulation, jocl, jocl:gpu, jocl:name=H200, jocl:1.
            """;

    static String usage() {
        return """
                perfport - run the same data-parallel kernels through several Java routes to accelerators
                and show them measured side by side.

                Usage: perfport [options] <command> [arguments]

                Commands:
                  backends                  the backends, their status and origin, and plugin problems
                  devices [--backend SEL]   every device of the available backends, with its selector
                  workloads                 the workloads, their variants and parameters
                  run <workload>            one workload on the configured backend (perfport.backend)
                  compare <workload>        a workload on every device of every available backend
                  help <command>            help on one command

                Options:
                """ + GLOBAL + "\n" + SELECTORS + """

                Exit codes: 0 every row verified; 1 a row failed verification or errored;
                2 usage or configuration error (unknown backend, workload, variant, bad parameter).
                """;
    }

    static String of(String command) {
        return switch (command) {
            case "backends" -> """
                    Usage: perfport backends [--format F]

                    Lists every backend found on the classpath and in the plugins folder
                    (perfport.plugins.dir, default <perfport.home>/plugins): its id, whether it is
                    available (or why not), where it came from and how many devices it sees; then
                    every plugin file that yielded no backend, with the reason.
                    """;
            case "devices" -> """
                    Usage: perfport devices [--backend SEL ...] [--format F]

                    Describes every device of every available backend: its selector (e.g. jocl:0),
                    name, vendor, type, compute units, work-group limits, each memory level
                    (capacity, scope, host visibility, native/emulated/unsupported), each feature's
                    support and the route's properties. --backend limits the list: a bare backend
                    id gives all its devices, a selector with criteria the device it picks.
                    """ + "\n" + SELECTORS;
            case "workloads" -> """
                    Usage: perfport workloads [--format F]

                    Lists the workloads with their seed paper, variants, default parameters and
                    what each parameter means.
                    """;
            case "run" -> """
                    Usage: perfport run <workload> [--backend SEL] [--variant V ...] [--param k=v ...] [--format F]

                    Runs a workload on one device: --backend, else the configured perfport.backend
                    (default cell-emulation). Runs every variant unless --variant names some.
                    Parameters override the workload's defaults (see 'perfport workloads');
                    integers may be written 1048576, 2^20, 1M or 1_048_576.
                    """ + "\n" + SELECTORS;
            case "compare" -> """
                    Usage: perfport compare <workload> [--backend SEL ...] [--variant V ...] [--param k=v ...] [--format F]

                    Runs a workload on every device of every available backend, or on the devices
                    that the --backend selectors pick (a bare backend id: all its devices), for
                    every variant (or those named) and each of the workload's comparison cases
                    (the reduction runs int and float unless --param type=... is given). One
                    session per device, closed after its rows.
                    """ + "\n" + SELECTORS;
            case "help" -> """
                    Usage: perfport help [command]

                    Help on perfport or on one command.
                    """;
            default -> throw new UsageException("no help for '" + command + "'; commands: " + String.join(", ", Cli.COMMANDS));
        };
    }
}
