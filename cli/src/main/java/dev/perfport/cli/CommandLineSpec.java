package dev.perfport.cli;

import dev.perfport.cli.commands.ReportCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The grammar of the {@code perfport} command for picocli: one class per subcommand with the
 * options it takes, from which picocli parses and generates the help. The fields are only
 * declarations: {@link Cli#parse} reads the values from picocli's parse result, so that every
 * command is turned into one {@link Cli} record the same way. Descriptions and footers are format
 * strings: {@code %n} starts a paragraph, {@code %%} is a percent sign (a lone one makes picocli
 * print the text raw).
 */
final class CommandLineSpec {
    private CommandLineSpec() {
    }

    static final String SELECTORS = "%nSelectors: backend[:criterion,...] with criteria gpu|cpu|accelerator|custom, name=TEXT (or "
            + "just TEXT), vendor=TEXT, index=N or just N; e.g. cell-emulation, jocl, jocl:gpu, jocl:name=H200, jocl:1, aparapi:jtp.";

    static final String EXIT_CODES = "%nExit codes: 0 every row that could run verified (a row the route cannot run is unsupported, "
            + "with the reason, and no failure); 1 a row failed (a wrong result or an error), or a report is "
            + "incomplete (a plot not drawn; its Markdown and data are written); 2 usage or configuration error (unknown command, "
            + "option, backend, workload, variant, bad parameter, an output folder that cannot be written), with one line on "
            + "stderr naming the problem and what exists.";

    /** An example argument per command, for the error line of a missing one. */
    static final Map<String, String> EXAMPLES = Map.of("run", "reduction", "compare", "reduction", "tune", "var",
            "report", "seed-000", "bench", "emulator");

    /** Options of every command, before or after its name. */
    static final class Global {
        @Option(names = {"-f", "--format"}, paramLabel = "table|json|csv|t4",
                description = "output format (default table); json and csv keep stdout machine-readable; t4 (tune only) is "
                        + "Kernel Tuner's T4 results format")
        String format;

        @Option(names = {"-c", "--config"}, paramLabel = "key=value",
                description = "a configuration override, e.g. --config perfport.backend=jocl:gpu "
                        + "(overrides -D, PERFPORT_* variables and perfport.properties)")
        List<String> config;

        @Option(names = "--checked",
                description = "run OpenCL C and Aparapi kernels on Oclgrind with its memory, race and uninitialised-value checks "
                        + "(perfport.checked=true; docs/checked.md); a report fails its row with one line")
        boolean checked;

        @Option(names = {"-v", "--verbose"},
                description = "libraries' log messages (PF4J's) on stderr instead of the log file, ~/.cache/perfport/perfport.log")
        boolean verbose;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help")
        boolean help;
    }

    static final class Backends {
        @Option(names = {"-b", "--backend"}, paramLabel = "SEL",
                description = "a device selector (repeatable); a bare backend id means all its devices")
        List<String> backends;
    }

    static final class Variants {
        @Option(names = "--variant", paramLabel = "V", description = "a variant to run (repeatable); default: every variant")
        List<String> variants;
    }

    static final class Params {
        @Option(names = {"-p", "--param"}, paramLabel = "k=v",
                description = "a parameter (repeatable, each once); integers may be written 1048576, 2^20, 1M or 1_048_576")
        List<String> params;
    }

    static final class Warmup {
        @Option(names = "--warmup", paramLabel = "N", description = "untimed repetitions of each row before its timed ones "
                + "(1 to 100, default 1; the same as --param warmup=N): a route's compile at first launch, first-use allocation "
                + "and JIT fall there, never in a timed repetition")
        String warmup;
        @Option(names = "--stat", paramLabel = "median|best", description = "which timed repetition the row's times and "
                + "rates come from: the median of each time (default) or the fastest repetition; the row says which "
                + "(the same as --param stat=...). --param reps=auto repeats until the median's 95%% confidence interval "
                + "is within 2%% (at least 5, at most 200 repetitions, or 10 s of timed wall time)")
        String stat;
    }

    static final class Progress {
        @Option(names = "--progress", paramLabel = "auto|bar|plain",
                description = "progress on stderr: a progress bar (bar), one plain line per step (plain), or a bar "
                        + "only when the console is a terminal (auto, the default)")
        String progress;
    }

    @Command(name = "perfport", usageHelpWidth = 100, sortOptions = false, synopsisSubcommandLabel = "<command>",
            description = "Run the same data-parallel kernels through several Java routes to accelerators "
                    + "and show them measured side by side.",
            footer = {SELECTORS, EXIT_CODES, "%ncompare and tune also take --cluster MASTER (Apache Spark; docs/cluster.md).",
                    "%nSee 'perfport help <command>' for one command's options; every command and option: docs/cli.md. "
                    + "'perfport --version' prints the version, the git commit and the routes (backends) built in."},
            subcommands = {BackendsCmd.class, DevicesCmd.class, WorkloadsCmd.class, RunCmd.class, CompareCmd.class,
                    TuneCmd.class, ReportCmd.class, BenchCmd.class, RecommendCmd.class, HelpCmd.class})
    static final class Perfport {
        @Mixin Global global;
    }

    @Command(name = "backends", usageHelpWidth = 100, sortOptions = false,
            description = "The backends, their status and origin, and plugin problems.",
            footer = "%nLists every backend found on the classpath and in the plugins folder (perfport.plugins.dir, "
                    + "default <perfport.home>/plugins): its id, whether it is available (or why not), where it came from "
                    + "and how many devices it sees; then every plugin file that yielded no backend, with the reason.")
    static final class BackendsCmd {
        @Mixin Global global;
    }

    @Command(name = "devices", usageHelpWidth = 100, sortOptions = false,
            description = "Every device of the available backends, with its selector.",
            footer = {"%nDescribes every device of every available backend: its selector (e.g. jocl:0), name, vendor, "
                    + "type, compute units, work-group limits, each memory level (capacity, scope, host visibility, "
                    + "native/emulated/unsupported), each feature's support and the route's properties. --backend limits "
                    + "the list: a bare backend id gives all its devices, a selector with criteria the device it picks.",
                    SELECTORS})
    static final class DevicesCmd {
        @Mixin Backends backends;
        @Mixin Global global;
    }

    @Command(name = "workloads", usageHelpWidth = 100, sortOptions = false,
            description = "The workloads, their variants and parameters.",
            footer = "%nLists the workloads with their seed paper, variants, default parameters and what each parameter means.")
    static final class WorkloadsCmd {
        @Mixin Global global;
    }

    /** What run and compare take (picocli reads the declarations of a superclass too). */
    abstract static class RowsCmd {
        @Parameters(index = "0", paramLabel = "<workload>", description = "the workload, e.g. reduction (see 'perfport workloads')")
        String workload;
        @Mixin Backends backends;
        @Mixin Variants variants;
        @Mixin Params params;
        @Mixin Warmup warmup;
        @Mixin Progress progress;
        @Mixin Global global;
    }

    @Command(name = "run", usageHelpWidth = 100, sortOptions = false,
            description = "One workload on one device: --backend, else the configured perfport.backend (default cell-emulation).",
            footer = {"%nRuns every variant unless --variant names some. Parameters override the workload's defaults "
                    + "(see 'perfport workloads'). run takes one --backend; compare runs on several.", SELECTORS})
    static final class RunCmd extends RowsCmd {
    }

    @Command(name = "compare", usageHelpWidth = 100, sortOptions = false,
            description = "A workload on every device of every available backend, or on the devices the selectors pick.",
            footer = {"%nRuns every variant (or those named) and each of the workload's comparison cases (the reduction "
                    + "runs int and float unless --param type=... is given). One session per device, closed after its rows. "
                    + "Each row's progress goes to stderr.",
                    "%n--cluster MASTER: run the rows on Apache Spark (local[N] or spark://host:port), each on an executor "
                            + "that has its device; the output is a local run's. Needs the cluster add-on (built by "
                            + "'./mvnw -B -DskipTests package', or PERFPORT_CLUSTER_LIB); see docs/cluster.md.",
                    SELECTORS})
    static final class CompareCmd extends RowsCmd {
    }

    @Command(name = "tune", usageHelpWidth = 100, sortOptions = false,
            description = "Tune a workload's parameters per device and print the best configuration per backend and device.",
            footer = {"%nStrategies: hierarchical (the thesis's method: for var posbs, simbs, vwidth one work-item at a "
                    + "time with the 97 %% rule, then wgsize, then ngroup, then a review that shrinks parameters while "
                    + "throughput rises by more than 3 %%, a gain measured time must confirm side by side with the current "
                    + "point; each workload has its own stages), exhaustive (every valid grid point), random (--budget "
                    + "evaluations, default a fifth of the grid, drawn from the valid points in the order of --seed) and "
                    + "genetic (Kernel Tuner's genetic algorithm: a population bred from the best points by crossover and "
                    + "mutation to neighbouring values, starting from the workload's default; --budget evaluations, default "
                    + "100, --seed). Default: hierarchical for var and for spaces of at most 1000 valid points, genetic for "
                    + "larger ones. Only points that satisfy the workload's constraints (and the device's limits) are "
                    + "built; refusals are counted by kind (constraint, route-refused, compile-error, runtime-error, "
                    + "wrong-result). Where time is measured, a search's winner is measured again beside the runner-up, "
                    + "3 rounds each in turn, and the better median is kept (docs/tuning.md). --param name=a,b,c replaces a tuned parameter's grid (name=a fixes it); "
                    + "other --params set the workload's fixed parameters. Results are kept in the tuning cache "
                    + "(perfport.tune.cache, default ~/.cache/perfport/tune/tune-cache.json): a killed run resumes where it "
                    + "stopped, and only unique evaluations count toward the budget.",
                    "%nTunable workloads: var, gemm, trsm, reduction, scan, spmv, fft and convolution, each over its own "
                            + "knobs (see 'perfport workloads' and docs/workloads.md).",
                    "%n--cluster MASTER: run the evaluations on Apache Spark (local[N] or spark://host:port), batched per "
                            + "device fingerprint on executors that have the device; the results and the tuning cache are a "
                            + "local run's. Needs the cluster add-on (built by './mvnw -B -DskipTests package', or "
                            + "PERFPORT_CLUSTER_LIB); see docs/cluster.md. With --cluster, --speedup runs the same tuning "
                            + "again on one executor, without the cache, and reports the speed-up (Spark's start-up apart).", SELECTORS})
    static final class TuneCmd {
        @Parameters(index = "0", paramLabel = "<workload>", description = "a tunable workload: var, gemm, trsm, reduction, scan, spmv, fft or convolution")
        String workload;
        @Mixin Backends backends;
        @Mixin Variants variants;
        @Option(names = "--strategy", paramLabel = "hierarchical|exhaustive|random|genetic",
                description = "the search (default: genetic for more than 1000 valid points, else hierarchical; var: hierarchical)")
        String strategy;
        @Option(names = "--budget", paramLabel = "N", description = "evaluations of --strategy random (default a fifth of the grid) "
                + "or genetic (default 100)")
        String budget;
        @Option(names = "--seed", paramLabel = "N", description = "the random choices of --strategy random or genetic (default 1)")
        String seed;
        @Option(names = "--devices", paramLabel = "SEL,SEL,...", description = "one tuning run on several identical devices "
                + "together, each evaluating part of every batch; a device named twice gets two sessions "
                + "(e.g. cell-emulation:0,cell-emulation:0); instead of --backend")
        String devices;
        @Option(names = "--export", paramLabel = "FILE", description = "write each tuned row's best configuration as a "
                + "tuning-database entry to FILE (merged into a FILE already there), with its provenance; run and compare take "
                + "it with --config perfport.tune.database=FILE, and a device is contributed by sending it (docs/tuning.md)")
        String export;
        @Mixin Params params;
        @Mixin Progress progress;
        @Mixin Global global;
    }

    @Command(name = "report", usageHelpWidth = 100, sortOptions = false,
            description = "Run a study's sweeps and write its report, or write it again from saved data.",
            footer = {"%nseed-000: the variants, posbs with the Eq. 3 fit, vwidth with the Eq. 5 fit, wgsize x ngroup, "
                    + "ngroup with the Eq. 8 fit and hierarchical tuning on every available device or those the selectors "
                    + "pick; writes DIR/seed-000.md with its plots in DIR/seed-000/. Parameters (sizes of the sweeps): see "
                    + "docs/results/seed-000.md.",
                    "%nseed-001: GEMM tuned (--strategy random) against untuned over sizes in float and double, the parameters "
                            + "chosen per device with tuning time and evaluations, TRSM over its block size with launches and host "
                            + "synchronisations, where a TRSM's time goes (session open, compile, transfers, kernels), GEMM's %% of the "
                            + "measured flops peak and per watt, and every device's tuned GEMM and TRSM run on every other device as a "
                            + "fraction of that device's own; writes DIR/seed-001.md with its plots. Parameters: sizes (64,128,256,512), types "
                            + "(float,double), budget (24), tunesize (256), reps (2), trsmm (512), trsmn (64), nbs (8,16,32,64), seed (1), "
                            + "strategy (random), rounds (3), portsize (tunesize), flopsn (2048 per compute unit), flopsiters (4096).",
                    "%nseed-003: Tables 2-5 (matmul alpha..epsilon, the Einstein@Home proxy, the reduction, the scan) on the "
                            + "Cell/B.E. emulator at 1-6 SPEs and with the PPE; writes DIR/seed-003.md: the paper's times beside "
                            + "the modelled times, the ratios, the counters, and each shape PASS/FAIL against the paper (2-4 "
                            + "minutes on two cores); then its GPU half (Table 6, Figs. 9 and 10: the reduction against N, the "
                            + "static-work-group matmul over k, the scan) on every jocl device, or the OpenCL devices --backend picks "
                            + "(--backend cell-emulation picks the emulator's tables). Parameters: spes, parts "
                            + "(matmul,table,reduction,scan,gpu), matmuln (768), matmultile (128), matmultileeps (64), reductionn "
                            + "(2^25), reductionwg (16), sweepn, sweepwgs, scann (2^23), scanwg, tablegroups, tableiters, cache "
                            + "(true), gpusizes (auto: small on a CPU, large elsewhere), gpureps (5).",
                    "%nseed-002: the convolution ladder per filter size, lazy against eager transfers in a line-detection "
                            + "pipeline, tuned against untuned, the transfer strategies measured beside the fitted transfer model's "
                            + "prediction and its error, on every available device or those the selectors pick; writes "
                            + "DIR/seed-002.md with plots. Parameters: width, height (512), filters (3,5,9,17,33), tuneSize (256), "
                            + "tuneFilter (17), transferSize and transferFilter (2048 and 17; comma lists, one case each pair), chunks (4,16), "
                            + "reps (2), parts (ladder,lazy,tuning,strategies,study,filters: the sweeps to run); the filter study (part "
                            + "filters): filterWidths (3,7,11; thesis = 3..43 odd; a..b:step), filterHeights (same), filterImage (128), "
                            + "filterBudget (3), filterSpace (bw=16,32;bh=4,8;tx=1,2,4;ty=1), filterUnroll (auto, 0, 1), filterReps (1), "
                            + "filterCheckRows (16), filterPadSides (image,image+7), filterAblate (squares), filterStreamN (auto), "
                            + "filterDeadline (seconds, 0: none).",
                    "%nseed-004: seed 004's knobs on every available device or those the selectors pick: per workload and "
                            + "input the untuned portable kernel, each knob alone and all knobs tuned, as x untuned, %% of the "
                            + "streaming bandwidth measured in the same run (saxpy) and %% of a reference; writes DIR/seed-004.md "
                            + "with a plot per device. Parameters: matrices (comma-separated spmv matrices, default "
                            + "stencil2d:256x256,random:4096:0.01,powerlaw:2^16:8), ffts (fft cases N x batch, default "
                            + "512x256,16384x4), reps (2), seed (42), peakn (saxpy's elements, 2^23).",
                    "%n--from DIR[,DIR...] writes the report again from DIR/<name>/data.json without measuring, into DIR or "
                            + "--out DIR2 (the data is copied there); several folders assemble the runs of several machines "
                            + "into one report (a selector both have is renamed selector@2 in the second; seed-003's emulator tables "
                            + "come from the one run that has them). --backend and --param do not apply to it.",
                    "%nEvery report checks that DIR is writable before it measures (else exit 2), saves each sweep's rows to "
                            + "DIR/<name>/data.json as soon as the sweep ends, writes the Markdown from that saved data, and "
                            + "draws the plots last. A plot that cannot be drawn prints one line naming the reason. Exit code 1 "
                            + "when the report is incomplete or a run failed; the Markdown and the data are still written.",
                    SELECTORS})
    static final class ReportCmd {
        @Parameters(index = "0", paramLabel = "<name>", description = "the report's name (above)")
        String name;
        @Mixin Backends backends;
        @Mixin Params params;
        @Option(names = "--out", paramLabel = "DIR", description = "the report's folder (default docs/results, or the --from folder)")
        String out;
        @Option(names = "--from", paramLabel = "DIR[,DIR...]", description = "write the report from saved data, without measuring")
        String from;
        @Mixin Global global;
    }

    @Command(name = "bench", usageHelpWidth = 100, sortOptions = false,
            description = "The emulator's wall-time speed against a plain Java loop (bench emulator); the headline table on the GPU beside PyTorch (bench gpu).",
            footer = "%nTimes the int32 sum of n elements (default 2^25) on this machine, in one JVM: as a plain Java "
                    + "parallel stream (the reference), as a sequential loop, and as the reduction kernel on the Cell/B.E. "
                    + "emulator with its software cache off (perfport.cell-emulation.cache=false, the fast mode) and on. "
                    + "Each route gets warm-ups, then the best of reps is kept (the emulator: launch time only, input "
                    + "uploaded once); prints each best time and its ratio to the parallel loop. Parameters: n (2^25), "
                    + "reps (10), warmups (5), wg (256), variant (static-local or local-atomic), cache (off, on or both; "
                    + "default both).")
    static final class BenchCmd {
        @Parameters(index = "0", paramLabel = "<target>", description = "what to time: emulator, or gpu (the headline table "
                + "on the present GPU beside PyTorch: the device's limits (stream, flops) first, then every case through compare "
                + "on jocl:gpu and aparapi:gpu, or the routes --backend names, at config=auto with reps=auto, each row with its "
                + "%% of stream or %% of flops; writes its section of the GPU's page <model>.md and its data in <model>.json "
                + "under --out, default docs/results/gpu, keeping the rest; --param quick=1 for small sizes)")
        String target;
        @Mixin Backends backends;
        @Option(names = "--out", paramLabel = "DIR", description = "bench gpu: the folder of the GPU's page and data (default docs/results/gpu)")
        String out;
        @Mixin Params params;
        @Mixin Global global;
    }

    @Command(name = "recommend", usageHelpWidth = 100, sortOptions = false,
            description = "Name the transfer strategy the fitted model predicts fastest for a workload (seed 002 §6).",
            footer = {"%nperfport recommend transfers convolution: on each device (every available one, or those the "
                    + "selectors pick) fits the transfer model, measures the kernel time once with explicit copies, and "
                    + "prints the predicted best of explicit, mapped, streams and hybrid with every prediction. --param "
                    + "items are those of the workload convolution-transfers (width, height, fw, fh, chunks, ...). A "
                    + "backend that runs explicit copies only says so.", SELECTORS})
    static final class RecommendCmd {
        @Parameters(index = "0", paramLabel = "<what>", description = "what to recommend: transfers")
        String what;
        @Parameters(index = "1", arity = "0..1", paramLabel = "<workload>", description = "the workload: convolution")
        String workload;
        @Mixin Backends backends;
        @Mixin Params params;
        @Mixin Global global;
    }

    @Command(name = "help", usageHelpWidth = 100, sortOptions = false, description = "Help on perfport or on one command.")
    static final class HelpCmd {
        @Parameters(index = "0", arity = "0..1", paramLabel = "<command>", description = "the command")
        String topic;
        @Mixin Global global;
    }

    /** A fresh parser (picocli's state lives in its command objects). */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Perfport());
        // '@file' is an argument like any other, not a file of arguments
        cl.setExpandAtFiles(false);
        // the reports' names where they are kept, so that a new report is in the help at once
        cl.getSubcommands().get("report").getCommandSpec().usageMessage().description(
                "Run a study's sweeps and write its report (" + String.join(", ", ReportCommand.REPORTS)
                        + "), or write it again from saved data.");
        return cl;
    }

    /** The commands, in the order of the help. */
    static List<String> commands(CommandLine cl) {
        return List.copyOf(cl.getSubcommands().keySet());
    }

    /**
     * picocli's parse error as perfport's one line: the problem and what exists or where to look.
     */
    static String explain(CommandLine.ParameterException e) {
        CommandLine at = e.getCommandLine();
        CommandLine root = at;
        while (root.getParent() != null) root = root.getParent();
        String cmd = at == root ? null : at.getCommandName();
        String seeHelp = cmd == null ? "see 'perfport --help'" : "see 'perfport help " + cmd + "'";
        if (e instanceof CommandLine.OverwrittenOptionException o && o.getOverwritten() instanceof OptionSpec opt) {
            return opt.longestName() + " given twice";
        }
        if (e instanceof CommandLine.MissingParameterException m) {
            ArgSpec missing = m.getMissing().isEmpty() ? null : m.getMissing().getFirst();
            if (missing instanceof OptionSpec opt) return "option " + opt.longestName() + " needs a value";
            String label = missing == null ? "an argument" : "a " + missing.paramLabel().replaceAll("[<>]", "");
            String example = cmd == null ? null : EXAMPLES.get(cmd);
            return cmd + " needs " + label + (example == null ? "" : ", e.g. 'perfport " + cmd + " " + example + "'") + "; " + seeHelp;
        }
        if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            List<String> unmatched = u.getUnmatched();
            String first = unmatched.getFirst();
            if (first.startsWith("-") && first.length() > 1 && !first.matches("-\\d.*")) {
                String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
                // the cluster add-on's own option: it reads it, so a run without --cluster never reaches it
                if (name.equals("--speedup")) return "--speedup applies to 'tune' with --cluster MASTER (docs/cluster.md)";
                if (optionNames(root).contains(name)) {
                    return cmd == null ? "option " + name + " goes after the command it applies to, e.g. 'perfport compare reduction "
                            + name + " ...'; see 'perfport --help'"
                            : "option " + name + " does not apply to '" + cmd + "'; " + seeHelp;
                }
                return "unknown option '" + name + "'" + (cmd == null ? "" : " for '" + cmd + "'") + "; options: "
                        + String.join(", ", longNames(at));
            }
            if (cmd == null) return "unknown command '" + first + "'; commands: " + String.join(", ", commands(root));
            return "unexpected argument" + (unmatched.size() > 1 ? "s " : " ") + "'" + String.join(" ", unmatched)
                    + "' for '" + cmd + "'; " + seeHelp;
        }
        return e.getMessage();
    }

    /** Every option name of every command. */
    private static Set<String> optionNames(CommandLine root) {
        Set<String> s = new TreeSet<>();
        for (CommandLine c : root.getSubcommands().values()) {
            for (OptionSpec o : c.getCommandSpec().options()) s.addAll(List.of(o.names()));
        }
        return s;
    }

    private static List<String> longNames(CommandLine c) {
        Set<String> s = new LinkedHashSet<>();
        for (OptionSpec o : c.getCommandSpec().options()) s.add(o.longestName());
        return new ArrayList<>(s);
    }
}
