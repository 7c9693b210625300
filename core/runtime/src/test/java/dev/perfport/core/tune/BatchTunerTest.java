package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.*;

/** The tuner's batches: what each strategy hands over at once, and that a parallel evaluator changes nothing. */
class BatchTunerTest {

    private static Evaluator synthetic() {
        return c -> Evaluation.ok(Synthetic.mpps(c));
    }

    /** Records each batch's size, then evaluates it in reverse order (results arriving out of order). */
    private static BatchEvaluator recording(List<Integer> sizes) {
        return (batch, sink) -> {
            sizes.add(batch.size());
            for (int i = batch.size() - 1; i >= 0; i--) sink.accept(i, Evaluation.ok(Synthetic.mpps(batch.get(i))));
        };
    }

    private static List<Strategy> strategies() {
        return List.of(new Strategy.Exhaustive(), new Strategy.RandomSearch(7, 40), Synthetic.hierarchical());
    }

    @Test
    void everyStrategyGivesTheSameResultInBatchesAndOutOfOrder() {
        for (Strategy s : strategies()) {
            TuneResult one = new Tuner(Synthetic.space(), Objective.maximize("mpps"), synthetic()).confirmRounds(0).run(s);
            List<Integer> sizes = new ArrayList<>();
            TuneResult batched = new Tuner(Synthetic.space(), Objective.maximize("mpps"), recording(sizes)).confirmRounds(0).run(s);
            assertEquals(one.best(), batched.best(), s.name());
            assertEquals(one.evaluations(), batched.evaluations(), s.name());
            assertEquals(one.rejected(), batched.rejected(), s.name());
            assertEquals(one.records(), batched.records(), s.name() + ": the same records in the same order");
            assertEquals(one.trace(), batched.trace(), s.name());
            assertEquals(one.measured(), sizes.stream().mapToInt(Integer::intValue).sum(), s.name());
        }
    }

    @Test
    void exhaustiveAndRandomAskForOneBatchHierarchicalOnePerStage() {
        List<Integer> sizes = new ArrayList<>();
        TuneResult ex = new Tuner(Synthetic.space(), Objective.maximize("mpps"), recording(sizes)).confirmRounds(0).run(new Strategy.Exhaustive());
        assertEquals(List.of(ex.evaluations()), sizes);
        sizes.clear();
        new Tuner(Synthetic.space(), Objective.maximize("mpps"), recording(sizes)).confirmRounds(0).run(new Strategy.RandomSearch(3, 25));
        assertEquals(List.of(25), sizes);
        sizes.clear();
        Strategy.Hierarchical h = Synthetic.hierarchical();
        new Tuner(Synthetic.space(), Objective.maximize("mpps"), recording(sizes)).confirmRounds(0).run(h);
        assertTrue(sizes.size() >= h.stages().size(), "a batch per stage at least: " + sizes);
        assertTrue(sizes.getFirst() > 1, "the first stage's sweep is one batch: " + sizes);
    }

    @Test
    void aPoolOfDevicesEvaluatesEachConfigurationOnceOnEveryDevice() {
        Map<String, AtomicInteger> perDevice = new ConcurrentHashMap<>();
        Set<Config> evaluated = ConcurrentHashMap.newKeySet();
        List<Evaluator> devices = new ArrayList<>();
        for (String d : List.of("dev0", "dev1", "dev2")) {
            devices.add(c -> {
                assertTrue(evaluated.add(c), "evaluated twice: " + c);
                perDevice.computeIfAbsent(d, k -> new AtomicInteger()).incrementAndGet();
                Thread.sleep(1); // let the others take some of the batch
                return Evaluation.ok(Synthetic.mpps(c));
            });
        }
        Strategy s = new Strategy.RandomSearch(11, 300);
        TuneResult one = new Tuner(Synthetic.space(), Objective.maximize("mpps"), synthetic()).confirmRounds(0).run(s);
        TuneResult pool = new Tuner(Synthetic.space(), Objective.maximize("mpps"), BatchEvaluator.pool(devices)).confirmRounds(0).run(s);
        assertEquals(one.best(), pool.best());
        assertEquals(one.records(), pool.records());
        assertEquals(one.evaluations(), evaluated.size());
        assertTrue(perDevice.size() >= 2, "the batch was shared by the devices: " + perDevice);
    }

    @Test
    void resultsGoToTheCacheAsTheyArriveAndAResumedRunMeasuresNothingAgain(@TempDir Path dir) {
        TuneContext ctx = new TuneContext("test", new DeviceFingerprint("d", "v", "", "", 1, 1024, ""), "k", Map.of());
        TuneCache cache = TuneCache.open(dir.resolve("c.json"));
        List<Integer> arrivals = Collections.synchronizedList(new ArrayList<>());
        TuneResult first = new Tuner(Synthetic.space(), Objective.maximize("mpps"), BatchEvaluator.pool(List.of(synthetic(), synthetic())))
                .confirmRounds(0).cache(cache, ctx).listener(new Tuner.Listener() {
                    @Override
                    public void looked(TuneRecord record, int evaluations, int planned) {
                        arrivals.add(evaluations);
                    }
                }).run(new Strategy.Exhaustive());
        assertEquals(first.records().size(), arrivals.size(), "progress once per configuration");
        assertEquals(first.records().stream().filter(x -> x.evaluation().status() != Status.CONSTRAINT).count(), first.evaluations());
        assertEquals(first.evaluations(), cache.size());
        TuneResult again = new Tuner(Synthetic.space(), Objective.maximize("mpps"), (batch, sink) -> fail("nothing left to measure")).confirmRounds(0)
                .cache(TuneCache.open(dir.resolve("c.json")), ctx).run(new Strategy.Exhaustive());
        assertEquals(0, again.measured());
        assertEquals(first.best(), again.best());
    }

    @Test
    void aConfigurationNeverReportedIsARuntimeErrorAndADoubleReportIsRefused() {
        Strategy s = new Strategy.RandomSearch(5, 6);
        TuneResult r = new Tuner(Synthetic.space(), Objective.maximize("mpps"), (batch, sink) -> {
            for (int i = 1; i < batch.size(); i++) sink.accept(i, Evaluation.ok(Synthetic.mpps(batch.get(i))));
        }).run(s);
        TuneRecord missing = r.records().stream().filter(x -> x.evaluation().status() == Status.RUNTIME_ERROR).findFirst().orElseThrow();
        assertTrue(missing.evaluation().message().contains("no result"), missing.evaluation().message());
        assertEquals(6, r.evaluations());

        TuneResult d = new Tuner(Synthetic.space(), Objective.maximize("mpps"), (batch, sink) -> {
            sink.accept(0, Evaluation.ok(1));
            sink.accept(0, Evaluation.ok(2));
        }).run(s);
        assertEquals(6, d.evaluations(), "counted once");
        assertEquals(1.0, d.records().stream().filter(x -> x.evaluation().valid()).findFirst().orElseThrow().evaluation().value());
        assertTrue(d.records().stream().anyMatch(x -> String.valueOf(x.evaluation().message()).contains("reported twice")),
                d.records().toString());
    }
}
