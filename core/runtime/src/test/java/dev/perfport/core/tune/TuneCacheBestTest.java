package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** {@link TuneCache#best}: what {@code run} reads back of a tuning, per backend, device, kernel and fixed parameters. */
class TuneCacheBestTest {
    static final DeviceFingerprint DEV = new DeviceFingerprint("Test device", "perfport", "1.0", "OpenCL 3.0", 4, 65536, "abc");
    static final DeviceFingerprint OTHER = new DeviceFingerprint("Other", "perfport", "1.0", "OpenCL 3.0", 4, 65536, "abc");

    @Test
    void bestValidEntryOfThisDeviceKernelAndMatch(@TempDir Path dir) {
        TuneCache c = TuneCache.open(dir.resolve("c.json"));
        TuneContext f256 = new TuneContext("jocl", DEV, "k1", Map.of("type", "float", "m", "256"));
        TuneContext f512 = new TuneContext("jocl", DEV, "k1", Map.of("type", "float", "m", "512"));
        TuneContext dbl = new TuneContext("jocl", DEV, "k1", Map.of("type", "double", "m", "256"));
        c.put(f256, Config.of("mwg", 16), Evaluation.ok(5));
        c.put(f512, Config.of("mwg", 32), Evaluation.ok(7));
        c.put(f512, Config.of("mwg", 64), Evaluation.invalid(Status.CONSTRAINT, "too big"));
        c.put(dbl, Config.of("mwg", 8), Evaluation.ok(9));
        c.put(new TuneContext("jocl", OTHER, "k1", Map.of("type", "float")), Config.of("mwg", 128), Evaluation.ok(99));
        c.put(new TuneContext("jocl", DEV, "k2", Map.of("type", "float")), Config.of("mwg", 4), Evaluation.ok(99));

        Map<String, Object> best = TuneCache.open(dir.resolve("c.json")).best("jocl", DEV, "k1", Map.of("type", "float"), true).orElseThrow();
        assertEquals(32L, ((Number) best.get("mwg")).longValue());
        assertEquals("512", best.get("m"));
        assertEquals(16L, ((Number) c.best("jocl", DEV, "k1", Map.of("type", "float"), false).orElseThrow().get("mwg")).longValue());
        assertTrue(c.best("aparapi", DEV, "k1", Map.of(), true).isEmpty());
        assertTrue(c.best("jocl", DEV, "k1", Map.of("type", "half"), true).isEmpty());
    }

    /** A tuning's pick wins over a faster entry, the most recent pick over an older one, and the mark survives a reopen. */
    @Test
    void aRecordedPickIsPreferredOverTheFastest(@TempDir Path dir) throws InterruptedException {
        TuneCache c = TuneCache.open(dir.resolve("c.json"));
        TuneContext ctx = new TuneContext("jocl", DEV, "k1", Map.of("type", "float"));
        c.put(ctx, Config.of("vw", 1), Evaluation.ok(97));
        c.put(ctx, Config.of("vw", 4), Evaluation.ok(100));
        c.put(ctx, Config.of("vw", 8), Evaluation.invalid(Status.CONSTRAINT, "too wide"));
        assertEquals(4L, ((Number) c.best("jocl", DEV, "k1", Map.of(), true).orElseThrow().get("vw")).longValue(), "no pick: the fastest");
        c.choose(ctx, Config.of("vw", 1));
        c.choose(ctx, Config.of("vw", 8));   // invalid: not marked
        assertEquals(1L, ((Number) TuneCache.open(dir.resolve("c.json")).best("jocl", DEV, "k1", Map.of(), true).orElseThrow().get("vw")).longValue());
        Thread.sleep(2);
        c.put(ctx, Config.of("vw", 2), Evaluation.ok(98));
        c.choose(ctx, Config.of("vw", 2));
        assertEquals(2L, ((Number) TuneCache.open(dir.resolve("c.json")).best("jocl", DEV, "k1", Map.of(), true).orElseThrow().get("vw")).longValue());
    }
}
