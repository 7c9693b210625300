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
    /** Rounds of each, winner and runner-up, measured again in turn before a search's winner is kept. */
    public static final int CONFIRM_ROUNDS = 3;
    private int confirmRounds = CONFIRM_ROUNDS;

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

    /**
     * Sets how many rounds the winner of an exhaustive, random or genetic search and its runner-up are
     * measured again, one of each in turn, before the winner is kept ({@link #CONFIRM_ROUNDS} by
     * default; 0: none, e.g. for a modelled, noise-free objective). The hierarchical method
     * confirms in its review instead ({@link Strategy.Review#confirmRounds()}).
     */
    public Tuner confirmRounds(int rounds) {
        if (rounds < 0) throw new IllegalArgumentException("confirm rounds must be >= 0, got " + rounds);
        this.confirmRounds = rounds;
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
            case Strategy.Genetic g -> genetic(g);
            case Strategy.Hierarchical h -> hierarchical(h);
        };
        // a search keeps the best it saw, so one lucky measurement could make it: measure again beside the runner-up
        if (!(strategy instanceof Strategy.Hierarchical)) chosen = confirm(chosen);
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
        TuneResult partial = new TuneResult(strategy.name(), objective, chosen, chosenValue, bestSeen, bestSeenValue, evaluations, measured,
                rejected, new ArrayList<>(seen.values()), trace);
        note(partial.refusalSummary());
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
        // only the points that satisfy the space's constraints: the others are never built
        List<Config> grid = new ArrayList<>();
        for (long i = 0; i < n; i++) {
            Config c = space.at(i);
            if (space.satisfies(c)) grid.add(c);
        }
        planned = grid.size();
        listener.started("exhaustive", planned);
        Config best = bestOf(lookAll(grid));
        note("exhaustive: " + n + " grid points, " + grid.size() + " satisfy the space's constraints; " + evaluations + " evaluated, "
                + rejected + " refused before running"
                + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    private Config random(Strategy.RandomSearch r) {
        long n = space.gridSize();
        planned = (int) Math.min(r.budget(), n);
        listener.started("random", planned);
        SplittableRandom rnd = new SplittableRandom(r.seed());
        // the draws come from the valid set: a grid point that breaks the space's constraints is
        // passed over inside the sampler (never built, not a draw). Which points count does not
        // depend on their results: draw them all, then evaluate them as one batch; only points the
        // backend refuses (not an evaluation) are drawn again, in a further batch
        Drawn drawn = new Drawn(n);
        long skipped = 0;
        List<TuneRecord> all = new ArrayList<>();
        int counted = 0;
        int barren = 0;   // rounds in a row in which the backend refused every point drawn
        while (counted < r.budget() && drawn.size() < n) {
            if (barren == BARREN_ROUNDS) {
                note("random: stopped drawing after " + BARREN_ROUNDS + " rounds in which the backend refused every point");
                break;
            }
            List<Config> draws = new ArrayList<>();
            while (counted + draws.size() < r.budget() && drawn.size() < n) {
                long i = rnd.nextLong(n);
                if (!drawn.add(i)) continue;
                Config c = space.at(i);
                if (!space.satisfies(c)) {
                    skipped++;
                    continue;
                }
                draws.add(c);
            }
            int before = counted;
            for (TuneRecord x : lookAll(draws)) {
                all.add(x);
                if (x.evaluated()) counted++;
            }
            barren = counted > before || draws.isEmpty() ? 0 : barren + 1;
        }
        Config best = bestOf(all);
        note("random (seed " + r.seed() + ", budget " + r.budget() + "): " + evaluations + " evaluated, " + rejected
                + " refused before running; " + skipped + " grid points passed over in the sampler for breaking the space's constraints"
                + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    /**
     * The genetic algorithm (Kernel Tuner's genetic_algorithm.py, made budget-exact): the first
     * generation is the strategy's seed points, then valid points drawn at random; each later
     * generation is bred from the best points seen so far (elitist): two parents by tournament,
     * uniform crossover, each gene moved to a neighbouring grid value with probability 1/genes, a
     * child that breaks a constraint or was already looked at mutated again (repair) and, failing
     * that, replaced by a fresh valid point. Every point is looked at once; the budget counts
     * evaluations as for random search.
     */
    private Config genetic(Strategy.Genetic g) {
        int pop = Math.max(2, Math.min(g.population(), g.budget()));
        planned = g.budget();
        listener.started("genetic", planned);
        SplittableRandom rnd = new SplittableRandom(g.seed());
        ValidSampler sampler = new ValidSampler(space, rnd);
        Set<Config> proposed = new HashSet<>();
        List<Config> gen = new ArrayList<>();
        int seeded = 0;
        for (Map<String, Integer> m : g.seeds()) {
            Config c;
            try {
                c = space.config(m);
            } catch (IllegalArgumentException e) {
                note("genetic: seed point skipped, outside the space: " + e.getMessage());
                continue;
            }
            if (!space.satisfies(c)) {
                note("genetic: seed point " + c + " skipped: " + space.violation(c).orElse(""));
                continue;
            }
            if (proposed.add(c)) {
                gen.add(c);
                seeded++;
            }
        }
        fill(gen, Math.min(pop, g.budget()), sampler, proposed);
        int drawnFirst = gen.size() - seeded;
        List<TuneRecord> all = new ArrayList<>();
        int generations = 0, barren = 0, bred = 0, repaired = 0, fresh = 0;
        while (!gen.isEmpty()) {
            int room = g.budget() - evaluations;
            List<Config> batch = gen.size() > room ? gen.subList(0, room) : gen;
            int before = evaluations;
            all.addAll(lookAll(batch));
            generations++;
            barren = evaluations > before ? 0 : barren + 1;
            if (evaluations >= g.budget()) break;
            if (barren == BARREN_ROUNDS) {
                note("genetic: stopped after " + BARREN_ROUNDS + " generations in which the backend refused every point");
                break;
            }
            // the parents: the best valid points so far (ties in the order they were looked at)
            List<Config> parents = all.stream().filter(x -> x.evaluation().valid())
                    .sorted((a, b) -> objective.better(a.evaluation().value(), b.evaluation().value()) ? -1
                            : objective.better(b.evaluation().value(), a.evaluation().value()) ? 1 : 0)
                    .limit(pop).map(TuneRecord::config).toList();
            // no more children than the budget has room for: every point proposed is looked at
            int want = Math.min(pop, g.budget() - evaluations);
            List<Config> children = new ArrayList<>();
            if (!parents.isEmpty()) {
                for (int tries = 0; children.size() < want && tries < want * 4; tries++) {
                    Config a = tournament(parents, rnd), b = tournament(parents, rnd);
                    Config child = mutate(crossover(a, b, rnd), rnd, 1.0 / space.params().size());
                    boolean fixed = false;
                    for (int k = 0; k < 20 && (proposed.contains(child) || !space.satisfies(child)); k++) {
                        child = mutate(child, rnd, 0);   // repair: one more gene moved to a neighbour
                        fixed = true;
                    }
                    if (proposed.contains(child) || !space.satisfies(child)) continue;
                    proposed.add(child);
                    children.add(child);
                    bred++;
                    if (fixed) repaired++;
                }
            }
            int had = children.size();
            fill(children, want, sampler, proposed);   // too few distinct children (a converged population): fresh points
            fresh += children.size() - had;
            gen = children;
        }
        if (gen.isEmpty()) note("genetic: every valid point was looked at");
        Config best = bestOf(all);
        note("genetic (seed " + g.seed() + ", budget " + g.budget() + ", population " + pop + "): " + generations + " generations, "
                + seeded + " seed point" + (seeded == 1 ? "" : "s") + " and " + drawnFirst + " random valid points first, then " + bred
                + " children bred (" + repaired + " repaired into the valid set) and " + fresh + " fresh valid points; " + evaluations + " evaluated, " + rejected + " refused before running"
                + (best == null ? ", none valid" : "; best " + best + " = " + fmt(seen.get(best).evaluation().value())));
        return best;
    }

    /** Adds fresh valid points never proposed to {@code gen} until it holds {@code pop} or none is left. */
    private static void fill(List<Config> gen, int pop, ValidSampler sampler, Set<Config> proposed) {
        while (gen.size() < pop) {
            Config c = sampler.next(proposed);
            if (c == null) return;
            proposed.add(c);
            gen.add(c);
        }
    }

    /** The better of two parents drawn at random (lower rank is better). */
    private static Config tournament(List<Config> ranked, SplittableRandom rnd) {
        int i = rnd.nextInt(ranked.size()), j = rnd.nextInt(ranked.size());
        return ranked.get(Math.min(i, j));
    }

    /** Each gene from one parent or the other, evenly. */
    private Config crossover(Config a, Config b, SplittableRandom rnd) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Param p : space.params()) m.put(p.name(), rnd.nextBoolean() ? a.get(p.name()) : b.get(p.name()));
        return new Config(m);
    }

    /**
     * Each gene moved to a neighbouring grid value (one step up or down) with probability
     * {@code chance}; with {@code chance} 0, exactly one gene, picked at random, is moved.
     */
    private Config mutate(Config c, SplittableRandom rnd, double chance) {
        List<Param> ps = space.params();
        Config out = c;
        if (chance == 0) {
            Param p = ps.get(rnd.nextInt(ps.size()));
            return out.with(p.name(), neighbour(p, c.get(p.name()), rnd));
        }
        for (Param p : ps) if (rnd.nextDouble() < chance) out = out.with(p.name(), neighbour(p, c.get(p.name()), rnd));
        return out;
    }

    private static int neighbour(Param p, int v, SplittableRandom rnd) {
        List<Integer> vs = p.values();
        if (vs.size() == 1) return v;
        int k = vs.indexOf(v);
        int step = rnd.nextBoolean() ? 1 : -1;
        if (k + step < 0 || k + step >= vs.size()) step = -step;
        return vs.get(k + step);
    }

    /**
     * Before a search's winner is kept: it and the runner-up (the best other valid point) are
     * measured again, {@code confirmRounds} times each in turn, the order alternating, and the better
     * median wins. One lucky (or unlucky) measurement then cannot choose the winner alone. These
     * re-measurements are neither cached nor counted as evaluations; the trace says what they gave.
     */
    private Config confirm(Config chosen) {
        if (confirmRounds == 0 || chosen == null) return chosen;
        Config second = null;
        double secondValue = Double.NaN;
        for (TuneRecord r : seen.values()) {
            if (r.config().equals(chosen) || !r.evaluation().valid()) continue;
            if (second == null || objective.better(r.evaluation().value(), secondValue)) {
                second = r.config();
                secondValue = r.evaluation().value();
            }
        }
        if (second == null) return chosen;
        if (measured == 0 && cache != null) {
            // everything came from the cache: an earlier run that measured these points re-measured them too; take
            // its pick (the more recent of the two) instead of letting new noise decide a resumed run differently
            var a = cache.chosenAt(context, chosen);
            var b = cache.chosenAt(context, second);
            if (a.isPresent() || b.isPresent()) {
                Config pick = b.isPresent() && (a.isEmpty() || b.get().isAfter(a.get())) ? second : chosen;
                note("every evaluation came from the cache: kept " + pick + ", the earlier run's pick between the winner and the runner-up");
                return pick;
            }
        }
        double[] med = interleaved(chosen, second, confirmRounds);
        String what = "re-measured the winner " + chosen + " (" + fmt(seen.get(chosen).evaluation().value()) + ") beside the runner-up "
                + second + " (" + fmt(secondValue) + "), " + confirmRounds + " rounds each in turn: medians " + fmt(med[0]) + " and " + fmt(med[1]);
        if (objective.better(med[1], med[0])) {
            note(what + "; the runner-up is better, kept it instead");
            return second;
        }
        note(what + "; kept the winner");
        return chosen;
    }

    /** The median of {@code rounds} fresh evaluations of {@code a} and of {@code b}, taken in turn (a failure counts as the worst value). */
    private double[] interleaved(Config a, Config b, int rounds) {
        double worst = objective.direction() == Objective.Direction.MAXIMIZE ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        double[][] v = new double[2][rounds];
        Config[] both = {a, b};
        for (int round = 0; round < rounds; round++) {
            for (int k = 0; k < 2; k++) {
                int i = round % 2 == 0 ? k : 1 - k;
                Evaluation e = remeasure(both[i]);
                v[i][round] = e != null && e.valid() ? e.value() : worst;
            }
        }
        double[] med = new double[2];
        for (int i = 0; i < 2; i++) {
            double[] x = v[i].clone();
            java.util.Arrays.sort(x);
            med[i] = x.length % 2 == 1 ? x[x.length / 2] : (x[x.length / 2 - 1] + x[x.length / 2]) / 2;
        }
        return med;
    }

    /** Grid indices drawn so far: a bit set for grids that fit one, else a hash set. */
    private static final class Drawn {
        private final java.util.BitSet bits;
        private final Set<Long> set;
        private long size;

        Drawn(long n) {
            bits = n <= Integer.MAX_VALUE ? new java.util.BitSet((int) n) : null;
            set = bits == null ? new HashSet<>() : null;
        }

        boolean add(long i) {
            if (bits != null) {
                if (bits.get((int) i)) return false;
                bits.set((int) i);
            } else if (!set.add(i)) {
                return false;
            }
            size++;
            return true;
        }

        long size() {
            return size;
        }
    }

    /**
     * Draws valid points (those that satisfy the space's constraints) at random: from the list of
     * every valid point when the grid is small enough to check whole ({@link #ENUMERATE} points),
     * else by rejection from the grid, giving up after {@link #ATTEMPTS} grid points in a row that
     * were invalid or already proposed (the valid points are then taken as used up).
     */
    static final class ValidSampler {
        static final long ENUMERATE = 1 << 18;
        static final int ATTEMPTS = 200_000;
        private final Space space;
        private final SplittableRandom rnd;
        private List<Config> valid;   // enumerated, shuffled, consumed from the end
        private final Drawn drawn;

        ValidSampler(Space space, SplittableRandom rnd) {
            this.space = space;
            this.rnd = rnd;
            long n = space.gridSize();
            if (n <= ENUMERATE) {
                valid = new ArrayList<>();
                for (long i = 0; i < n; i++) {
                    Config c = space.at(i);
                    if (space.satisfies(c)) valid.add(c);
                }
                for (int i = valid.size() - 1; i > 0; i--) java.util.Collections.swap(valid, i, rnd.nextInt(i + 1));
                drawn = null;
            } else {
                drawn = new Drawn(n);
            }
        }

        /** A valid point not in {@code proposed}, or null when there is none (left). */
        Config next(Set<Config> proposed) {
            if (valid != null) {
                while (!valid.isEmpty()) {
                    Config c = valid.removeLast();
                    if (!proposed.contains(c)) return c;
                }
                return null;
            }
            long n = space.gridSize();
            for (int k = 0; k < ATTEMPTS && drawn.size() < n; k++) {
                long i = rnd.nextLong(n);
                if (!drawn.add(i)) continue;
                Config c = space.at(i);
                if (space.satisfies(c) && !proposed.contains(c)) return c;
            }
            return null;
        }
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
                if (!space.satisfies(cand)) continue;
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

    /**
     * Every combination of the stage's parameters' values, the others as in {@code current}, that
     * satisfies the space's constraints; {@code current} itself always (it is where the stage stands).
     */
    private List<Config> stagePoints(Config current, List<String> params) {
        List<Config> l = new ArrayList<>();
        l.add(current);
        for (String p : params) {
            List<Config> next = new ArrayList<>();
            for (Config c : l) for (int v : space.param(p).values()) next.add(c.with(p, v));
            l = next;
        }
        return l.stream().filter(c -> c.equals(current) || space.satisfies(c)).toList();
    }
}
