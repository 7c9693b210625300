package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** The strategies on a synthetic objective with a known optimum. */
class TunerTest {

    private static Tuner tuner(Evaluator e) {
        // the winner's re-measurement beside the runner-up is GeneticTest's: here every call is an evaluation
        return new Tuner(Synthetic.space(), Objective.maximize("mpps"), e).confirmRounds(0);
    }

    /** The true optimum, by brute force outside the tuner. */
    private static Config argmax() {
        Config best = null;
        for (Config c : Synthetic.space().grid()) {
            if (Synthetic.space().violation(c).isPresent()) continue;
            if (best == null || Synthetic.mpps(c) > Synthetic.mpps(best)) best = c;
        }
        return best;
    }

    @Test
    void exhaustiveFindsTheOptimumAndNeverLooksAtWhatViolatesConstraints() {
        AtomicInteger calls = new AtomicInteger();
        TuneResult r = tuner(c -> {
            calls.incrementAndGet();
            return Evaluation.ok(Synthetic.mpps(c));
        }).run(new Strategy.Exhaustive());
        Config opt = argmax();
        assertEquals(Synthetic.mpps(opt), r.bestValue(), 1e-12);
        assertEquals(Synthetic.mpps(opt), Synthetic.mpps(r.best()), 1e-12);
        // posbs 2048 and 4096 need more than 16 KiB: passed over, never built nor counted as refusals
        long gridSize = Synthetic.space().gridSize();
        long refused = gridSize * 2 / 13;
        assertEquals(0, r.rejected());
        assertEquals(0, r.refusals().get(Status.CONSTRAINT));
        assertEquals(gridSize - refused, r.evaluations());
        assertEquals(r.evaluations(), calls.get());
        assertEquals(r.evaluations(), r.records().size());
        assertTrue(r.records().stream().noneMatch(x -> x.config().get("posbs") >= 2048));
        assertTrue(r.trace().getFirst().contains(gridSize + " grid points, " + (gridSize - refused) + " satisfy the space's constraints"),
                r.trace().toString());
        String why = Synthetic.space().violation(Config.of("posbs", 4096, "simbs", 1, "vwidth", 1, "wgsize", 1, "ngroup", 1)).orElseThrow();
        assertTrue(why.contains("local memory") && why.contains("49152 B"), why);
    }

    @Test
    void hierarchicalReachesNinetyPercentWithAFifthOfTheEvaluations() {
        TuneResult ex = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(new Strategy.Exhaustive());
        TuneResult h = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(Synthetic.hierarchical());
        double ratio = h.bestValue() / ex.bestValue();
        assertTrue(ratio >= 0.90, "hierarchical reached " + ratio + " of the exhaustive best; trace " + h.trace());
        assertTrue(h.evaluations() <= 0.20 * ex.evaluations(),
                h.evaluations() + " evaluations vs " + ex.evaluations() + " exhaustive");
        // its choice is the configuration it reports, measured
        assertEquals(Synthetic.mpps(h.best()), h.bestValue(), 1e-12);
        assertFalse(h.trace().isEmpty());
    }

    @Test
    void reviewShrinksAnOversizedGroup() {
        // posbs, simbs, vwidth chosen large, then wgsize 64 makes simbs*vwidth*wgsize > 2048: the
        // review must shrink a parameter back because throughput rises
        Strategy.Hierarchical h = new Strategy.Hierarchical(
                Map.of("posbs", 256, "simbs", 8, "vwidth", 8, "wgsize", 64, "ngroup", 4),
                List.of(Strategy.Stage.of("ngroup", Strategy.Rule.best())),
                new Strategy.Review(List.of("simbs", "vwidth", "wgsize"), 8));
        TuneResult r = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(h);
        Config b = r.best();
        assertTrue(b.get("simbs") * b.get("vwidth") * b.get("wgsize") <= 2048, "review left " + b);
        assertTrue(r.bestValue() > Synthetic.mpps(Config.of("posbs", 256, "simbs", 8, "vwidth", 8, "wgsize", 64, "ngroup", 4)));
        assertTrue(r.trace().stream().anyMatch(l -> l.startsWith("review round 1:") && l.contains("improves")), r.trace().toString());
    }

    @Test
    void reviewIgnoresImprovementsWithinItsMargin() {
        // from simbs 8 the next smaller value, 4, is 3 % faster here: a 5 % margin keeps 8, none takes 4
        Evaluator e = c -> Evaluation.ok(c.get("simbs") == 4 ? 103 : c.get("simbs") == 8 ? 100 : 50);
        Map<String, Integer> start = Map.of("posbs", 64, "simbs", 8, "vwidth", 1, "wgsize", 1, "ngroup", 1);
        List<Strategy.Stage> none = List.of(Strategy.Stage.of("ngroup", Strategy.Rule.best()));
        TuneResult strict = tuner(e).run(new Strategy.Hierarchical(start, none, new Strategy.Review(List.of("simbs"), 4)));
        TuneResult margin = tuner(e).run(new Strategy.Hierarchical(start, none, new Strategy.Review(List.of("simbs"), 4, 0.05)));
        assertEquals(4, strict.best().get("simbs"));
        assertEquals(8, margin.best().get("simbs"));
        assertThrows(IllegalArgumentException.class, () -> new Strategy.Review(List.of("simbs"), 4, 1.0));
    }

    @Test
    void aConfirmedReviewKeepsTheCurrentPointWhenALuckyMeasurementDoesNotRepeat() {
        // simbs 4 measures 110 the first time (noise), 90 ever after; simbs 8 is always 100
        java.util.concurrent.atomic.AtomicInteger fours = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        Evaluator e = c -> {
            calls.incrementAndGet();
            return Evaluation.ok(c.get("simbs") == 4 ? (fours.getAndIncrement() == 0 ? 110 : 90) : c.get("simbs") == 8 ? 100 : 50);
        };
        Map<String, Integer> start = Map.of("posbs", 64, "simbs", 8, "vwidth", 1, "wgsize", 1, "ngroup", 1);
        List<Strategy.Stage> none = List.of(Strategy.Stage.of("ngroup", Strategy.Rule.best()));
        TuneResult unconfirmed = tuner(e).run(new Strategy.Hierarchical(start, none, new Strategy.Review(List.of("simbs"), 4, 0.03)));
        assertEquals(4, unconfirmed.best().get("simbs"));
        fours.set(0);
        calls.set(0);
        TuneResult confirmed = tuner(e).run(new Strategy.Hierarchical(start, none, new Strategy.Review(List.of("simbs"), 4, 0.03, 3)));
        assertEquals(8, confirmed.best().get("simbs"), confirmed.trace().toString());
        // 3 rounds of both points measured again, which are not new evaluations
        assertEquals(confirmed.evaluations() + 6, calls.get(), "re-measurements are not new evaluations");
        assertTrue(confirmed.trace().stream().anyMatch(l -> l.contains("looked better") && l.contains("kept 8")), confirmed.trace().toString());

        // a real gain survives the confirmation
        Evaluator real = c -> Evaluation.ok(c.get("simbs") == 4 ? 110 : c.get("simbs") == 8 ? 100 : 50);
        TuneResult kept = tuner(real).run(new Strategy.Hierarchical(start, none, new Strategy.Review(List.of("simbs"), 4, 0.03, 3)));
        assertEquals(4, kept.best().get("simbs"));
        assertThrows(IllegalArgumentException.class, () -> new Strategy.Review(List.of("simbs"), 4, 0.03, -1));
    }

    /**
     * A start that a constraint (or the backend) refuses leaves the first stage with no valid point: that stage is swept
     * again once a later stage has reached a valid point, instead of being skipped for good.
     */
    @Test
    void aStageWithNoValidPointIsSweptAgainFromTheFirstValidPoint() {
        Strategy.Hierarchical h = new Strategy.Hierarchical(
                Map.of("posbs", 4096, "simbs", 1, "vwidth", 1, "wgsize", 1, "ngroup", 1),   // posbs 4096 breaks local memory
                List.of(Strategy.Stage.of("simbs", Strategy.Rule.best()), Strategy.Stage.of("posbs", Strategy.Rule.best())), null);
        TuneResult r = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(h);
        assertEquals(16, r.best().get("simbs"), "simbs swept again at a valid posbs; trace " + r.trace());
        assertTrue(r.trace().getFirst().startsWith("stage simbs: no valid point"), r.trace().toString());
        assertTrue(r.trace().stream().anyMatch(l -> l.startsWith("stage simbs (again, from the valid point stage posbs reached)")),
                r.trace().toString());
        assertEquals(Synthetic.mpps(r.best()), r.bestValue(), 1e-12);
    }

    @Test
    void smallestWithinRulePrefersLessLocalMemory() {
        // posbs alone: best is the largest allowed (1024) but 64 already reaches 97 %
        Strategy.Hierarchical h = new Strategy.Hierarchical(
                Map.of("posbs", 1, "simbs", 1, "vwidth", 1, "wgsize", 1, "ngroup", 1),
                List.of(Strategy.Stage.of("posbs", Strategy.Rule.smallestWithin(0.97))), null);
        TuneResult r = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(h);
        int chosen = r.best().get("posbs");
        // 1/(1+16/p) >= 0.97 * 1/(1+16/1024)  <=> p >= 512 here
        double best = 1 / (1 + 16 / 1024.0);
        int expected = 1;
        while (1 / (1 + 16.0 / expected) < 0.97 * best) expected *= 2;
        assertEquals(expected, chosen);
        assertEquals(1024, r.bestSeen().get("posbs"));
    }

    @Test
    void randomIsSeededAndKeepsItsBudget() {
        TuneResult a = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(new Strategy.RandomSearch(7, 40));
        TuneResult b = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(new Strategy.RandomSearch(7, 40));
        TuneResult c = tuner(x -> Evaluation.ok(Synthetic.mpps(x))).run(new Strategy.RandomSearch(8, 40));
        assertEquals(40, a.evaluations());
        assertEquals(a.records().stream().map(TuneRecord::config).toList(), b.records().stream().map(TuneRecord::config).toList());
        assertNotEquals(a.records().stream().map(TuneRecord::config).toList(), c.records().stream().map(TuneRecord::config).toList());
        assertEquals(a.records().size(), a.evaluations() + a.rejected(), "each configuration looked at once");
    }

    /** A point the backend refuses before running (its route cannot express it): rejected with the reason, never an evaluation. */
    private static Evaluation refusingVwidth16(Config c) {
        if (c.get("vwidth") == 16) return Evaluation.invalid(Status.CONSTRAINT, "vwidth=16 is not expressed (no float16)");
        return Evaluation.ok(Synthetic.mpps(c));
    }

    @Test
    void backendRefusalsAreRejectedNotEvaluated() {
        AtomicInteger calls = new AtomicInteger();
        TuneResult r = tuner(c -> {
            calls.incrementAndGet();
            return refusingVwidth16(c);
        }).run(new Strategy.Exhaustive());
        long gridSize = Synthetic.space().gridSize();
        long byConstraint = gridSize * 2 / 13;          // posbs 2048, 4096 (never reach the evaluator)
        long byBackend = (gridSize - byConstraint) / 5;  // vwidth 16 of 1..16
        assertEquals(gridSize - byConstraint, calls.get());
        assertEquals(byBackend, r.rejected(), "the space's constraints are never looked at, the backend's refusals are");
        assertEquals(gridSize - byConstraint - byBackend, r.evaluations());
        assertEquals(r.evaluations(), r.measured());
        assertNotEquals(16, r.best().get("vwidth"));
        TuneRecord refused = r.records().stream().filter(x -> x.config().get("vwidth") == 16 && x.config().get("posbs") == 1)
                .findFirst().orElseThrow();
        assertFalse(refused.evaluated());
        assertEquals("vwidth=16 is not expressed (no float16)", refused.evaluation().message());
        assertTrue(r.trace().getFirst().contains(r.rejected() + " refused"), r.trace().toString());
    }

    @Test
    void randomDrawsAgainForPointsTheBackendRefused() {
        TuneResult r = tuner(TunerTest::refusingVwidth16).run(new Strategy.RandomSearch(7, 40));
        assertEquals(40, r.evaluations(), "the budget counts evaluations, not refusals; trace " + r.trace());
        assertTrue(r.records().stream().anyMatch(x -> x.evaluation().status() == Status.CONSTRAINT && x.config().get("vwidth") == 16),
                "seed 7's first 40 valid draws include vwidth 16");
        assertEquals(r.records().size(), r.evaluations() + r.rejected());
        // the same seed without refusals: its 40 are the first 40 of this run's valid draws
        TuneResult plain = tuner(c -> Evaluation.ok(Synthetic.mpps(c))).run(new Strategy.RandomSearch(7, 40));
        List<Config> first = plain.records().stream().map(TuneRecord::config).toList();
        assertEquals(first, r.records().subList(0, first.size()).stream().map(TuneRecord::config).toList());
    }

    @Test
    void randomStopsDrawingWhenTheBackendRefusesEverything() {
        AtomicInteger calls = new AtomicInteger();
        TuneResult r = tuner(c -> {
            calls.incrementAndGet();
            return Evaluation.invalid(Status.CONSTRAINT, "no implementation on this route");
        }).run(new Strategy.RandomSearch(3, 10));
        assertNull(r.best());
        assertEquals(0, r.evaluations());
        assertEquals(Tuner.BARREN_ROUNDS * 10, calls.get(), "three rounds of the budget's 10, then it stops");
        assertTrue(r.trace().stream().anyMatch(l -> l.contains("backend refused every point")), r.trace().toString());
        // draws that broke the space's own constraint (posbs 2048 and 4096) were passed over in the sampler
        assertEquals("no valid configuration: 30 of 30 points constraint: no implementation on this route", r.noneValid());
    }

    @Test
    void invalidConfigurationsCarryTheirReasonsAndAreNeverChosen() {
        TuneResult r = tuner(c -> {
            if (c.get("vwidth") == 16) return Evaluation.invalid(Status.COMPILE_ERROR, "float16 not supported");
            if (c.get("simbs") == 16) throw new IllegalStateException("launch failed");
            if (c.get("wgsize") == 64) return Evaluation.invalid(Status.WRONG_RESULT, "simulation[3] off by 1e-2");
            return Evaluation.ok(Synthetic.mpps(c));
        }).run(new Strategy.Exhaustive());
        Map<Status, Integer> count = new HashMap<>();
        for (TuneRecord x : r.records()) count.merge(x.evaluation().status(), 1, Integer::sum);
        assertTrue(count.get(Status.COMPILE_ERROR) > 0 && count.get(Status.RUNTIME_ERROR) > 0 && count.get(Status.WRONG_RESULT) > 0, count.toString());
        assertNotEquals(16, r.best().get("vwidth"));
        assertNotEquals(16, r.best().get("simbs"));
        assertNotEquals(64, r.best().get("wgsize"));
        TuneRecord crashed = r.records().stream().filter(x -> x.evaluation().status() == Status.RUNTIME_ERROR).findFirst().orElseThrow();
        assertEquals("IllegalStateException: launch failed", crashed.evaluation().message());
    }

    @Test
    void badSpacesAndStartsAreRefusedWithTheReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Param.of("posbs", 4, 4));
        assertTrue(e.getMessage().contains("twice"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Param.of("posbs"));
        assertTrue(e.getMessage().contains("at least one value"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Param.powersOfTwo("posbs", 3, 8));
        assertTrue(e.getMessage().contains("powers of two"), e.getMessage());
        Strategy.Hierarchical bad = new Strategy.Hierarchical(Map.of("posbs", 3, "simbs", 1, "vwidth", 1, "wgsize", 1, "ngroup", 1),
                List.of(Strategy.Stage.of("posbs", Strategy.Rule.best())), null);
        e = assertThrows(IllegalArgumentException.class, () -> tuner(c -> Evaluation.ok(1)).run(bad));
        assertTrue(e.getMessage().contains("posbs=3 is not in the space"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Synthetic.space().param("nope"));
        assertTrue(e.getMessage().contains("posbs"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new Strategy.RandomSearch(1, 0));
        assertTrue(e.getMessage().contains("budget"), e.getMessage());
    }
}
