package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.cli.format.Table;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.core.tune.TuneContext;
import dev.perfport.core.tune.TuneRecord;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport tune}: tunes a workload's parameters on every device (or those the selectors
 * pick) with a strategy of {@link dev.perfport.core.tune}, reading and writing the tuning cache
 * ({@value TuneCache#CONFIG_KEY}), and prints the best configuration per backend and device.
 * {@code --param name=v1,v2,...} replaces a tuned parameter's grid ({@code name=v} fixes it);
 * other {@code --param}s set the workload's fixed parameters.
 *
 * @param workload  workload name
 * @param selectors --backend selectors (none: every available device)
 * @param variants  --variant names (none: the workload's tuning default)
 * @param params    --param items
 * @param options   strategy, budget, seed
 */
public record TuneCommand(String workload, List<String> selectors, List<String> variants, List<String> params,
                          Map<String, String> options) implements Command {

    public static final List<String> STRATEGIES = List.of("hierarchical", "exhaustive", "random", "genetic");
    /** Strategies that take --budget and --seed. */
    public static final List<String> BUDGETED = List.of("random", "genetic");
    /** Valid points beyond which the genetic strategy is the default (but for a workload that keeps the hierarchical method). */
    public static final long LARGE_SPACE = 1000;
    /** The repetitions parameter that tuning defaults shorten (CPU devices are slow) and a GPU measures more of. */
    static final String REPS = "reps";
    /**
     * Repetitions per point on a GPU when --param reps is not given: Kernel Tuner's default of 7, since a
     * GPU kernel of tens of microseconds timed twice ranks points by noise and clock ramp-up.
     */
    public static final int GPU_REPS = 7;
    /** The genetic strategy's budget when --budget is not given. */
    public static final int GENETIC_BUDGET = 100;

    /** One device × variant: the result, or why there is none. */
    public record Row(String selector, String backend, String device, String variant, TuneResult result, long gridSize, String error,
                      Map<String, String> fixed, String metric, double wallSeconds) {
        /** A row that tuned nothing. */
        public Row(String selector, String backend, String device, String variant, TuneResult result, long gridSize, String error) {
            this(selector, backend, device, variant, result, gridSize, error, Map.of(), "", Double.NaN);
        }

        /** A row whose search was not timed here (e.g. assembled from a cluster's tasks). */
        public Row(String selector, String backend, String device, String variant, TuneResult result, long gridSize, String error,
                   Map<String, String> fixed, String metric) {
            this(selector, backend, device, variant, result, gridSize, error, fixed, metric, Double.NaN);
        }
    }

    @Override
    public int execute(Context ctx) {
        Workload w = Workloads.get(workload);
        if (!(w instanceof Tunable t)) {
            throw new ConfigException("workload '" + workload + "' cannot be tuned; tunable workloads: "
                    + String.join(", ", Workloads.all().stream().filter(x -> x instanceof Tunable).map(Workload::name).toList()));
        }
        String strategy = options.get("strategy");   // null: by the space, see strategy()
        checkStrategy(strategy, options);
        Integer budget = options.containsKey("budget") ? (int) positive("--budget", options.get("budget"), Integer.MAX_VALUE) : null;
        long seed = options.containsKey("seed") ? Params.parseLong("--seed", options.get("seed")) : 1;

        // tuned parameters take value lists, the others are the workload's fixed parameters
        Map<String, List<Integer>> grid = new LinkedHashMap<>();
        List<String> fixedItems = new ArrayList<>();
        for (Map.Entry<String, String> e : Params.parse(params).asMap().entrySet()) {
            if (t.tunedParams().contains(e.getKey())) grid.put(e.getKey(), intList(e.getKey(), e.getValue(), t.minimum(e.getKey())));
            else fixedItems.add(e.getKey() + "=" + e.getValue());
        }
        Params given = ParamCheck.overrides(w, fixedItems);
        Params fixed = t.tuningDefaults().with(given);
        boolean repsGiven = given.has(REPS);
        List<String> vs = variants(w, t);

        TuneCache cache = openCache(ctx.config());   // a corrupt cache stops the run before anything else is said
        if (options.containsKey("devices")) {
            if (!selectors.isEmpty()) throw new ConfigException("give --devices (one tuning run on several identical devices) or --backend, not both");
            List<Row> rows = pooled(ctx, t, DevicePool.targets(ctx.registry(), options.get("devices")), vs, fixed, repsGiven, grid, strategy, budget, seed, cache);
            print(ctx, w, strategy, rows, cache.file());
            if (options.containsKey("export")) DatabaseExport.write(ctx, w.name(), strategy, options, rows, Path.of(options.get("export")));
            return rows.stream().allMatch(r -> r.result() != null && r.result().best() != null) ? 0 : 1;
        }
        List<Targets.Target> targets = selectors.isEmpty() ? Targets.all(ctx.registry(), ctx.err()) : Targets.of(ctx.registry(), selectors);
        if (targets.isEmpty()) {
            ctx.err().println("perfport: no device to tune on: no backend is available (see 'perfport backends')");
            return 1;
        }
        List<Row> rows = new ArrayList<>();
        for (Targets.Target tg : targets) {
            if (tg.problem() != null) {
                for (String v : vs) rows.add(new Row(tg.selector(), tg.backendId(), RunCommand.NO_DEVICE, v, null, 0, tg.problem()));
                continue;
            }
            DeviceSession s;
            try {
                s = tg.backend().open(tg.index());
            } catch (ConfigException e) {
                throw e;
            } catch (RuntimeException | LinkageError e) {
                for (String v : vs) {
                    rows.add(new Row(tg.selector(), tg.backendId(), tg.device().name(), v, null, 0,
                            "cannot open a session on " + tg.device().name() + ": " + RunCommand.describe(e)));
                }
                continue;
            }
            try (s) {
                for (String v : vs) rows.add(tuneOne(ctx, t, List.of(s), tg.selector(), v, fixed, repsGiven, grid, strategy, budget, seed, cache));
            } catch (ConfigException e) {
                throw e;
            } catch (RuntimeException e) {
                ctx.err().println("perfport: closing the session on " + tg.selector() + " failed: " + RunCommand.describe(e));
            }
        }
        print(ctx, w, strategy, rows, cache.file());
        if (options.containsKey("export")) DatabaseExport.write(ctx, w.name(), strategy, options, rows, Path.of(options.get("export")));
        return rows.stream().allMatch(r -> r.result() != null && r.result().best() != null) ? 0 : 1;
    }

    /** One tuning run per variant on the sessions of identical devices, which evaluate its batches together. */
    private static List<Row> pooled(Context ctx, Tunable t, List<Targets.Target> pool, List<String> vs, Params fixed, boolean repsGiven,
                                    Map<String, List<Integer>> grid, String strategy, Integer budget, long seed, TuneCache cache) {
        String selector = String.join(",", pool.stream().map(Targets.Target::selector).toList());
        List<DeviceSession> sessions = new ArrayList<>();
        try {
            for (Targets.Target tg : pool) sessions.add(tg.backend().open(tg.index()));
            List<Row> rows = new ArrayList<>();
            for (String v : vs) rows.add(tuneOne(ctx, t, sessions, selector, v, fixed, repsGiven, grid, strategy, budget, seed, cache));
            return rows;
        } finally {
            for (DeviceSession s : sessions) {
                try {
                    s.close();
                } catch (RuntimeException e) {
                    ctx.err().println("perfport: closing a session on " + s.backendId() + " failed: " + RunCommand.describe(e));
                }
            }
        }
    }

    /** Refuses an unknown strategy, and --budget or --seed beside a strategy that takes neither. */
    public static void checkStrategy(String strategy, Map<String, String> options) {
        if (strategy != null && !STRATEGIES.contains(strategy)) {
            throw new ConfigException("unknown strategy '" + strategy + "'; strategies: " + String.join(", ", STRATEGIES));
        }
        if (strategy != null && !BUDGETED.contains(strategy) && (options.containsKey("budget") || options.containsKey("seed"))) {
            throw new ConfigException("--budget and --seed apply to --strategy random and genetic only");
        }
    }

    /**
     * The strategy of a tuning run: the one named, or, without {@code --strategy}, the workload's
     * default for this space: the hierarchical method where the workload keeps it (var) or where
     * the space has at most {@value #LARGE_SPACE} valid points, else the genetic strategy. The
     * genetic strategy's first generation is the hierarchy's start (the workload's default
     * configuration) and the workload's known-good points; its budget, without {@code --budget},
     * {@value #GENETIC_BUDGET} evaluations. Random search's budget defaults to a fifth of the grid.
     */
    public static Strategy strategy(String name, Tunable t, dev.perfport.core.tune.Space space, Strategy.Hierarchical hierarchy,
                                    List<Map<String, Integer>> knownGood, Integer budget, long seed) {
        String n = name != null ? name : defaultStrategy(t, space);
        if (name == null && budget != null && !BUDGETED.contains(n)) {
            throw new ConfigException("--budget and --seed apply to --strategy random and genetic only (the default here is " + n + ")");
        }
        long size = space.gridSize();
        return switch (n) {
            case "exhaustive" -> new Strategy.Exhaustive();
            case "random" -> new Strategy.RandomSearch(seed, budget != null ? budget : (int) Math.max(1, Math.min(Integer.MAX_VALUE, size / 5)));
            case "genetic" -> {
                List<Map<String, Integer>> seeds = new ArrayList<>();
                seeds.add(hierarchy.start());
                seeds.addAll(knownGood);
                yield new Strategy.Genetic(seed, budget != null ? budget : GENETIC_BUDGET, seeds);
            }
            default -> hierarchy;
        };
    }

    /** The strategy without --strategy: hierarchical for var and small spaces, genetic for more than {@value #LARGE_SPACE} valid points. */
    public static String defaultStrategy(Tunable t, dev.perfport.core.tune.Space space) {
        if (t.hierarchicalByDefault()) return "hierarchical";
        return space.validPoints(LARGE_SPACE + 1) > LARGE_SPACE ? "genetic" : "hierarchical";
    }

    /** One variant tuned on {@code sessions}: one session evaluates one point after another, several share each batch. */
    private static Row tuneOne(Context ctx, Tunable t, List<DeviceSession> sessions, String selector, String variant, Params fixed, boolean repsGiven,
                               Map<String, List<Integer>> grid, String strategyName, Integer budget, long seed, TuneCache cache) {
        DeviceSession s = sessions.getFirst();
        if (!repsGiven && fixed.has(REPS) && s.device().type() == dev.perfport.core.device.DeviceType.GPU
                && !s.profile().hasModelledTime()) {
            fixed = fixed.with(REPS, Integer.toString(GPU_REPS));
        }
        Tunable.Tuning tuning = t.tuning(s, variant, fixed, grid);   // ConfigException: bad parameter, exit 2
        long size = tuning.space().gridSize();
        Strategy strategy = strategy(strategyName, t, tuning.space(), tuning.hierarchy(), t.knownGood(s.device(), variant), budget, seed);
        TuneContext tc = new TuneContext(s.backendId(), DeviceFingerprint.of(s.device()), tuning.kernelHash(), tuning.fixed());
        ProgressBar bar = new ProgressBar(ctx, selector + " " + variant, tuning.objective().metric());
        long t0 = System.nanoTime();
        try {
            // a modelled objective (an emulator's cost model) gives the same value every time: nothing to re-measure
            TuneResult r = new Tuner(tuning.space(), tuning.objective(), DevicePool.evaluator(t, sessions, tuning, variant, fixed, grid))
                    .confirmRounds(s.profile().hasModelledTime() ? 0 : Tuner.CONFIRM_ROUNDS)
                    .cache(cache, tc).listener(bar).run(strategy);
            bar.done();
            return new Row(selector, s.backendId(), s.device().name(), variant, r, size,
                    r.best() == null ? r.noneValid() : null, tuning.fixed(), tuning.objective().metric(), (System.nanoTime() - t0) / 1e9);
        } catch (RuntimeException e) {
            bar.done();
            return new Row(selector, s.backendId(), s.device().name(), variant, null, size, RunCommand.describe(e));
        }
    }

    /**
     * The tuning cache; a file that cannot be read (corrupt, another format) is a configuration
     * error whose message, naming the file and the way out, is the whole output (exit 2).
     */
    public static TuneCache openCache(PerfportConfig config) {
        try {
            return TuneCache.open(cachePath(config));
        } catch (IllegalStateException | java.io.UncheckedIOException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /**
     * The tuning cache as {@code run} reads it: opened at the first lookup (an unreadable cache is
     * then a configuration error, exit 2), the best valid result per backend, device fingerprint,
     * kernel and fixed parameters, integers only.
     */
    public static TunedLookup lookup(PerfportConfig config) {
        TuneCache[] cache = new TuneCache[1];
        return (s, hash, match) -> {
            synchronized (cache) {
                if (cache[0] == null) cache[0] = openCache(config);
            }
            return cache[0].best(s.backendId(), DeviceFingerprint.of(s.device()), hash, match, true).map(p -> {
                Map<String, Integer> m = new LinkedHashMap<>();
                p.forEach((k, v) -> {
                    if (v instanceof Number n && n.longValue() == n.doubleValue() && Math.abs(n.longValue()) <= Integer.MAX_VALUE) m.put(k, n.intValue());
                });
                return m;
            });
        };
    }

    /** {@value TuneCache#CONFIG_KEY}, else the default under the user's cache folder. */
    public static Path cachePath(PerfportConfig config) {
        return config.get(TuneCache.CONFIG_KEY).map(Path::of)
                .orElseGet(() -> TuneCache.defaultPath(System.getenv(), Path.of(System.getProperty("user.home", "."))));
    }

    private List<String> variants(Workload w, Tunable t) {
        return variants.isEmpty() ? List.of(t.defaultTuningVariant()) : ParamCheck.variants(w, variants);
    }

    /** "1,16,256" as integers; each >= 1. */
    public static List<Integer> intList(String name, String text) {
        return intList(name, text, 1);
    }

    /** "0,1" or "1,16,256" as integers; each >= min (0 for an on/off knob). */
    public static List<Integer> intList(String name, String text, int min) {
        List<Integer> l = new ArrayList<>();
        for (String part : text.split(",")) {
            if (part.isBlank()) throw new ConfigException("parameter " + name + " has an empty value in the list '" + text + "'");
            long v = Params.parseLong(name, part);
            if (v < min || v > Integer.MAX_VALUE) throw new ConfigException(name + " must be in [" + min + ", " + Integer.MAX_VALUE + "], got " + v);
            l.add((int) v);
        }
        return l;
    }

    private static long positive(String name, String text, long max) {
        long v = Params.parseLong(name, text);
        if (v < 1 || v > max) throw new ConfigException(name + " must be in [1, " + max + "], got " + v);
        return v;
    }

    // ---- output ---------------------------------------------------------------------------

    public static Map<String, Object> record(String workload, Row r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("backend", r.backend());
        m.put("device", r.device());
        m.put("selector", r.selector());
        m.put("variant", r.variant());
        TuneResult t = r.result();
        m.put("strategy", t == null ? null : t.strategy());
        m.put("objective", t == null ? null : t.objective().metric());
        m.put("best", t == null || t.best() == null ? null : new LinkedHashMap<>(t.best().values()));
        m.put("value", t == null || t.best() == null ? null : t.bestValue());
        m.put("bestSeen", t == null || t.bestSeen() == null ? null : new LinkedHashMap<>(t.bestSeen().values()));
        m.put("bestSeenValue", t == null || t.bestSeen() == null ? null : t.bestSeenValue());
        m.put("evaluations", t == null ? 0 : t.evaluations());
        m.put("measured", t == null ? 0 : t.measured());
        m.put("fromCache", t == null ? 0 : t.fromCache());
        m.put("rejected", t == null ? 0 : t.rejected());
        Map<String, Object> kinds = new LinkedHashMap<>();
        if (t != null) t.refusals().forEach((k, v) -> kinds.put(k.label(), v));
        m.put("refusals", kinds);
        m.put("gridSize", r.gridSize());
        m.put("wallSeconds", Double.isNaN(r.wallSeconds()) ? null : r.wallSeconds());
        bestKnown(workload, r).ifPresent(e -> {
            Map<String, Object> k = new LinkedHashMap<>();
            k.put("value", e.value());
            k.put("fraction", t == null || t.best() == null ? null : t.bestValue() / e.value());
            k.put("source", e.source());
            k.put("date", e.date());
            m.put("bestKnown", k);
        });
        m.put("error", r.error());
        m.put("trace", t == null ? List.of() : t.trace());
        List<Object> recs = new ArrayList<>();
        if (t != null) {
            for (TuneRecord x : t.records()) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("params", new LinkedHashMap<>(x.config().values()));
                e.put("status", x.evaluation().status().label());
                e.put("value", x.evaluation().valid() ? x.evaluation().value() : null);
                e.put("message", x.evaluation().message());
                e.put("fromCache", x.fromCache());
                recs.add(e);
            }
        }
        m.put("records", recs);
        return m;
    }

    /**
     * {@return the shipped database's entry for exactly this row's case, against which the search is
     * measured ("of best known"); none for a case the database does not hold}
     */
    static java.util.Optional<dev.perfport.core.tune.TuneDatabase.Entry> bestKnown(String workload, Row r) {
        if (r.fixed().isEmpty()) return java.util.Optional.empty();
        Map<String, String> fixed = new LinkedHashMap<>(r.fixed());
        fixed.putIfAbsent("variant", r.variant());
        return dev.perfport.core.tune.TuneDatabase.shipped().bestKnown(r.backend(), r.device(), workload, r.metric(), fixed);
    }

    /** ", refused: 2 route-refused, 1 runtime-error" for the table: the kinds that occurred (the trace gives their reasons). */
    static String refusedShort(TuneResult x) {
        List<String> l = new ArrayList<>();
        x.refusals().forEach((k, v) -> {
            if (v > 0) l.add(v + " " + k.label());
        });
        return l.isEmpty() ? "" : ", refused: " + String.join(", ", l);
    }

    /** The rows as a table, JSON or CSV (also for a tuning run spread over a cluster). */
    public static void print(Context ctx, Workload w, String strategy, List<Row> rows, Path cache) {
        switch (ctx.format()) {
            case JSON -> ctx.out().println(Json.write(rows.stream().map(r -> record(w.name(), r)).toList()));
            case T4 -> ctx.out().println(Json.write(dev.perfport.cli.format.T4.document(w.name(), rows, dev.perfport.cli.Version.number())));
            case CSV -> {
                List<Map<String, Object>> flat = new ArrayList<>();
                for (Row r : rows) {
                    Map<String, Object> m = record(w.name(), r);
                    m.remove("trace");
                    m.remove("records");
                    @SuppressWarnings("unchecked")
                    Map<String, Object> known = (Map<String, Object>) m.remove("bestKnown");
                    m.put("of best known", known == null ? null : known.get("fraction"));
                    @SuppressWarnings("unchecked")
                    Map<String, Object> kinds = (Map<String, Object>) m.remove("refusals");
                    kinds.forEach((k, v) -> m.put("refused " + k, v));
                    flat.add(m);
                }
                ctx.out().print(Csv.write(flat));
            }
            case TABLE -> {
                StringBuilder sb = new StringBuilder();
                String shown = strategy != null ? strategy
                        : String.join(", ", rows.stream().filter(r -> r.result() != null).map(r -> r.result().strategy()).distinct().toList());
                sb.append("tune ").append(w.name()).append(" (seed ").append(w.seed()).append("), strategy ").append(shown.isEmpty() ? "default" : shown)
                        .append(", ").append(rows.size()).append(rows.size() == 1 ? " device/variant\n\n" : " devices/variants\n\n");
                Table t = new Table("BACKEND", "DEVICE", "VARIANT", "BEST CONFIGURATION", "OBJECTIVE", "OF BEST KNOWN", "EVALUATIONS", "WALL", "ERROR");
                t.limit(1, 40).limit(8, 60);
                for (Row r : rows) {
                    TuneResult x = r.result();
                    String best = x == null || x.best() == null ? "-" : x.best().toString();
                    String obj = x == null || x.best() == null ? "-"
                            : String.format(Locale.ROOT, "%.1f %s", x.bestValue(), x.objective().metric());
                    String ev = x == null ? "-" : x.evaluations() + " (" + x.measured() + " measured, " + x.fromCache() + " cached) of "
                            + r.gridSize() + refusedShort(x);
                    String known = bestKnown(w.name(), r).filter(e -> x != null && x.best() != null)
                            .map(e -> String.format(Locale.ROOT, "%.2f of %.1f", x.bestValue() / e.value(), e.value())).orElse("-");
                    String wall = Double.isNaN(r.wallSeconds()) ? "-" : String.format(Locale.ROOT, "%.1f s", r.wallSeconds());
                    t.add(r.backend(), r.device(), r.variant(), best, obj, known, ev, wall, r.error() == null ? "" : r.error());
                }
                sb.append(t.render());
                for (Row r : rows) {
                    if (r.result() == null || r.result().trace().isEmpty()) continue;
                    sb.append('\n').append(r.selector()).append(' ').append(r.variant()).append(":\n");
                    for (String line : r.result().trace()) sb.append("  ").append(line).append('\n');
                }
                sb.append("\ncache: ").append(cache).append('\n');
                ctx.out().print(sb);
            }
        }
    }
}
