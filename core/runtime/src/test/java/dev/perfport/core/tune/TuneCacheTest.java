package dev.perfport.core.tune;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The cache: resume after a kill, atomic rewrites, invalid records with reasons, keys. */
class TuneCacheTest {
    static final DeviceFingerprint DEV = new DeviceFingerprint("Test device", "perfport", "1.0", "OpenCL 3.0", 4, 65536, "abc");
    static final TuneContext CTX = new TuneContext("jocl", DEV, "0123456789abcdef", Map.of("npos", "4096", "variant", "singlebuffer"));

    /** Thrown by an evaluator to stand for the process being killed (an Error stops the tuner). */
    static final class Killed extends Error {
    }

    @Test
    void aKilledRunResumesAndMeasuresOnlyWhatIsMissing(@TempDir Path dir) {
        Path file = dir.resolve("cache.json");
        Strategy s = Synthetic.hierarchical();
        TuneResult uninterrupted = new Tuner(Synthetic.space(), Objective.maximize("mpps"), c -> Evaluation.ok(Synthetic.mpps(c)))
                .cache(TuneCache.open(dir.resolve("other.json")), CTX).run(s);

        AtomicInteger calls = new AtomicInteger();
        int killAfter = uninterrupted.evaluations() / 2;
        Tuner first = new Tuner(Synthetic.space(), Objective.maximize("mpps"), c -> {
            if (calls.incrementAndGet() > killAfter) throw new Killed();
            return Evaluation.ok(Synthetic.mpps(c));
        }).cache(TuneCache.open(file), CTX);
        assertThrows(Killed.class, () -> first.run(s));
        assertEquals(killAfter, TuneCache.open(file).size(), "every measured configuration was saved before the kill");

        AtomicInteger again = new AtomicInteger();
        TuneResult resumed = new Tuner(Synthetic.space(), Objective.maximize("mpps"), c -> {
            again.incrementAndGet();
            return Evaluation.ok(Synthetic.mpps(c));
        }).cache(TuneCache.open(file), CTX).run(s);
        assertEquals(uninterrupted.evaluations(), resumed.evaluations(), "cached evaluations count toward the same total");
        assertEquals(uninterrupted.evaluations() - killAfter, resumed.measured());
        assertEquals(resumed.measured(), again.get());
        assertEquals(killAfter, resumed.fromCache());
        assertEquals(uninterrupted.best(), resumed.best());
        assertEquals(uninterrupted.bestValue(), resumed.bestValue());
    }

    @Test
    void aRandomRunResumedCountsCachedEvaluationsTowardItsBudget(@TempDir Path dir) {
        Path file = dir.resolve("cache.json");
        Strategy s = new Strategy.RandomSearch(3, 30);
        AtomicInteger calls = new AtomicInteger();
        Tuner first = new Tuner(Synthetic.space(), Objective.maximize("mpps"), c -> {
            if (calls.incrementAndGet() > 10) throw new Killed();
            return Evaluation.ok(Synthetic.mpps(c));
        }).cache(TuneCache.open(file), CTX);
        assertThrows(Killed.class, () -> first.run(s));
        TuneResult r = new Tuner(Synthetic.space(), Objective.maximize("mpps"), c -> Evaluation.ok(Synthetic.mpps(c)))
                .cache(TuneCache.open(file), CTX).run(s);
        assertEquals(30, r.evaluations());
        assertEquals(20, r.measured());
    }

    @Test
    void invalidRecordsKeepStatusAndReasonAcrossProcesses(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub").resolve("cache.json");
        TuneCache c = TuneCache.open(file);
        Config a = Config.of("posbs", 64, "simbs", 1);
        Config b = Config.of("posbs", 4096, "simbs", 1);
        c.put(CTX, a, Evaluation.ok(123.5));
        c.put(CTX, b, Evaluation.invalid(Status.COMPILE_ERROR, "error: \"float16\" unknown\nline 2"));
        TuneCache reread = TuneCache.open(file);
        assertEquals(Evaluation.ok(123.5), reread.get(CTX, a).orElseThrow());
        Evaluation e = reread.get(CTX, b).orElseThrow();
        assertEquals(Status.COMPILE_ERROR, e.status());
        assertEquals("error: \"float16\" unknown\nline 2", e.message());
        // the file says it in words, too
        String text = Files.readString(file);
        Map<?, ?> stored = (Map<?, ?>) ((List<?>) ((Map<?, ?>) new ObjectMapper().readValue(text, Object.class)).get("entries")).stream()
                .filter(o -> "compile-error".equals(((Map<?, ?>) o).get("status"))).findFirst().orElseThrow(() -> new AssertionError(text));
        assertEquals(false, stored.get("valid"), text);
        // any part of the key differing misses
        assertTrue(reread.get(new TuneContext("cell-emulation", DEV, CTX.kernelHash(), CTX.fixed()), a).isEmpty());
        assertTrue(reread.get(new TuneContext("jocl", new DeviceFingerprint("Other", "perfport", "1.0", "OpenCL 3.0", 4, 65536, "abc"),
                CTX.kernelHash(), CTX.fixed()), a).isEmpty());
        assertTrue(reread.get(new TuneContext("jocl", DEV, "ffffffffffffffff", CTX.fixed()), a).isEmpty());
        assertTrue(reread.get(new TuneContext("jocl", DEV, CTX.kernelHash(), Map.of("npos", "8192", "variant", "singlebuffer")), a).isEmpty());
        assertTrue(reread.get(CTX, Config.of("posbs", 64, "simbs", 2)).isEmpty());
        // declaration order of the parameters does not matter
        assertTrue(reread.get(CTX, Config.of("simbs", 1, "posbs", 64)).isPresent());
    }

    @Test
    void rewritesAreAtomicForConcurrentReaders(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cache.json");
        TuneCache c = TuneCache.open(file);
        c.put(CTX, Config.of("posbs", 0), Evaluation.ok(1));
        AtomicBoolean done = new AtomicBoolean();
        List<String> torn = new ArrayList<>();
        AtomicInteger reads = new AtomicInteger();
        Thread reader = new Thread(() -> {
            while (!done.get()) {
                try {
                    String text = Files.readString(file);
                    Object root = new ObjectMapper().readValue(text, Object.class);
                    assertInstanceOf(Map.class, root);
                    reads.incrementAndGet();
                } catch (Exception | AssertionError e) {
                    synchronized (torn) {
                        torn.add(e.toString());
                    }
                }
            }
        });
        reader.start();
        for (int i = 1; i <= 150; i++) c.put(CTX, Config.of("posbs", i), Evaluation.ok(i));
        done.set(true);
        reader.join();
        assertTrue(torn.isEmpty(), "a reader saw a partial file: " + torn.subList(0, Math.min(3, torn.size())));
        assertTrue(reads.get() > 0);
        try (Stream<Path> s = Files.list(dir)) {
            List<String> names = s.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of("cache.json", "cache.json.lock"), names, "no temporary file is left behind");
        }
        assertEquals(151, TuneCache.open(file).size());
    }

    @Test
    void twoCachesOnOneFileMergeInsteadOfOverwriting(@TempDir Path dir) {
        Path file = dir.resolve("cache.json");
        TuneCache a = TuneCache.open(file);
        TuneCache b = TuneCache.open(file);
        a.put(CTX, Config.of("posbs", 1), Evaluation.ok(1));
        b.put(CTX, Config.of("posbs", 2), Evaluation.ok(2));
        TuneCache c = TuneCache.open(file);
        assertTrue(c.get(CTX, Config.of("posbs", 1)).isPresent());
        assertTrue(c.get(CTX, Config.of("posbs", 2)).isPresent());
    }

    @Test
    void anUnreadableCacheNamesTheFileAndTheWayOut(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cache.json");
        Files.writeString(file, "{\"format\": \"perfport-tune-cache\", \"version\": 1, \"entries\": [");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TuneCache.open(file));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains(TuneCache.CONFIG_KEY), e.getMessage());
        Files.writeString(file, "{\"format\": \"perfport-tune-cache\", \"version\": 9, \"entries\": []}");
        e = assertThrows(IllegalStateException.class, () -> TuneCache.open(file));
        assertTrue(e.getMessage().contains("version 9"), e.getMessage());
    }

    @Test
    void defaultPathFollowsXdg() {
        assertEquals(Path.of("/x/perfport/tune/tune-cache.json"), TuneCache.defaultPath(Map.of("XDG_CACHE_HOME", "/x"), Path.of("/home/u")));
        assertEquals(Path.of("/home/u/.cache/perfport/tune/tune-cache.json"), TuneCache.defaultPath(Map.of(), Path.of("/home/u")));
    }
}
