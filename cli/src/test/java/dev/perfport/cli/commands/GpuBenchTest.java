package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.format.Format;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.io.PrintStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** bench gpu's "of best known": the shipped database's entry for exactly the row's case, or none; and its counters. */
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

    /** A timing table: every route's counters are off unless the command set them (a user's true is kept). */
    @Test
    void theBenchCountsNothingUnlessTold() {
        List<String> settings = List.of("perfport.jocl.counters", "perfport.jocl.buildOptions", "perfport.aparapi.counters", "perfport.tornado.*");
        PerfportConfig plain = GpuBench.withoutCounters(PerfportConfig.of(Map.of()), settings);
        assertEquals("false", plain.get("perfport.jocl.counters").orElse("unset"));
        assertEquals("false", plain.get("perfport.aparapi.counters").orElse("unset"));
        assertEquals("unset", plain.get("perfport.jocl.buildOptions").orElse("unset"), "only counting settings");
        PerfportConfig told = GpuBench.withoutCounters(PerfportConfig.of(Map.of("perfport.jocl.counters", "true")), settings);
        assertEquals("true", told.get("perfport.jocl.counters").orElse("unset"));
        assertEquals("false", told.get("perfport.aparapi.counters").orElse("unset"));
        // the command's own context: the registry's settings (here the embedded emulator's alone, which has no counting
        // setting, so the context is the one given)
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        Context ctx = new Context(PerfportConfig.of(Map.of()), Format.TABLE, none, none);
        List<String> counting = ctx.registry().settings().stream().filter(key -> key.endsWith(".counters")).toList();
        Context bench = GpuBench.withoutCounters(ctx);
        if (counting.isEmpty()) assertSame(ctx, bench);
        for (String key : counting) assertEquals("false", bench.config().get(key).orElse("unset"), key);
    }

    /** A headline row takes the database's knobs: no case gives a tuned knob, which would keep the row's own (ParamCheck.ownKnobs). */
    @Test
    void noHeadlineCaseGivesATunedKnob() {
        int looked = 0;
        for (GpuBench.Case c : GpuBench.all(false)) {
            var w = dev.perfport.workloads.Workloads.get(c.workload());
            Params given = ParamCheck.overrides(w, c.params());
            assertSame(given, ParamCheck.ownKnobs(w, given), c.name() + ": " + c.params());
            if (w instanceof dev.perfport.workloads.Tunable && w.defaults().has("config")) looked++;
        }
        assertTrue(looked >= 10, "cases whose rows look up the database: " + looked);
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
        assertFalse(GpuBench.bestKnown(row("tornado", "float", 1024), "GFLOP/s").isEmpty(), "TornadoVM's own entry");
        assertFalse(GpuBench.bestKnown(row("tornado", "double", 4096), "GFLOP/s").isEmpty(), "TornadoVM's own DGEMM entry at 4096");
        // TornadoVM's DGEMM entries are at 1024 and 4096: a row at 2048 takes the nearest size, but it is no best known there
        assertTrue(GpuBench.bestKnown(row("tornado", "double", 2048), "GFLOP/s").isEmpty());
        assertTrue(GpuBench.bestKnown(row("cell-emulation", "float", 1024), "GFLOP/s").isEmpty());
    }
}
