package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.Comparator;
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
    private final Evaluator evaluator;
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

    public Tuner(Space space, Objective objective, Evaluator evaluator) {
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
        return new TuneResult(strategy.name(), objective, chosen, chosenValue, bestSeen, bestSeenValue, evaluations, measured,
                rejected, new ArrayList<>(seen.values()), trace);
    }

    // ---- one configuration -------------------------------------------------------------------

    /** The record of {@code c}: remembered, refused by a constraint, cached, or measured now. */
    TuneRecord look(Config c) {
        TuneRecord r = seen.get(c);
        if (r != null) return r;
        Optional<String> why = space.violation(c);
        if (why.isPresent()) {
            r = new TuneRecord(c, Evaluation.invalid(Status.CONSTRAINT, why.get()), false);
            rejected++;
        } else {
            Optional<Evaluation> cached = cache == null ? Optional.empty() : cache.get(context, c);
            if (cached.isPresent()) {
                r = new TuneRecord(c, cached.get(), true);
            } else {
                Evaluation e;
                try {
                    e = Objects.requireNonNull(evaluator.evaluate(c), "the evaluator returned null");
                } catch (Exception ex) {
                    e = Evaluation.invalid(Status.RUNTIME_ERROR, ex.getClass().getSimpleName() + ": " + ex.getMessage());
                }
                r = new TuneRecord(c, e, false);
                measured++;
                if (cache != null) cache.put(context, c, e);
            }
            evaluations++;
        }
        seen.put(c, r);
        listener.looked(r, evaluations, Math.max(planned, evaluations));
        return r;
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
        List<TuneRecord> all = new ArrayList<>();
        for (long i = 0; i < n; i++) all.add(look(space.at(i)));
        Config best = bestOf(all);
        note("exhaustive: " + n + " grid points, " + evaluations + " evaluated, " + rejected + " refused by constraints"
                + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    private Config random(Strategy.RandomSearch r) {
        long n = space.gridSize();
        planned = (int) Math.min(r.budget(), n);
        listener.started("random", planned);
        SplittableRandom rnd = new SplittableRandom(r.seed());
        Set<Long> drawn = new HashSet<>();
        List<TuneRecord> all = new ArrayList<>();
        while (evaluations < r.budget() && drawn.size() < n) {
            long i = rnd.nextLong(n);
            if (!drawn.add(i)) continue;
            all.add(look(space.at(i)));
        }
        Config best = bestOf(all);
        note("random (seed " + r.seed() + ", budget " + r.budget() + "): " + evaluations + " evaluated, " + rejected
                + " refused by constraints" + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
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
        for (Strategy.Stage st : h.stages()) {
            List<Config> points = stagePoints(current, st.params());
            List<TuneRecord> rs = new ArrayList<>();
            for (Config c : points) rs.add(look(c));
            Config best = bestOf(rs);
            if (best == null) {
                note("stage " + st.name() + ": no valid point among " + points.size() + "; keeping " + current);
                continue;
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
            note("stage " + st.name() + " (" + st.rule().describe() + "): " + sweep + " -> " + pick(pick, st.params())
                    + " (" + fmt(seen.get(pick).evaluation().value()) + ", best " + fmt(bestValue) + ")");
            current = pick;
        }
        if (h.review() != null) current = review(current, h.review());
        TuneRecord last = seen.get(current);
        if (last == null) last = look(current);
        return last.evaluation().valid() ? current : null;
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
                try {
                    Evaluation e = evaluator.evaluate(both[i]);
                    if (e != null && e.valid()) v = e.value();
                } catch (Exception ex) {
                    // a failed re-measurement cannot confirm anything: the worst value
                }
                if (objective.better(v, best[i])) best[i] = v;
            }
        }
        return best;
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
