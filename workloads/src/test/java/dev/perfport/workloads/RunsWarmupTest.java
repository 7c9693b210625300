package dev.perfport.workloads;

import dev.perfport.core.result.RunResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Runs.afterWarmup: untimed runs first, the last run is the row, and the row says how many warmed it up. */
class RunsWarmupTest {
    private static RunResult row(int i, boolean ok) {
        return ok ? new RunResult("b", "d", "w", "v", Map.of("n", "7"), true, null, 1000 + i, 100 + i, null, Map.of(), Map.of(), null)
                : RunResult.failed("b", "d", "w", "v", Map.of("n", "7"), "run " + i + " failed");
    }

    @Test
    void warmUpRunsComeFirstAndTheLastRunIsTheRow() {
        List<RunResult> made = new ArrayList<>();
        RunResult r = Runs.afterWarmup(3, () -> {
            RunResult x = row(made.size(), true);
            made.add(x);
            return x;
        });
        assertEquals(4, made.size());
        assertEquals(made.getLast().kernelNanos(), r.kernelNanos());
        assertEquals(Map.of("n", "7", "warmup", "3"), r.params());
    }

    @Test
    void withoutWarmupTheRowIsTheOneRunUnchanged() {
        List<RunResult> made = new ArrayList<>();
        RunResult r = Runs.afterWarmup(0, () -> {
            RunResult x = row(made.size(), true);
            made.add(x);
            return x;
        });
        assertEquals(1, made.size());
        assertSame(made.getFirst(), r);
        assertNull(r.params().get("warmup"));
    }

    /** A failing warm-up stops warming; the timed run still runs and reports. */
    @Test
    void aFailedWarmupStopsTheWarmup() {
        List<RunResult> made = new ArrayList<>();
        RunResult r = Runs.afterWarmup(5, () -> {
            RunResult x = row(made.size(), made.size() != 1);
            made.add(x);
            return x;
        });
        assertEquals(3, made.size());
        assertEquals("2", String.valueOf(r.kernelNanos() - 100));
        assertEquals("5", r.params().get("warmup"));
    }

    @Test
    void outOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Runs.afterWarmup(-1, () -> row(0, true)));
        assertThrows(IllegalArgumentException.class, () -> Runs.afterWarmup(Runs.MAX_WARMUP + 1, () -> row(0, true)));
    }
}
