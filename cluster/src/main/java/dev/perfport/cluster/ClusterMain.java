package dev.perfport.cluster;

import dev.perfport.cli.Cli;
import dev.perfport.cli.Context;
import dev.perfport.cli.Labels;
import dev.perfport.cli.Main;
import dev.perfport.cli.Records;
import dev.perfport.cli.UsageException;
import dev.perfport.cli.commands.ParamCheck;
import dev.perfport.cli.commands.ProgressBar;
import dev.perfport.cli.commands.RunCommand;
import dev.perfport.cli.commands.TuneCommand;
import dev.perfport.cli.format.Format;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.result.RowStatus;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.core.tune.TuneContext;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport tune … --cluster <master>} and {@code perfport compare … --cluster <master>}:
 * the same commands, options and output as a local run, with the work spread over a Spark
 * cluster. Also the main class of the job jar for spark-submit, where the master comes from
 * spark-submit and {@code --cluster} may be left out.
 *
 * <p>tune: one tuning run per distinct device (backend and fingerprint) of the cluster that the
 * selectors pick, and variant; its batches go to the executors that have that device, the
 * results into the local tuning cache as they arrive. compare: one task per device × variant ×
 * case, the rows in the order a local run prints them.
 */
public final class ClusterMain {
    private ClusterMain() {
    }

    public static void main(String[] args) {
        Main.exit(args, ClusterMain::run);
    }

    /** Runs one command line; returns the exit code (0 ok, 1 a row failed, 2 usage or configuration). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Main.guarded(out, err, () -> {
            List<String> rest = new ArrayList<>();
            String master = null;
            boolean speedup = false;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--speedup")) {
                    speedup = true;
                } else if (a.equals("--cluster") || a.startsWith("--cluster=")) {
                    if (master != null) throw new UsageException("--cluster given twice");
                    if (a.equals("--cluster")) {
                        if (i + 1 >= args.length) throw new UsageException("option --cluster needs a value, e.g. --cluster spark://host:7077");
                        master = args[++i];
                    } else {
                        master = a.substring("--cluster=".length());
                    }
                    if (master.isBlank()) throw new UsageException("--cluster needs a Spark master, e.g. local[2] or spark://host:7077");
                } else {
                    rest.add(a);
                }
            }
            if (master == null && System.getProperty("spark.master") == null) {
                throw new UsageException("no Spark master: give --cluster local[2] or --cluster spark://host:7077 (or run under spark-submit)");
            }
            Cli cli = Cli.parse(rest.toArray(String[]::new));
            if (cli.help() || cli.command() == null || !List.of("tune", "compare").contains(cli.command())) {
                throw new UsageException("--cluster applies to 'tune' and 'compare'" + (cli.command() == null ? "" : ", not '" + cli.command() + "'"));
            }
            if (speedup && !cli.command().equals("tune")) {
                throw new UsageException("--speedup applies to 'tune' (it measures the same tuning on one executor), not '" + cli.command() + "'");
            }
            Context ctx = Main.context(cli, out, err);
            Workload w = Workloads.get(cli.workload());
            String home = System.getProperty("perfport.home");
            Path addon = addonJar();
            Phases phases = new Phases();
            String m = master;
            try (SparkCluster cluster = phases.time("Spark start", () -> SparkCluster.open(m, ctx.config(), home == null ? null : Path.of(home), addon))) {
                err.println("perfport: Spark " + cluster.context().version() + " at " + cluster.context().master());
                int code = cli.command().equals("tune") ? tune(ctx, cluster, w, cli, speedup, phases) : compare(ctx, cluster, w, cli, phases);
                err.println("perfport: phases: " + phases);
                ExecutorWatch watch = ExecutorWatch.current();
                String failures = watch == null ? null : watch.failures();
                if (failures != null) err.println("perfport: Spark retried: " + failures);
                return code;
            }
        });
    }

    /** This add-on's jar (for the executors' class path), or null when run from classes. */
    private static Path addonJar() {
        try {
            Path jar = Path.of(ClusterMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(jar) ? jar : null;
        } catch (Exception e) {
            return null;
        }
    }

    // ---- tune -----------------------------------------------------------------------------

    static int tune(Context ctx, SparkCluster cluster, Workload w, Cli cli, boolean speedup, Phases phases) {
        if (!(w instanceof Tunable t)) {
            throw new ConfigException("workload '" + w.name() + "' cannot be tuned; tunable workloads: "
                    + String.join(", ", Workloads.all().stream().filter(x -> x instanceof Tunable).map(Workload::name).toList()));
        }
        Map<String, String> options = cli.options();
        String strategy = options.get("strategy");   // null: the workload's default for the space
        TuneCommand.checkStrategy(strategy, options);
        Integer budget = options.containsKey("budget") ? TuneCommand.intList("--budget", options.get("budget")).getFirst() : null;
        long seed = options.containsKey("seed") ? Params.parseLong("--seed", options.get("seed")) : 1;
        Map<String, List<Integer>> grid = new LinkedHashMap<>();
        List<String> fixedItems = new ArrayList<>();
        for (Map.Entry<String, String> e : Params.parse(cli.params()).asMap().entrySet()) {
            if (t.tunedParams().contains(e.getKey())) grid.put(e.getKey(), TuneCommand.intList(e.getKey(), e.getValue()));
            else fixedItems.add(e.getKey() + "=" + e.getValue());
        }
        Params fixed = t.tuningDefaults().with(ParamCheck.overrides(w, fixedItems));
        List<String> vs = cli.variants().isEmpty() ? List.of(t.defaultTuningVariant()) : ParamCheck.variants(w, cli.variants());

        TuneCache cache = TuneCommand.openCache(ctx.config());   // a corrupt cache stops the run before any work
        List<Wire.Device> devices = phases.time("device probe", () -> discover(ctx, cluster, cli.backends()));
        if (devices.isEmpty()) {
            ctx.err().println("perfport: no device to tune on: no executor has a device the selectors pick (see 'perfport devices' on a worker)");
            return 1;
        }
        List<TuneCommand.Row> rows = new ArrayList<>();
        List<Map<String, Object>> reports = new ArrayList<>();
        for (Wire.Device d : devices) {
            for (String v : vs) {
                Wire.Job job = new Wire.Job(cluster.settings(), w.name(), v, new LinkedHashMap<>(fixed.asMap()), copy(grid), "");
                String what = d.selector() + " " + v;
                // made once the problem is known (a terminal's bar starts drawing when made)
                ProgressBar bar = null;
                long size = 0;
                Map<String, Object> report = new LinkedHashMap<>();
                try {
                    SparkCluster.Tuning p = phases.time("problem " + what, () -> cluster.problem(job, d));
                    size = p.space().gridSize();
                    bar = new ProgressBar(ctx, what + " (cluster)", p.objective().metric());
                    // as tune does locally: a modelled objective (the workloads name it "modelled ...") is not re-measured
                    int confirm = p.objective().metric().startsWith("modelled") ? 0 : Tuner.CONFIRM_ROUNDS;
                    TuneContext tc = new TuneContext(d.backend(), d.fingerprint().toCore(), p.kernelHash(), p.fixed());
                    ExecutorsUsed used = new ExecutorsUsed();
                    long t0 = System.nanoTime();
                    TuneResult r = new Tuner(p.space(), p.objective(), cluster.evaluator(job, d, used))
                            .confirmRounds(confirm).cache(cache, tc).listener(bar).run(strategy(strategy, t, p, budget, seed));
                    double seconds = (System.nanoTime() - t0) / 1e9;
                    phases.add("tuning " + what, seconds);
                    bar.done();
                    // the tuning's own time, without starting Spark and the executors: the speed-up figure
                    ctx.err().println(String.format(Locale.ROOT, "perfport: %s: %d evaluations (%d measured) in %.1f s on %d executor%s",
                            what, r.evaluations(), r.measured(), seconds, used.size(), used.size() == 1 ? "" : "s"));
                    for (String l : used.lines("evaluation")) ctx.err().println("perfport:   " + l);
                    report.put("executors", used.json());
                    report.put("tuningSeconds", round(seconds));
                    if (speedup) report.putAll(baseline(ctx, cluster, job, d, t, p, strategy, budget, seed, confirm, r, seconds, used.size(), phases));
                    rows.add(new TuneCommand.Row(d.selector(), d.backend(), d.name(), v, r, size,
                            r.best() == null ? r.noneValid() : null));
                    reports.add(report);
                } catch (ConfigException e) {
                    if (bar != null) bar.done();
                    throw e;
                } catch (RuntimeException e) {
                    if (bar != null) bar.done();
                    ConfigException bad = configCause(e);
                    if (bad != null) throw bad;
                    rows.add(new TuneCommand.Row(d.selector(), d.backend(), d.name(), v, null, size, RunCommand.describe(e)));
                    reports.add(report);
                }
            }
        }
        if (ctx.format() == Format.JSON) {
            // a local run's rows, each with what the cluster did for it: the executors and devices its tasks reported, the phases
            List<Map<String, Object>> json = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Map<String, Object> m = TuneCommand.record(w.name(), rows.get(i));
                reports.get(i).put("phases", phases.json());
                m.put("cluster", reports.get(i));
                json.add(m);
            }
            ctx.out().println(Json.write(json));
        } else {
            TuneCommand.print(ctx, w, strategy, rows, cache.file());
            if (ctx.format() == Format.TABLE) {
                for (int i = 0; i < rows.size(); i++) {
                    ctx.out().println("\n" + rows.get(i).selector() + " " + rows.get(i).variant() + " on the cluster:");
                    reports.get(i).forEach((k, v) -> ctx.out().println("  " + k + ": " + v));
                }
                ctx.out().println("\nphases: " + phases);
            }
        }
        return rows.stream().allMatch(r -> r.result() != null && r.result().best() != null) ? 0 : 1;
    }

    private static Strategy strategy(String name, Tunable t, SparkCluster.Tuning p, Integer budget, long seed) {
        // known-good points need the device's description, which the driver has not: the default seeds the genetic search
        return TuneCommand.strategy(name, t, p.space(), p.hierarchy(), List.of(), budget, seed);
    }

    /**
     * The same tuning again, each batch as one task on one executor, without the cache (which now holds every
     * configuration) and on sessions of its own (no program the spread run compiled in them): its time against the
     * spread run's is the speed-up, both without Spark's start-up; its best configuration is the one a single GPU
     * finds from the same evaluations.
     */
    private static Map<String, Object> baseline(Context ctx, SparkCluster cluster, Wire.Job job, Wire.Device d, Tunable t, SparkCluster.Tuning p,
                                                String strategy, Integer budget, long seed, int confirm, TuneResult spread, double spreadSeconds,
                                                int executors, Phases phases) {
        String what = d.selector() + " " + job.variant();
        ExecutorsUsed one = new ExecutorsUsed();
        long t0 = System.nanoTime();
        TuneResult r = new Tuner(p.space(), p.objective(), cluster.oneExecutor(job.withSessions("one executor"), d, one))
                .confirmRounds(confirm).run(strategy(strategy, t, p, budget, seed));
        double seconds = (System.nanoTime() - t0) / 1e9;
        phases.add("one-executor tuning " + what, seconds);
        boolean same = spread.best() != null && r.best() != null && spread.best().values().equals(r.best().values());
        double x = seconds / spreadSeconds;
        ctx.err().println(String.format(Locale.ROOT, "perfport: speed-up of %s: %.2fx (%d evaluations in %.1f s on %d executors, %d in %.1f s on one)",
                what, x, spread.evaluations(), spreadSeconds, executors, r.evaluations(), seconds));
        for (String l : one.lines("evaluation")) ctx.err().println("perfport:   one executor: " + l);
        ctx.err().println("perfport: best on one executor: " + (r.best() == null ? "none" : r.best() + " = " + r.bestValue())
                + (same ? ", the same configuration as on all of them" : "; on all of them: " + spread.best() + " = " + spread.bestValue()));
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("seconds", round(seconds));
        b.put("evaluations", r.evaluations());
        b.put("best", r.best() == null ? null : new LinkedHashMap<>(r.best().values()));
        b.put("value", r.best() == null ? null : r.bestValue());
        b.put("sameBest", same);
        b.put("executors", one.json());
        m.put("oneExecutor", b);
        m.put("speedup", Math.round(x * 1000) / 1000.0);
        return m;
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    /** The cluster's devices that the selectors pick, after a line saying which executors there are. */
    private static List<Wire.Device> discover(Context ctx, SparkCluster cluster, List<String> selectors) {
        List<Wire.Device> devices = cluster.discover(selectors);
        ctx.err().println("perfport: " + cluster.executors() + "; devices: "
                + String.join(", ", devices.stream().map(d -> d.selector() + " " + d.name()).toList()));
        return devices;
    }

    /** A bad parameter found on an executor reaches the driver wrapped in Spark's exception: still exit code 2. */
    private static ConfigException configCause(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof ConfigException ce) return ce;
            if (c.getCause() == c) break;
        }
        String m = String.valueOf(e.getMessage());
        int at = m.indexOf(ConfigException.class.getName() + ": ");
        if (at >= 0) {
            String line = m.substring(at + ConfigException.class.getName().length() + 2).lines().findFirst().orElse("");
            return new ConfigException(line);
        }
        return null;
    }

    private static Map<String, List<Integer>> copy(Map<String, List<Integer>> grid) {
        Map<String, List<Integer>> m = new LinkedHashMap<>();
        grid.forEach((k, v) -> m.put(k, new ArrayList<>(v)));
        return m;
    }

    // ---- compare --------------------------------------------------------------------------

    /** The driver's tuning cache as text, for the executors; null where there is none. */
    private static String driverCache(Context ctx) {
        java.nio.file.Path f = TuneCommand.cachePath(ctx.config());
        try {
            return java.nio.file.Files.isRegularFile(f) ? java.nio.file.Files.readString(f) : null;
        } catch (java.io.IOException e) {
            throw new ConfigException("cannot read the tuning cache " + f + " to send it to the executors: " + e.getMessage());
        }
    }

    static int compare(Context ctx, SparkCluster cluster, Workload w, Cli cli, Phases phases) {
        List<String> vs = cli.variants().isEmpty() ? w.variants() : ParamCheck.variants(w, cli.variants());
        Params overrides = ParamCheck.ownKnobs(w, ParamCheck.overrides(w, RunCommand.withMeasurement(cli.params(), cli.options())));
        List<Params> cases = new ArrayList<>();
        for (Params p : w.compareCases(overrides)) cases.add(ParamCheck.normalize(w, p));
        List<Wire.Device> devices = phases.time("device probe", () -> discover(ctx, cluster, cli.backends()));
        if (devices.isEmpty()) {
            ctx.err().println("perfport: no device to run on: no executor has a device the selectors pick");
            return 1;
        }
        List<Wire.RowTask> tasks = new ArrayList<>();
        for (Wire.Device d : devices) {
            for (String v : vs) for (Params p : w.casesOf(v, cases)) tasks.add(new Wire.RowTask(tasks.size(), d, v, new LinkedHashMap<>(p.asMap())));
        }
        Records.Row[] rows = new Records.Row[tasks.size()];
        int[] done = {0};
        ExecutorsUsed used = new ExecutorsUsed();
        long t0 = System.nanoTime();
        try {
            cluster.rows(w.name(), tasks, driverCache(ctx), r -> {
                RunResult res = r.toCore();
                // a row that arrived already would be counted twice: Spark hands over one attempt per task
                if (rows[r.index()] != null) throw new IllegalStateException("row " + r.index() + " reported twice");
                rows[r.index()] = new Records.Row(r.selector(), res, r.environment());
                used.add(r.ran(), 1);
                done[0]++;
                StringBuilder ps = new StringBuilder();
                res.params().forEach((k, v) -> ps.append(' ').append(k).append('=').append(v));
                ctx.err().println("[" + done[0] + "/" + rows.length + "] " + r.selector() + " " + res.variant() + ps + " on " + r.ran().where() + ": "
                        + (res.ok() ? "ok, " + Labels.millis(res.wallNanos()) + " ms"
                                : "FAILED: " + Table.cut(String.valueOf(res.error()).replaceAll("\\s+", " "), 120)));
            });
        } catch (RuntimeException e) {
            ConfigException bad = configCause(e);
            if (bad != null) throw bad;
            // the job failed (e.g. a task failed on every attempt): the rows without a result say why
            for (int i = 0; i < rows.length; i++) {
                if (rows[i] != null) continue;
                Wire.RowTask t = tasks.get(i);
                rows[i] = new Records.Row(t.device().selector(), RunResult.failed(t.device().backend(), t.device().name(), w.name(),
                        t.variant(), t.params(), "the cluster gave no result: " + RunCommand.describe(e)));
            }
        }
        phases.add("rows", (System.nanoTime() - t0) / 1e9);
        ctx.err().println("perfport: rows ran on " + used.size() + (used.size() == 1 ? " executor:" : " executors:"));
        for (String l : used.lines("row")) ctx.err().println("perfport:   " + l);
        RunCommand.RowPrinter.print(ctx, w, Arrays.asList(rows));
        return Arrays.stream(rows).allMatch(r -> r.ok() || r.result().status() == RowStatus.UNSUPPORTED) ? 0 : 1;
    }
}
