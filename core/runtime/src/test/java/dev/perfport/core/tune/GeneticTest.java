package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** The genetic strategy, random search's sampler and the winner's re-measurement, on synthetic objectives with known optima. */
class GeneticTest {

    /**
     * A GEMM-like space: tiles, threads and vector widths whose divisibility rules refuse most of the
     * grid (as GEMM's do), and a deterministic throughput with one best point.
     */
    static Space gemmLike() {
        return new Space(List.of(
                Param.powersOfTwo("mwg", 16, 128), Param.powersOfTwo("nwg", 16, 128), Param.powersOfTwo("kwg", 8, 64),
                Param.powersOfTwo("mdimc", 4, 32), Param.powersOfTwo("ndimc", 4, 32),
                Param.powersOfTwo("vwm", 1, 8), Param.powersOfTwo("vwn", 1, 8), Param.of("sa", 0, 1), Param.of("sb", 0, 1)),
                List.of(Constraint.of("tile", c -> c.get("mwg") % (c.get("mdimc") * c.get("vwm")) == 0
                                && c.get("nwg") % (c.get("ndimc") * c.get("vwn")) == 0, c -> "tile not a multiple of threads x vector"),
                        Constraint.of("work-group", c -> c.get("mdimc") * c.get("ndimc") <= 256, c -> "more than 256 work-items"),
                        Constraint.of("local memory", c -> 4 * c.get("kwg") * (c.get("sa") * c.get("mwg") + c.get("sb") * c.get("nwg")) <= 32768,
                                c -> "local memory over 32 KiB")));
    }

    /** Throughput with a single peak at mwg 128, nwg 64, kwg 32, 16x8 threads, vectors 4x4, both staged. */
    static double gflops(Config c) {
        double v = 1000;
        v *= bell(c.get("mwg"), 128) * bell(c.get("nwg"), 64) * bell(c.get("kwg"), 32);
        v *= bell(c.get("mdimc"), 16) * bell(c.get("ndimc"), 8) * bell(c.get("vwm"), 4) * bell(c.get("vwn"), 4);
        v *= (c.get("sa") == 1 ? 1 : 0.8) * (c.get("sb") == 1 ? 1 : 0.85);
        return v;
    }

    private static double bell(int x, int best) {
        double d = Math.abs(Math.log(x / (double) best) / Math.log(2));
        return 1 / (1 + 0.35 * d * d);
    }

    private static double optimum(Space s) {
        double best = 0;
        for (Config c : s.grid()) if (s.satisfies(c)) best = Math.max(best, gflops(c));
        return best;
    }

    private static final Map<String, Integer> DEFAULT = Map.of("mwg", 64, "nwg", 64, "kwg", 16, "mdimc", 16, "ndimc", 16,
            "vwm", 1, "vwn", 1, "sa", 1, "sb", 1);

    private static Tuner tuner(Space s, Evaluator e) {
        return new Tuner(s, Objective.maximize("GFLOP/s"), e).confirmRounds(0);
    }

    @Test
    void findsWithinFivePercentOfTheOptimumInASmallBudgetAndBeatsRandomSearch() {
        Space s = gemmLike();
        double opt = optimum(s);
        int budget = 100;
        double ga = 0, random = 0;
        for (long seed : new long[]{1, 2, 3}) {
            TuneResult g = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.Genetic(seed, budget, List.of(DEFAULT)));
            TuneResult r = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.RandomSearch(seed, budget));
            assertTrue(g.bestValue() >= 0.95 * opt, "seed " + seed + ": genetic reached " + g.bestValue() / opt + " of the optimum; " + g.trace());
            assertEquals(budget, g.evaluations());
            assertEquals(budget, r.evaluations());
            ga += g.bestValue() / opt;
            random += r.bestValue() / opt;
        }
        assertTrue(ga > random, "genetic " + ga / 3 + " vs random " + random / 3 + " of the optimum on average");
    }

    @Test
    void keepsTheBudgetEvaluatesNoPointTwiceAndNeverDrawsAPointTheConstraintsRefuse() {
        Space s = gemmLike();
        for (int budget : new int[]{1, 7, 20, 57}) {
            Map<Config, Integer> calls = new HashMap<>();
            TuneResult g = tuner(s, c -> {
                calls.merge(c, 1, Integer::sum);
                return Evaluation.ok(gflops(c));
            }).run(new Strategy.Genetic(5, budget, List.of(DEFAULT)));
            assertEquals(budget, g.evaluations(), g.trace().toString());
            assertEquals(budget, calls.size());
            assertTrue(calls.values().stream().allMatch(n -> n == 1), "a point evaluated twice: " + calls);
            assertEquals(0, g.refusals().get(Status.CONSTRAINT));
            assertEquals(0, g.rejected());
            assertTrue(calls.keySet().stream().allMatch(s::satisfies));
            // the trace accounts for every point: seed + random first, then bred + fresh, all evaluated
            var m = java.util.regex.Pattern.compile("(\\d+) seed points? and (\\d+) random valid points first, then (\\d+) children bred "
                    + "\\((\\d+) repaired into the valid set\\) and (\\d+) fresh valid points").matcher(g.trace().getFirst());
            assertTrue(m.find(), g.trace().getFirst());
            int sum = Integer.parseInt(m.group(1)) + Integer.parseInt(m.group(2)) + Integer.parseInt(m.group(3)) + Integer.parseInt(m.group(5));
            assertEquals(budget, sum, g.trace().getFirst());
        }
    }

    @Test
    void theSeedPointIsEvaluatedSoTheResultIsNeverWorseThanTheDefault() {
        Space s = gemmLike();
        Config def = s.config(DEFAULT);
        TuneResult g = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.Genetic(9, 3, List.of(DEFAULT)));
        assertEquals(def, g.records().getFirst().config());
        assertTrue(g.bestValue() >= gflops(def));
        // a seed point outside the constraints is skipped, with the reason
        Map<String, Integer> bad = new HashMap<>(DEFAULT);
        bad.put("mdimc", 32);
        bad.put("ndimc", 32);
        TuneResult h = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.Genetic(9, 3, List.of(bad)));
        assertTrue(h.trace().stream().anyMatch(l -> l.contains("seed point") && l.contains("more than 256 work-items")), h.trace().toString());
    }

    @Test
    void theSameSeedMakesTheSameDecisions() {
        Space s = gemmLike();
        TuneResult a = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.Genetic(11, 60, List.of(DEFAULT)));
        TuneResult b = tuner(s, c -> Evaluation.ok(gflops(c))).run(new Strategy.Genetic(11, 60, List.of(DEFAULT)));
        TuneResult c = tuner(s, x -> Evaluation.ok(gflops(x))).run(new Strategy.Genetic(12, 60, List.of(DEFAULT)));
        assertEquals(configs(a), configs(b));
        assertNotEquals(configs(a), configs(c));
    }

    @Test
    void aSmallValidSetIsUsedUpWithoutRepeats() {
        // 4 x 4 grid, 6 valid points: a budget of 50 evaluates the 6 and stops
        Space s = new Space(List.of(Param.of("a", 1, 2, 3, 4), Param.of("b", 1, 2, 3, 4)),
                List.of(Constraint.of("a <= b", c -> c.get("a") < c.get("b"), c -> "a must be below b")));
        AtomicInteger calls = new AtomicInteger();
        TuneResult g = tuner(s, c -> {
            calls.incrementAndGet();
            return Evaluation.ok(c.get("a") * 10 + c.get("b"));
        }).run(new Strategy.Genetic(1, 50, List.of(Map.of("a", 1, "b", 2))));
        assertEquals(6, g.evaluations());
        assertEquals(6, calls.get());
        assertEquals(Config.of("a", 3, "b", 4), g.best());
        assertTrue(g.trace().stream().anyMatch(l -> l.contains("every valid point was looked at")), g.trace().toString());
    }

    @Test
    void routeRefusalsDoNotCountAndAreTalliedApartFromConstraints() {
        Space s = gemmLike();
        TuneResult g = tuner(s, c -> c.get("vwm") == 8 ? Evaluation.invalid(Status.ROUTE_REFUSED, "no float8 on this route")
                : c.get("vwn") == 8 ? Evaluation.invalid(Status.COMPILE_ERROR, "float8 did not build")
                : Evaluation.ok(gflops(c))).run(new Strategy.Genetic(4, 40, List.of(DEFAULT)));
        assertEquals(40, g.evaluations(), "route refusals are not evaluations; build failures are");
        Map<Status, Integer> k = g.refusals();
        assertEquals(0, k.get(Status.CONSTRAINT));
        assertTrue(k.get(Status.ROUTE_REFUSED) > 0 && k.get(Status.COMPILE_ERROR) > 0, k.toString());
        assertEquals(g.rejected(), (int) k.get(Status.ROUTE_REFUSED));
        String summary = g.trace().getLast();
        assertTrue(summary.startsWith("refusals by kind: constraint 0, route-refused " + k.get(Status.ROUTE_REFUSED) + " (no float8 on this route)"), summary);
        assertTrue(summary.contains("compile-error " + k.get(Status.COMPILE_ERROR) + " (float8 did not build)"), summary);
    }

    @Test
    void randomSearchDrawsOnlyValidPointsAndKeepsItsBudget() {
        Space s = gemmLike();
        Map<Config, Integer> calls = new HashMap<>();
        TuneResult r = tuner(s, c -> {
            calls.merge(c, 1, Integer::sum);
            return Evaluation.ok(gflops(c));
        }).run(new Strategy.RandomSearch(3, 40));
        assertEquals(40, r.evaluations());
        assertEquals(40, r.records().size(), "every point drawn is evaluated: no constraint refusal among them");
        assertEquals(0, r.refusals().get(Status.CONSTRAINT));
        assertTrue(calls.keySet().stream().allMatch(s::satisfies));
        assertTrue(r.trace().getFirst().contains("passed over in the sampler"), r.trace().toString());
    }

    /** A bad configuration measures spuriously fast the first time; the re-measurement beside the runner-up keeps the truly better one. */
    @Test
    void oneSpuriouslyFastMeasurementDoesNotChooseTheWinner() {
        Space s = new Space(List.of(Param.of("x", 1, 2, 3, 4, 5, 6, 7, 8)), List.of());
        Map<Integer, Integer> seenX = new HashMap<>();
        List<Integer> measured = new ArrayList<>();
        Evaluator e = c -> {
            int x = c.get("x");
            measured.add(x);
            boolean first = seenX.merge(x, 1, Integer::sum) == 1;
            if (x == 2 && first) return Evaluation.ok(500);      // noise: 2 is truly slow (20)
            return Evaluation.ok(x == 6 ? 100 : 10 * x);         // 6 is truly the best (100 > 80)
        };
        TuneResult r = new Tuner(s, Objective.maximize("GFLOP/s"), e).run(new Strategy.Exhaustive());
        assertEquals(Config.of("x", 6), r.best(), r.trace().toString());
        assertEquals(Config.of("x", 2), r.bestSeen(), "the raw best seen is the lucky one");
        assertTrue(r.trace().stream().anyMatch(l -> l.contains("re-measured the winner x=2") && l.contains("runner-up x=6")
                && l.contains("kept it instead")), r.trace().toString());
        assertEquals(8 + 2 * Tuner.CONFIRM_ROUNDS, measured.size(), "8 evaluations, then 3 rounds of each of the two");
        assertEquals(8, r.evaluations(), "re-measurements are not evaluations");
        // interleaved: winner, runner-up, runner-up, winner, winner, runner-up
        assertEquals(List.of(2, 6, 6, 2, 2, 6), measured.subList(8, 14));

        // the same through the genetic strategy, whose first generation holds the lucky point
        seenX.clear();
        measured.clear();
        TuneResult g = new Tuner(s, Objective.maximize("GFLOP/s"), e).run(new Strategy.Genetic(1, 8, List.of(Map.of("x", 2))));
        assertEquals(Config.of("x", 6), g.best(), g.trace().toString());

        // a truly better winner is kept
        TuneResult honest = new Tuner(s, Objective.maximize("GFLOP/s"), c -> Evaluation.ok(c.get("x"))).run(new Strategy.RandomSearch(1, 8));
        assertEquals(Config.of("x", 8), honest.best());
        assertTrue(honest.trace().stream().anyMatch(l -> l.contains("kept the winner")), honest.trace().toString());
    }

    /** A run served wholly from the cache keeps the earlier run's pick between winner and runner-up, measuring nothing. */
    @Test
    void aRunFromTheCacheKeepsTheEarlierRunsPick(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        Space s = new Space(List.of(Param.of("x", 1, 2, 3, 4, 5, 6, 7, 8)), List.of());
        TuneCache cache = TuneCache.open(dir.resolve("c.json"));
        TuneContext ctx = TuneCacheTest.CTX;
        Map<Integer, Integer> seenX = new HashMap<>();
        Evaluator lucky = c -> {
            int x = c.get("x");
            boolean first = seenX.merge(x, 1, Integer::sum) == 1;
            return Evaluation.ok(x == 2 && first ? 500 : x == 6 ? 100 : 10 * x);
        };
        TuneResult first = new Tuner(s, Objective.maximize("GFLOP/s"), lucky).cache(cache, ctx).run(new Strategy.Exhaustive());
        assertEquals(Config.of("x", 6), first.best());
        AtomicInteger calls = new AtomicInteger();
        TuneResult again = new Tuner(s, Objective.maximize("GFLOP/s"), c -> {
            calls.incrementAndGet();
            return Evaluation.ok(1);
        }).cache(cache, ctx).run(new Strategy.Exhaustive());
        assertEquals(0, calls.get(), "nothing measured, nothing re-measured");
        assertEquals(Config.of("x", 6), again.best(), again.trace().toString());
        assertTrue(again.trace().stream().anyMatch(l -> l.contains("the earlier run's pick")), again.trace().toString());
    }

    private static List<Config> configs(TuneResult r) {
        return r.records().stream().map(TuneRecord::config).toList();
    }
}
