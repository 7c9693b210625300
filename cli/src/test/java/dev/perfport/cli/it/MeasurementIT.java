package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How rows are measured, end to end through the distribution: the warm-up keeps a route's compile out of
 * the timed repetitions, every row carries its spread, reps=auto stops within its bound, and every
 * result file records its environment. Properties are asserted, never speeds.
 */
class MeasurementIT {

    private static Map<?, ?> map(Object o) {
        return (Map<?, ?>) o;
    }

    private static long spread(Map<String, Object> row, String time, String stat) {
        return ((Number) map(map(row.get("timing")).get(time)).get(stat)).longValue();
    }

    /** Aparapi builds its OpenCL at a kernel's first launch: that launch is the untimed warm-up's. */
    @Test
    void aRouteThatCompilesAtFirstLaunchKeepsItsCompileOutOfTheTimedRepetitions() {
        AparapiIT.aparapi();
        // a size no other test runs, so that this JVM has not built these kernels yet
        Run r = Run.of("compare", "gemm", "--backend", "aparapi", "--param", "m=72", "--param", "n=40", "--param", "k=24",
                "--param", "reps=3", "--format", "json");
        Dist.assertExit(0, r);
        for (Map<String, Object> row : Dist.jsonRows(r)) {
            assertEquals(Boolean.TRUE, row.get("verified"), r.describe());
            long compile = ((Number) map(row.get("profile")).get("compileNanos")).longValue();
            long launches = ((Number) map(row.get("profile")).get("launches")).longValue();
            long transfer = ((Number) map(row.get("profile")).get("transferNanos")).longValue();
            long wallMax = spread(row, "wallNanos", "max"), wallMedian = spread(row, "wallNanos", "median");
            long kernelMedian = spread(row, "kernelNanos", "median");
            assertEquals(3L, ((Number) map(map(row.get("timing")).get("wallNanos")).get("count")).longValue(), r.describe());
            assertEquals(1L, ((Number) map(row.get("timing")).get("warmup")).longValue());
            System.out.printf("aparapi gemm %s: compile %.1f ms, wall median %.3f ms (max %.3f), kernel median %.3f ms, transfers %.3f ms over %d launches%n",
                    row.get("variant"), compile / 1e6, wallMedian / 1e6, wallMax / 1e6, kernelMedian / 1e6, transfer / 1e6, launches);
            assertTrue(compile > 0, "Aparapi reports its first-launch build as compile time: " + row);
            assertTrue(wallMax < compile, "no timed repetition paid for the " + compile / 1e6 + " ms build: wall max " + wallMax / 1e6 + " ms");
            // a small factor of the repetition's own work (kernel and copies), with 20 ms for a shared 2-core machine's scheduler
            long perRep = kernelMedian + transfer / Math.max(1, launches);
            assertTrue(wallMedian <= 3 * perRep + 20_000_000L, "wall " + wallMedian + " ns within 3x (kernel + transfers) " + perRep + " ns");
        }
    }

    /** The emulator's modelled time is deterministic: reps=auto stops at its minimum, and says why. */
    @Test
    void repsAutoStopsWithinItsBoundAndTheRowSaysSo() {
        Run r = Run.of("run", "reduction", "--backend", "cell-emulation", "--variant", "local-atomic", "--param", "n=2^14",
                "--param", "type=int", "--param", "reps=auto", "--format", "json");
        Dist.assertExit(0, r);
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals("auto", row.get("params") instanceof Map<?, ?> p ? p.get("reps") : null, r.describe());
        Map<?, ?> timing = map(row.get("timing"));
        assertTrue(String.valueOf(timing.get("stop")).startsWith("ci 0.0%"), timing.toString());
        assertEquals(5L, ((Number) map(timing.get("modelledNanos")).get("count")).longValue(), timing.toString());
        assertEquals(6L, ((Number) map(row.get("profile")).get("launches")).longValue(), "one warm-up and 5 timed: " + row);
    }

    @Test
    void statBestAndMoreWarmUpsAreShownOnTheRow() {
        Run r = Run.of("run", "saxpy", "--backend", "cell-emulation", "--param", "n=1000", "--param", "reps=4",
                "--warmup", "2", "--stat", "best", "--format", "json");
        Dist.assertExit(0, r);
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        Map<?, ?> params = map(row.get("params")), timing = map(row.get("timing"));
        assertEquals(2L, params.get("warmup"), params.toString());
        assertEquals("best", params.get("stat"), params.toString());
        assertEquals("best", timing.get("stat"));
        assertEquals(2L, ((Number) timing.get("warmup")).longValue());
        assertEquals(spread(row, "kernelNanos", "min"), ((Number) row.get("kernelNanos")).longValue(), "best: the fastest repetition");
        assertEquals(6L, ((Number) map(row.get("profile")).get("launches")).longValue());
    }

    @Test
    void aBadMeasurementParameterIsOneLineAndExitTwo() {
        for (List<String> args : List.of(List.of("--param", "warmup=0"), List.of("--stat", "mean"), List.of("--param", "reps=often"))) {
            String[] a = java.util.stream.Stream.concat(java.util.stream.Stream.of("run", "saxpy", "--backend", "cell-emulation"),
                    args.stream()).toArray(String[]::new);
            Run r = Run.of(a);
            assertEquals(2, r.code(), r.describe());
            assertEquals(1, r.err().strip().lines().count(), r.describe());
        }
    }

    @Test
    void everyRowRecordsItsEnvironment() {
        Run r = Run.of("run", "saxpy", "--backend", "cell-emulation", "--param", "n=1000", "--format", "json");
        Dist.assertExit(0, r);
        Map<?, ?> env = map(Dist.jsonRows(r).getFirst().get("environment"));
        assertNotNull(env, r.describe());
        for (String k : List.of("perfport", "commit", "java", "os", "backend", "device", "vendor")) {
            assertTrue(env.containsKey(k) && !String.valueOf(env.get(k)).isBlank(), k + " in " + env);
        }
        assertEquals(System.getProperty("java.version"), String.valueOf(env.get("java")).split(" ")[0]);
        Run csv = Run.of("run", "saxpy", "--backend", "cell-emulation", "--param", "n=1000", "--format", "csv");
        Dist.assertExit(0, csv);
        String header = csv.out().lines().findFirst().orElseThrow();
        for (String col : List.of("timing.wallNanos.median", "timing.kernelNanos.max", "environment.java")) {
            assertTrue(header.contains(col), col + " in " + header);
        }
        Run table = Run.of("run", "saxpy", "--backend", "cell-emulation", "--param", "n=1000");
        assertTrue(table.out().contains("measured with perfport"), table.describe());
        assertFalse(table.out().contains("TIME (ms)"), table.describe());
    }
}
