package dev.perfport.cli;

/** Usage text of the command and of each subcommand. */
final class Help {
    private Help() {
    }

    static final String GLOBAL = """
              --format table|json|csv   output format (default table); json and csv keep stdout machine-readable
              --config key=value        a configuration override, e.g. --config perfport.backend=jocl:gpu
                                        (overrides -D, PERFPORT_* variables and perfport.properties)
              --verbose, -v             libraries' log messages (PF4J's) on stderr; otherwise they go
                                        to ~/.cache/perfport/perfport.log
              --help, -h                this help
            """;

    static final String SELECTORS = """
            Selectors: backend[:criterion,...] with criteria gpu|cpu|accelerator|custom, name=TEXT (or
            just TEXT), vendor=TEXT, index=N or just N; e.g. cell-emulation, jocl, jocl:gpu,
            jocl:name=H200, jocl:1, aparapi:jtp.
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
                  tune <workload>           tune a workload's parameters per device (hierarchical, exhaustive, random)
                  report <name>             run a study's sweeps and write its report: seed-000, seed-002, seed-003
                  bench emulator            the emulator's wall-time speed against a plain Java loop
                  help <command>            help on one command

                Options:
                """ + GLOBAL + "\n" + SELECTORS + """

                Exit codes: 0 every row verified; 1 a row failed verification or errored, or a
                report is incomplete (a plot not drawn; its Markdown and data are written);
                2 usage or configuration error (unknown backend, workload, variant, bad parameter,
                an output folder that cannot be written).
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
            case "tune" -> """
                    Usage: perfport tune <workload> [--backend SEL ...] [--variant V ...]
                           [--strategy hierarchical|exhaustive|random] [--budget N] [--seed N]
                           [--param k=v ...] [--format F]

                    Tunes a workload (var) on every device of every available backend, or on the
                    devices the selectors pick, and prints the best configuration per backend and
                    device; a progress bar runs on stderr. Strategies: hierarchical (default; the
                    thesis's method: posbs, simbs, vwidth one work-item at a time with the 97 % rule,
                    then wgsize, then ngroup, then a review that shrinks parameters while throughput
                    rises by more than 3 %, a gain measured time must confirm side by side with the
                    current point), exhaustive (every grid point) and random (--budget evaluations, default a
                    fifth of the grid, in the order of --seed). --param name=a,b,c replaces a tuned
                    parameter's grid (name=a fixes it); other --params set the workload's fixed
                    parameters. Results are kept in the tuning cache (perfport.tune.cache, default
                    ~/.cache/perfport/tune/tune-cache.json): a killed run resumes where it stopped,
                    and only unique evaluations count toward the budget.
                    """ + "\n" + SELECTORS;
            case "report" -> """
                    Usage: perfport report seed-000 [--backend SEL ...] [--param k=v ...] [--out DIR]

                    Runs the sweeps of seed 000 (variants, posbs with the Eq. 3 fit, vwidth with the
                    Eq. 5 fit, wgsize x ngroup, ngroup with the Eq. 8 fit, hierarchical tuning) on
                    every available device or those the selectors pick, and writes DIR/seed-000.md
                    with its plots in DIR/seed-000/ (default DIR: docs/results). Parameters (sizes of
                    the sweeps): see docs/results/seed-000.md.

                    Usage: perfport report seed-003 [--param k=v ...] [--out DIR]

                    Runs seed 003's Tables 2-5 (matmul alpha..epsilon, the Einstein@Home proxy, the
                    reduction, the scan) on the Cell/B.E. emulator at 1-6 SPEs and with the PPE,
                    and writes DIR/seed-003.md: the paper's times beside the modelled times, the
                    ratios side by side, the counters, and each shape PASS/FAIL against the paper
                    (2-4 minutes on two cores). Parameters: spes, parts (matmul,table,
                    reduction,scan), matmuln (768), matmultile (128), matmultileeps (64),
                    reductionn (2^25), reductionwg (16), sweepn, sweepwgs, scann (2^23), scanwg,
                    tablegroups, tableiters, cache (true).

                    Usage: perfport report <name> --from DIR[,DIR...] [--out DIR2]

                    Writes the report again from the measurements saved in DIR/<name>/data.json,
                    without measuring: on another machine (e.g. one with fonts for the plots), after
                    restyling, or after a run that stopped. Output goes to DIR, or to DIR2 (the data
                    is copied there). --backend and --param do not apply: the saved run's are used.
                    Several folders, separated by commas (--from A,B --out C), assemble the runs
                    of several machines into one seed-000 report (a selector both have is renamed
                    selector@2 in the second).

                    Every report checks that DIR is writable before it measures (else exit 2), saves
                    each sweep's rows to DIR/<name>/data.json as soon as the sweep ends (rewritten
                    atomically), writes the Markdown from that saved data, and draws the plots last.
                    A plot that cannot be drawn (e.g. no fonts on a headless machine) prints one
                    line naming the reason and leaves a note in the Markdown where it would be.
                    Exit code 1 when the report is incomplete (a plot not drawn, saved data of a run
                    that stopped) or a run failed; the Markdown and the data are still written.
                    """ + "\n" + SELECTORS;
            case "bench" -> """
                    Usage: perfport bench emulator [--param k=v ...]

                    Times the int32 sum of n elements (default 2^25) on this machine, in one JVM:
                    as a plain Java parallel stream (the reference), as a sequential loop, and as
                    the reduction kernel on the Cell/B.E. emulator with its software cache off
                    (perfport.cell-emulation.cache=false, the fast mode) and on. Each route gets
                    warm-ups, then the best of reps is kept (the emulator: launch time only, input
                    uploaded once); prints each best time and its ratio to the parallel loop.
                    Parameters: n (2^25), reps (10), warmups (5), wg (256), variant (static-local
                    or local-atomic), cache (off, on or both; default both).
                    """;
            case "help" -> """
                    Usage: perfport help [command]

                    Help on perfport or on one command.
                    """;
            default -> throw new UsageException("no help for '" + command + "'; commands: " + String.join(", ", Cli.COMMANDS));
        };
    }
}
