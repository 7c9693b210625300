package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.Environment;
import dev.perfport.cli.Labels;
import dev.perfport.cli.Records;
import dev.perfport.cli.Records.Row;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.result.RowStatus;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport run} (one device, one parameter set) and {@code perfport compare} (many devices,
 * the workload's comparison cases). Every device × variant × case gives one row; a device that
 * cannot be used, a session that does not open or a run that throws becomes a failed row and the
 * others go on. A bad parameter or variant is a ConfigException: exit code 2, nothing printed.
 *
 * @param compare   compare rather than run
 * @param workload  workload name
 * @param selectors --backend selectors (run: at most one)
 * @param variants  --variant names, empty for all
 * @param params    --param items
 */
public record RunCommand(boolean compare, String workload, List<String> selectors, List<String> variants,
                         List<String> params) implements Command {

    /**
     * {@return the --param items with {@code --warmup N} and {@code --stat S} added as the parameters
     * {@code warmup=N} and {@code stat=S}, which every workload takes ({@link dev.perfport.workloads.Measurement})}
     *
     * @param params  the --param items
     * @param options the command's valued options
     */
    public static List<String> withMeasurement(List<String> params, Map<String, String> options) {
        List<String> l = new ArrayList<>(params);
        if (options.get("warmup") != null) l.add(Measurement.WARMUP + "=" + options.get("warmup").trim());
        if (options.get("stat") != null) l.add(Measurement.STAT + "=" + options.get("stat").trim());
        return List.copyOf(l);
    }

    /** Written for a row when no device was reached. */
    static final String NO_DEVICE = "(none)";

    @Override
    public int execute(Context ctx) {
        Workload w = Workloads.get(workload);
        List<String> vs = variants(w);
        Params overrides = ParamCheck.ownKnobs(w, ParamCheck.overrides(w, params));
        List<Params> cases = new ArrayList<>();
        if (compare) {
            for (Params p : w.compareCases(overrides)) cases.add(ParamCheck.normalize(w, p));
        } else {
            cases.add(ParamCheck.normalize(w, w.defaults().with(overrides)));
        }

        List<Targets.Target> targets;
        if (compare) {
            targets = selectors.isEmpty() ? Targets.all(ctx.registry(), ctx.err()) : Targets.of(ctx.registry(), selectors);
        } else {
            String sel = selectors.isEmpty() ? ctx.config().backendSelector() : selectors.getFirst();
            targets = List.of(Targets.one(ctx.registry(), sel));
        }
        if (targets.isEmpty()) {
            ctx.err().println("perfport: no device to run on: no backend is available (see 'perfport backends')");
            return 1;
        }

        // tunable workloads take their tuned parameters from the tuning cache where they say so (gemm)
        TunedLookup lookup = w instanceof Tunable ? TunedLookups.of(ctx.config()) : TunedLookup.NONE;
        // a variant runs once for cases that differ only in parameters it ignores
        java.util.Map<String, List<Params>> casesOf = new java.util.LinkedHashMap<>();
        for (String v : vs) casesOf.put(v, w.casesOf(v, cases));
        int perTarget = casesOf.values().stream().mapToInt(List::size).sum();
        Progress progress = new Progress(ctx, (compare ? "compare " : "run ") + w.name(), targets.size() * perTarget);
        List<Row> rows = new ArrayList<>();
        boolean closeFailed = false;
        try {
            for (Targets.Target t : targets) {
                if (t.problem() != null) {
                    for (String v : vs) for (Params p : casesOf.get(v)) {
                        rows.add(progress.done(new Row(t.selector(),
                                RunResult.failed(t.backendId(), NO_DEVICE, w.name(), v, p.asMap(), t.problem()))));
                    }
                    continue;
                }
                DeviceSession s;
                try {
                    s = t.backend().open(t.index());
                } catch (ConfigException e) {
                    throw e; // a bad perfport.<backend>.* setting: a configuration error
                } catch (RuntimeException | LinkageError | OutOfMemoryError e) {
                    for (String v : vs) for (Params p : casesOf.get(v)) {
                        rows.add(progress.done(new Row(t.selector(), RunResult.failed(t.backendId(), t.device().name(),
                                w.name(), v, p.asMap(), "cannot open a session on " + t.device().name() + ": " + describe(e)))));
                    }
                    continue;
                }
                Map<String, String> env = Environment.of(t.backendId(), t.device());
                try (s) {
                    for (String v : vs) {
                        for (Params p : casesOf.get(v)) {
                            Params tp = tuned(w, s, v, p, lookup);
                            rows.add(progress.done(new Row(t.selector(), runOne(s, w, v, tp), env)));
                        }
                    }
                } catch (ConfigException e) {
                    throw e;
                } catch (RuntimeException e) {
                    // close() failed after every row of this device was recorded
                    ctx.err().println("perfport: closing the session on " + t.selector() + " failed: " + describe(e));
                    closeFailed = true;
                }
            }
        } finally {
            progress.close();
        }
        RowPrinter.print(ctx, w, rows);
        // a row the route cannot run is no failure: the exit code says whether every row that could run verified
        boolean ok = !closeFailed && rows.stream().allMatch(r -> r.ok() || r.result().status() == RowStatus.UNSUPPORTED);
        return ok ? 0 : 1;
    }

    /** The row's tuned knobs; the workload sees its own parameters only (reps=auto is the measurement's). */
    public static Params tuned(Workload w, DeviceSession s, String variant, Params p, TunedLookup lookup) {
        if (!(w instanceof Tunable t)) return p;
        return Measurement.restore(p, t.withTuned(s, variant, Measurement.of(p).strip(p), lookup));
    }

    /** One row. A ConfigException (bad parameter) propagates; anything else becomes the row's error. */
    private static RunResult runOne(DeviceSession s, Workload w, String variant, Params p) {
        try {
            return Runs.measured(w, s, variant, p);
        } catch (ConfigException e) {
            throw e;
        } catch (UnsupportedFeatureException e) {
            return RunResult.unsupported(s.backendId(), s.device().name(), w.name(), variant, p.asMap(), e.reason());
        } catch (RuntimeException | LinkageError | AssertionError e) {
            return RunResult.failed(s.backendId(), s.device().name(), w.name(), variant, p.asMap(), describe(e));
        } catch (OutOfMemoryError e) {
            return RunResult.failed(s.backendId(), s.device().name(), w.name(), variant, p.asMap(),
                    "OutOfMemoryError: " + e.getMessage() + " (the JVM heap is " + Runtime.getRuntime().maxMemory() / (1 << 20)
                            + " MiB; raise it with PERFPORT_JAVA_OPTS=-Xmx...)");
        }
    }

    public static String describe(Throwable t) {
        String s = t.getClass().getSimpleName() + ": " + t.getMessage();
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        if (root != t) s += " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        return s;
    }

    private List<String> variants(Workload w) {
        return variants.isEmpty() ? w.variants() : ParamCheck.variants(w, variants);
    }

    /**
     * A long comparison visibly advances: plain text has one stderr line per finished row
     * ({@code [3/12] jocl:0 two-kernel n=...: ok, 1.234 ms}); a progress bar counts the rows and
     * keeps the failed ones as lines above it.
     */
    private static final class Progress {
        private final PrintStream err;
        private final ProgressDisplay bar;
        private final int total;
        private int done;

        Progress(Context ctx, String label, int total) {
            this.err = ctx.err();
            this.bar = ctx.progressBar() ? ProgressDisplay.bar(ctx.err(), label) : null;
            this.total = total;
        }

        Row done(Row row) {
            done++;
            RunResult r = row.result();
            StringBuilder ps = new StringBuilder();
            r.params().forEach((k, v) -> ps.append(' ').append(k).append('=').append(v));
            String what = row.selector() + " " + r.variant() + ps + ": " + (r.ok() ? "ok, " + Labels.millis(r.wallNanos()) + " ms"
                    : "FAILED: " + Table.cut(String.valueOf(r.error()).replaceAll("\\s+", " "), 120));
            if (bar == null) {
                err.println("[" + done + "/" + total + "] " + what);
            } else {
                if (!r.ok()) bar.line("[" + done + "/" + total + "] " + what);
                bar.step(done, total, what);
            }
            return row;
        }

        void close() {
            if (bar != null) bar.close();
        }
    }

    /** Rows as JSON, CSV or a table. */
    public static final class RowPrinter {
        private RowPrinter() {
        }

        public static void print(Context ctx, Workload w, List<Row> rows) {
            switch (ctx.format()) {
                case JSON -> ctx.out().println(Json.write(rows.stream().map(Records::row).toList()));
                case CSV -> ctx.out().print(Csv.write(rows.stream().map(Records::row).toList()));
                case TABLE -> ctx.out().print(RowTable.render(w, rows));
            }
        }
    }
}
