package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Runs a {@link Strategy} over a {@link Space}: checks constraints, asks the cache, calls the
 * evaluator for what is new, and remembers each configuration once per run, so that a strategy
 * that revisits a point (the hierarchical stages share their starting point) pays for it once.
 *
 * <p>Budgets count <em>unique evaluations</em>: configurations the evaluator ran now or in an
 * earlier run (read from the cache). So a killed run, started again with the same cache, makes
 * the same decisions and measures only what it had not measured yet.
 *
 * <p>The strategies ask for evaluations in batches ({@link BatchEvaluator}): exhaustive search
 * its whole grid, random search all its draws (which do not depend on results), a hierarchical
 * stage its sweep; only the review step, whose every step depends on the last, asks for one
 * configuration at a time. With a sequential evaluator the results are those of one
 * configuration after another; with a parallel one (several devices, a cluster) they are the
 * same, since no decision inside a batch depends on another point of it.
 */
public final class Tuner {

    /** Hears about the run's progress (e.g. to draw a progress bar). */
    public interface Listener {
        /** The run starts; {@code planned} is the expected number of evaluations (an estimate for hierarchical). */
        default void started(String strategy, int planned) {
        }

        /** One configuration was looked at; {@code evaluations} so far. */
        default void looked(TuneRecord record, int evaluations, int planned) {
        }

        /** A stage decided something. */
        default void note(String line) {
        }
    }

    private final Space space;
    private final Objective objective;
    private final BatchEvaluator evaluator;
    private TuneCache cache;
    private TuneContext context;
    private Listener listener = new Listener() {
    };

    // state of one run
    private final Map<Config, TuneRecord> seen = new LinkedHashMap<>();
    private final List<String> trace = new ArrayList<>();
    private int evaluations;
    private int measured;
    private int rejected;
    private int planned;
    private final Map<Config, Evaluation> pending = new LinkedHashMap<>();
    private long lastFlush;
    private static final long FLUSH_NANOS = 1_000_000_000L;
    /** Random search stops drawing replacements after this many rounds whose every point the backend refused. */
    static final int BARREN_ROUNDS = 3;

    /** A tuner that evaluates one configuration after another with {@code evaluator}. */
    public Tuner(Space space, Objective objective, Evaluator evaluator) {
        this(space, objective, BatchEvaluator.sequential(evaluator));
    }

    /** A tuner that hands batches of configurations to {@code evaluator} (several devices, a cluster). */
    public Tuner(Space space, Objective objective, BatchEvaluator evaluator) {
        this.space = Objects.requireNonNull(space);
        this.objective = Objects.requireNonNull(objective);
        this.evaluator = Objects.requireNonNull(evaluator);
    }

    /** Reads and writes results in {@code cache} under {@code context}. */
    public Tuner cache(TuneCache cache, TuneContext context) {
        this.cache = Objects.requireNonNull(cache);
        this.context = Objects.requireNonNull(context);
        return this;
    }

    public Tuner listener(Listener l) {
        this.listener = Objects.requireNonNull(l);
        return this;
    }

    public Space space() {
        return space;
    }

    /** Runs the strategy. An {@link Error} thrown by the evaluator stops the run (what was measured stays cached). */
    public synchronized TuneResult run(Strategy strategy) {
        seen.clear();
        trace.clear();
        evaluations = measured = rejected = 0;
        Config chosen = switch (strategy) {
            case Strategy.Exhaustive e -> exhaustive();
            case Strategy.RandomSearch r -> random(r);
            case Strategy.Hierarchical h -> hierarchical(h);
        };
        Config bestSeen = null;
        double bestSeenValue = Double.NaN;
        for (TuneRecord r : seen.values()) {
            if (r.evaluation().valid() && (bestSeen == null || objective.better(r.evaluation().value(), bestSeenValue))) {
                bestSeen = r.config();
                bestSeenValue = r.evaluation().value();
            }
        }
        double chosenValue = chosen == null ? Double.NaN : seen.get(chosen).evaluation().value();
        if (cache != null && chosen != null) cache.choose(context, chosen);   // what a run then takes (TuneCache.best)
        return new TuneResult(strategy.name(), objective, chosen, chosenValue, bestSeen, bestSeenValue, evaluations, measured,
                rejected, new ArrayList<>(seen.values()), trace);
    }

    // ---- one configuration -------------------------------------------------------------------

    /** The record of {@code c}: remembered, refused by a constraint, cached, or measured now. */
    TuneRecord look(Config c) {
        return lookAll(List.of(c)).getFirst();
    }

    /**
     * The records of {@code cs}, in order: remembered, refused by a constraint or cached ones at
     * once, the others measured as one batch. Each new configuration counts once, however often
     * it appears in {@code cs}.
     */
    List<TuneRecord> lookAll(List<Config> cs) {
        List<Config> toMeasure = new ArrayList<>();
        Set<Config> queued = new HashSet<>();
        Map<Config, TuneRecord> fresh = new HashMap<>();
        for (Config c : cs) {
            if (seen.containsKey(c) || fresh.containsKey(c) || queued.contains(c)) continue;
            Optional<String> why = space.violation(c);
            TuneRecord r;
            if (why.isPresent()) {
                r = new TuneRecord(c, Evaluation.invalid(Status.CONSTRAINT, why.get()), false);
                tally(r);
            } else {
                Optional<Evaluation> cached = cache == null ? Optional.empty() : cache.get(context, c);
                if (cached.isEmpty()) {
                    toMeasure.add(c);
                    queued.add(c);
                    continue;
                }
                r = new TuneRecord(c, cached.get(), true);
                tally(r);
            }
            fresh.put(c, r);
            listener.looked(r, evaluations, Math.max(planned, evaluations));
        }
        if (!toMeasure.isEmpty()) {
            TuneRecord[] got = measure(toMeasure);
            for (int i = 0; i < got.length; i++) fresh.put(toMeasure.get(i), got[i]);
        }
        // the run's records in the order the strategy asked, whatever order the results came in
        for (Config c : cs) if (!seen.containsKey(c)) seen.put(c, fresh.get(c));
        List<TuneRecord> out = new ArrayList<>(cs.size());
        for (Config c : cs) out.add(seen.get(c));
        return out;
    }

    /** Evaluates {@code batch} (new, valid, uncached configurations), caching each result as it arrives. */
    private TuneRecord[] measure(List<Config> batch) {
        TuneRecord[] got = new TuneRecord[batch.size()];
        Object lock = new Object();
        pending.clear();
        lastFlush = System.nanoTime();
        BatchEvaluator.Sink sink = (i, e) -> {
            Objects.requireNonNull(e, "the evaluator reported null");
            synchronized (lock) {
                if (i < 0 || i >= got.length) throw new IllegalArgumentException("no configuration " + i + " in a batch of " + got.length);
                if (got[i] != null) throw new IllegalStateException("configuration " + batch.get(i) + " was reported twice");
                arrived(got, i, batch.get(i), e);
            }
        };
        String failure = null;
        try {
            evaluator.evaluate(List.copyOf(batch), sink);
        } catch (Exception ex) {
            failure = ex.getClass().getSimpleName() + ": " + ex.getMessage();
        } catch (Error err) {
            // the run stops; what was measured stays cached
            synchronized (lock) {
                flush();
            }
            throw err;
        }
        synchronized (lock) {
            for (int i = 0; i < got.length; i++) {
                if (got[i] == null) {
                    arrived(got, i, batch.get(i), Evaluation.invalid(Status.RUNTIME_ERROR,
                            failure != null ? failure : "the evaluator gave no result for this configuration"));
                }
            }
            flush();
        }
        return got;
    }

    private void arrived(TuneRecord[] got, int i, Config c, Evaluation e) {
        TuneRecord r = new TuneRecord(c, e, false);
        got[i] = r;
        tally(r);
        if (cache != null) {
            pending.put(c, e);
            if (System.nanoTime() - lastFlush >= FLUSH_NANOS) flush();
        }
        listener.looked(r, evaluations, Math.max(planned, evaluations));
    }

    /**
     * Counts a configuration looked at for the first time in this run: an evaluation (measured now unless read from
     * the cache), or a refusal, by a constraint or by the backend before it ran (a point its route cannot express),
     * which budgets do not count.
     */
    private void tally(TuneRecord r) {
        if (!r.evaluated()) {
            rejected++;
            return;
        }
        evaluations++;
        if (!r.fromCache()) measured++;
    }

    /**
     * Writes the results that arrived since the last write. The cache file is rewritten at most
     * once a second during a batch (results of fast evaluations on many devices arrive faster
     * than a whole file can be rewritten each), so an evaluation that takes a second or more is
     * still cached as soon as it is measured.
     */
    private void flush() {
        if (cache != null && !pending.isEmpty()) cache.putAll(context, pending);
        pending.clear();
        lastFlush = System.nanoTime();
    }

    private void note(String line) {
        trace.add(line);
        listener.note(line);
    }

    private Config bestOf(List<TuneRecord> records) {
        TuneRecord best = null;
        for (TuneRecord r : records) {
            if (r.evaluation().valid() && (best == null || objective.better(r.evaluation().value(), best.evaluation().value()))) best = r;
        }
        return best == null ? null : best.config();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.4g", v);
    }

    // ---- strategies --------------------------------------------------------------------------

    private Config exhaustive() {
        long n = space.gridSize();
        int valid = 0;
        for (long i = 0; i < n; i++) if (space.violation(space.at(i)).isEmpty()) valid++;
        planned = valid;
        listener.started("exhaustive", planned);
        List<Config> grid = new ArrayList<>();
        for (long i = 0; i < n; i++) grid.add(space.at(i));
        Config best = bestOf(lookAll(grid));
        note("exhaustive: " + n + " grid points, " + evaluations + " evaluated, " + rejected + " refused (constraints, or the backend before running)"
                + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    private Config random(Strategy.RandomSearch r) {
        long n = space.gridSize();
        planned = (int) Math.min(r.budget(), n);
        listener.started("random", planned);
        SplittableRandom rnd = new SplittableRandom(r.seed());
        // which points count (valid ones) does not depend on their results: draw them all, then
        // evaluate them as one batch; only points the backend refuses (not an evaluation) are
        // drawn again, in a further batch
        Set<Long> drawn = new HashSet<>();
        List<TuneRecord> all = new ArrayList<>();
        int counted = 0;
        int barren = 0;   // rounds in a row in which the backend refused every point drawn
        while (counted < r.budget() && drawn.size() < n) {
            if (barren == BARREN_ROUNDS) {
                note("random: stopped drawing after " + BARREN_ROUNDS + " rounds in which the backend refused every point");
                break;
            }
            List<Config> draws = new ArrayList<>();
            int valid = 0;
            while (counted + valid < r.budget() && drawn.size() < n) {
                long i = rnd.nextLong(n);
                if (!drawn.add(i)) continue;
                Config c = space.at(i);
                draws.add(c);
                if (space.violation(c).isEmpty()) valid++;
            }
            int before = counted;
            for (TuneRecord x : lookAll(draws)) {
                all.add(x);
                if (x.evaluated()) counted++;
            }
            barren = counted > before || valid == 0 ? 0 : barren + 1;
        }
        Config best = bestOf(all);
        note("random (seed " + r.seed() + ", budget " + r.budget() + "): " + evaluations + " evaluated, " + rejected
                + " refused (constraints, or the backend before running)" + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    private Config hierarchical(Strategy.Hierarchical h) {
        Config current = space.config(h.start());
        int estimate = 1;
        for (Strategy.Stage st : h.stages()) {
            int points = 1;
            for (String p : st.params()) points *= space.param(p).values().size();
            estimate += points - 1;
        }
        if (h.review() != null) estimate += h.review().params().size();
        planned = estimate;
        listener.started("hierarchical", planned);
        // a stage that finds no valid point (the start is one the device or the backend refuses, e.g. a group too
        // large for the route's kernel) is swept again, once, as soon as a later stage has moved to a valid point
        List<Strategy.Stage> skipped = new ArrayList<>();
        for (Strategy.Stage st : h.stages()) {
            Config next = stage(st, current, "");
            if (next == null) {
                skipped.add(st);
                continue;
            }
            current = next;
            if (!skipped.isEmpty()) {
                for (Strategy.Stage again : List.copyOf(skipped)) {
                    Config c = stage(again, current, " (again, from the valid point stage " + st.name() + " reached)");
                    if (c != null) current = c;
                }
                skipped.clear();
            }
        }
        if (h.review() != null) current = review(current, h.review());
        TuneRecord last = seen.get(current);
        if (last == null) last = look(current);
        return last.evaluation().valid() ? current : null;
    }

    /** One stage's sweep around {@code current}: the point its rule picks, or null when none of its points is valid. */
    private Config stage(Strategy.Stage st, Config current, String again) {
        List<Config> points = stagePoints(current, st.params());
        List<TuneRecord> rs = lookAll(points);
        Config best = bestOf(rs);
        if (best == null) {
            note("stage " + st.name() + again + ": no valid point among " + points.size() + "; keeping " + current);
            return null;
        }
        double bestValue = seen.get(best).evaluation().value();
        Config pick = switch (st.rule()) {
            case Strategy.Rule.Best b -> best;
            case Strategy.Rule.SmallestWithin w -> rs.stream()
                    .filter(x -> x.evaluation().valid() && objective.within(x.evaluation().value(), bestValue, w.fraction()))
                    .map(TuneRecord::config)
                    .min(smallestFirst(st.params())).orElse(best);
        };
        StringBuilder sweep = new StringBuilder();
        for (TuneRecord x : rs) {
            sweep.append(sweep.isEmpty() ? "" : ", ");
            for (String p : st.params()) sweep.append(p).append('=').append(x.config().get(p)).append(' ');
            sweep.append(x.evaluation().valid() ? fmt(x.evaluation().value()) : x.evaluation().status().label());
        }
        note("stage " + st.name() + again + " (" + st.rule().describe() + "): " + sweep + " -> " + pick(pick, st.params())
                + " (" + fmt(seen.get(pick).evaluation().value()) + ", best " + fmt(bestValue) + ")");
        return pick;
    }

    /** Shrinks parameters one step at a time while the objective improves by more than the review's margin. */
    private Config review(Config current, Strategy.Review rv) {
        TuneRecord cur = look(current);
        if (!cur.evaluation().valid()) {
            note("review: the current point " + current + " is invalid (" + cur.evaluation() + "); nothing to review");
            return current;
        }
        double value = cur.evaluation().value();
        for (int round = 1; round <= rv.maxRounds(); round++) {
            boolean improved = false;
            for (String p : rv.params()) {
                Integer smaller = space.param(p).below(current.get(p));
                if (smaller == null) continue;
                Config cand = current.with(p, smaller);
                TuneRecord r = look(cand);
                if (r.evaluation().valid() && improves(r.evaluation().value(), value, rv)) {
                    String step = "review round " + round + ": " + p + " " + current.get(p) + " -> " + smaller;
                    if (rv.confirmRounds() > 0) {
                        double[] again = sideBySide(current, cand, rv.confirmRounds());
                        String measuredAgain = " (measured again side by side, best of " + rv.confirmRounds() + ": "
                                + fmt(again[0]) + " -> " + fmt(again[1]) + ")";
                        if (!improves(again[1], again[0], rv)) {
                            note(step + " looked better (" + fmt(value) + " -> " + fmt(r.evaluation().value())
                                    + ") but not" + measuredAgain + "; kept " + current.get(p));
                            continue;
                        }
                        step += measuredAgain;
                    }
                    note(step + " improves " + fmt(value) + " -> " + fmt(r.evaluation().value()));
                    current = cand;
                    value = r.evaluation().value();
                    improved = true;
                }
            }
            if (!improved) {
                note("review round " + round + ": no smaller value improves " + current + " (" + fmt(value) + ")");
                break;
            }
        }
        return current;
    }

    /** Whether {@code value} beats {@code incumbent} by more than the review's margin. */
    private boolean improves(double value, double incumbent, Strategy.Review rv) {
        return objective.better(value, incumbent) && objective.relative(value, incumbent) > 1 + rv.minImprovement();
    }

    /**
     * The best value of {@code a} and of {@code b} over {@code rounds} fresh evaluations of each,
     * taken in turn (the order alternating); an evaluation that fails counts as the worst value.
     */
    private double[] sideBySide(Config a, Config b, int rounds) {
        double worst = objective.direction() == Objective.Direction.MAXIMIZE ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        double[] best = {worst, worst};
        Config[] both = {a, b};
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < 2; k++) {
                int i = round % 2 == 0 ? k : 1 - k;
                double v = worst;
                Evaluation e = remeasure(both[i]);
                if (e != null && e.valid()) v = e.value();
                if (objective.better(v, best[i])) best[i] = v;
            }
        }
        return best;
    }

    /** A fresh evaluation of {@code c}, not cached nor counted; null when it failed (it cannot confirm anything). */
    private Evaluation remeasure(Config c) {
        Evaluation[] got = new Evaluation[1];
        try {
            evaluator.evaluate(List.of(c), (i, e) -> got[0] = e);
        } catch (Exception ex) {
            return null;
        }
        return got[0];
    }

    private static String pick(Config c, List<String> params) {
        StringBuilder b = new StringBuilder();
        for (String p : params) b.append(b.isEmpty() ? "" : " ").append(p).append('=').append(c.get(p));
        return b.toString();
    }

    private static Comparator<Config> smallestFirst(List<String> params) {
        Comparator<Config> cmp = null;
        for (String p : params) {
            Comparator<Config> k = Comparator.comparingInt(c -> c.get(p));
            cmp = cmp == null ? k : cmp.thenComparing(k);
        }
        return cmp;
    }

    /** Every combination of the stage's parameters' values, the others as in {@code current}. */
    private List<Config> stagePoints(Config current, List<String> params) {
        List<Config> l = new ArrayList<>();
        l.add(current);
        for (String p : params) {
            List<Config> next = new ArrayList<>();
            for (Config c : l) for (int v : space.param(p).values()) next.add(c.with(p, v));
            l = next;
        }
        return l;
    }
}
