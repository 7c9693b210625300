package dev.perfport.cli.commands;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench gpu's "of best known": the shipped database's entry for exactly the row's case, or none. */
class GpuBenchTest {

    private static Map<String, Object> row(String backend, String type, int size) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("m", size);
        params.put("n", size);
        params.put("k", size);
        params.put("type", type);
        params.put("transb", "t");
        params.put("config", "database");
        return Map.of("backend", backend, "device", "NVIDIA H200", "workload", "gemm", "variant", "indirect", "params", params);
    }

    @Test
    void aRowOfACaseTheDatabaseHoldsIsMeasuredAgainstItsEntry() {
        var e = GpuBench.bestKnown(row("jocl", "double", 4096), "GFLOP/s").orElseThrow();
        assertEquals("double", e.fixed().get("type"));
        assertEquals("4096", e.fixed().get("m"));
        assertTrue(e.value() > 0, String.valueOf(e));
    }

    @Test
    void aParameterTheEntryLeftAtAutoMatchesWhatTheRowResolved() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("n", 1048576);
        params.put("batch", 1);
        params.put("passes", "fourstep(2048x512)");
        params.put("wg", 512);   // the entry says wg=auto
        var e = GpuBench.bestKnown(Map.of("backend", "jocl", "device", "NVIDIA H200", "workload", "fft", "variant", "fourstep", "params", params),
                "GFLOP/s").orElseThrow();
        assertEquals("auto", e.fixed().get("wg"));
        params.put("passes", "multi");
        assertTrue(GpuBench.bestKnown(Map.of("backend", "jocl", "device", "NVIDIA H200", "workload", "fft", "variant", "fourstep", "params", params),
                "GFLOP/s").isEmpty());
    }

    @Test
    void anotherSizeMetricOrRouteHasNoBestKnown() {
        assertTrue(GpuBench.bestKnown(row("jocl", "double", 2048), "GFLOP/s").isEmpty());
        assertTrue(GpuBench.bestKnown(row("jocl", "double", 4096), "GB/s").isEmpty());
        assertTrue(GpuBench.bestKnown(row("tornado", "float", 1024), "GFLOP/s").isEmpty());
    }
}
