package dev.perfport.cli.commands;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Records;
import dev.perfport.cli.Records.Row;
import dev.perfport.cli.format.Csv;
import dev.perfport.cli.format.Json;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Row rendering and parameter checks on real result records. */
class RowFormatsTest {

    static Row okRow() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("n", "1048576");
        params.put("type", "float");
        return new Row("cell-emulation:0", new RunResult("cell-emulation", "Cell \"SPE\", emulated", "reduction", "static-local",
                params, true, null, 2_500_000, 625_000, 1_250_000L, Map.of("GB/s", 1.6777216),
                new java.util.TreeMap<>(Map.of("globalAtomics", 8L, "unitsUsed", 8L)), new Profile(10, 20, 30, 40, 4194304, 4, 1)));
    }

    static Row failedRow() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("n", "1048576");
        params.put("type", "int");
        return new Row("jocl:0", RunResult.failed("jocl", "pthread", "reduction", "local-atomic", params,
                "kernel 'reduction.local_atomic' on pthread: work-group of 1048576 work-items exceeds the device's maximum work-group size 4096\nsecond line"));
    }

    private static RunResult timed(String backend, long kMin, long kMedian, long kMax) {
        Timing t = new Timing(1, new Spread(kMin + 10, kMedian + 10, kMax + 10, 5), new Spread(kMin, kMedian, kMax, 5), null,
                Timing.MEDIAN, "reps=5");
        return new RunResult(backend, "d", "reduction", "static-local", Map.of("n", "1024"), true, null, kMedian + 10, kMedian, null,
                Map.of("GB/s", 1.0), Map.of(), Profile.ZERO, t);
    }

    @Test
    void rowsOfACaseAreEqualWhereTheirSpreadsOverlapAndARatioOtherwise() {
        RunResult first = timed("jocl", 100, 110, 130), near = timed("aparapi", 120, 140, 150), far = timed("tornado", 200, 220, 240);
        assertEquals("first", RowTable.versus(first, first));
        assertEquals("\u2248", RowTable.versus(near, first), "ranges 100-130 and 120-150 overlap: within the noise");
        assertEquals("2.000x", RowTable.versus(far, first), "220 over 110");
        String table = RowTable.render(dev.perfport.workloads.Workloads.get("reduction"),
                List.of(new Row("jocl:0", first), new Row("aparapi:0", near), new Row("tornado:0", far)));
        assertTrue(table.contains("0.000 [0.000-0.000]") || table.contains("[0.0"), table);
        assertTrue(table.contains("\u2248") && table.contains("2.000x") && table.contains("VS FIRST"), table);
        assertTrue(table.contains("median of the timed repetitions"), table);
    }

    @Test
    void jsonRowHasEveryFieldWithItsType() {
        Object parsed = MiniJson.parse(Json.write(List.of(Records.row(okRow()), Records.row(failedRow()))));
        List<?> rows = assertInstanceOf(List.class, parsed);
        Map<?, ?> ok = assertInstanceOf(Map.class, rows.get(0));
        assertEquals("cell-emulation", ok.get("backend"));
        assertEquals("Cell \"SPE\", emulated", ok.get("device"));
        assertEquals(Map.of("n", 1048576L, "type", "float"), ok.get("params"));
        assertEquals(true, ok.get("verified"));
        assertEquals("verified", ok.get("status"));
        assertNull(ok.get("error"));
        assertTrue(ok.containsKey("error"));
        assertEquals(2_500_000L, ok.get("wallNanos"));
        assertEquals(625_000L, ok.get("kernelNanos"));
        assertEquals(1_250_000L, ok.get("modelledNanos"));
        assertEquals(1.6777216, (Double) assertInstanceOf(Map.class, ok.get("metrics")).get("GB/s"), 1e-12);
        assertEquals(8L, assertInstanceOf(Map.class, ok.get("counters")).get("unitsUsed"));
        Map<?, ?> profile = assertInstanceOf(Map.class, ok.get("profile"));
        assertEquals(10L, profile.get("compileNanos"));
        assertEquals(20L, profile.get("transferNanos"));
        assertEquals(30L, profile.get("kernelNanos"));
        assertEquals(40L, profile.get("modelledNanos"));
        Map<?, ?> bad = assertInstanceOf(Map.class, rows.get(1));
        assertEquals(false, bad.get("verified"));
        assertEquals("failed", bad.get("status"));
        assertTrue(((String) bad.get("error")).endsWith("4096\nsecond line"));
        assertNull(bad.get("modelledNanos"));
        assertEquals(0L, bad.get("kernelNanos"), "nothing ran");
        assertNull(assertInstanceOf(Map.class, bad.get("profile")).get("modelledNanos"));
    }

    @Test
    void csvFlattensParamsMetricsCountersAndProfile() {
        String csv = Csv.write(List.of(Records.row(okRow()), Records.row(failedRow())));
        String header = csv.lines().findFirst().orElseThrow();
        assertEquals("backend,device,selector,workload,variant,params.n,params.type,status,verified,error,wallNanos,kernelNanos,modelledNanos,"
                + "metrics.GB/s,counters.globalAtomics,counters.unitsUsed,profile.compileNanos,profile.transferNanos,"
                + "profile.kernelNanos,profile.modelledNanos,profile.bytesToDevice,profile.bytesToHost,profile.launches", header);
        assertTrue(csv.contains("cell-emulation,\"Cell \"\"SPE\"\", emulated\",cell-emulation:0,"), csv);
        assertTrue(csv.contains(",false,\"kernel 'reduction.local_atomic'"), csv);
    }

    @Test
    void tableMarksFailuresAndListsFullErrorsBelow() {
        String t = RowTable.render(Workloads.get("reduction"), List.of(okRow(), failedRow()));
        assertTrue(t.startsWith("reduction (seed 003), 2 rows; every row: n=1048576"), t);
        assertTrue(t.contains("type=float") && t.contains("type=int"), t);
        assertTrue(t.contains(" yes ") && t.contains(" NO "), t);
        assertTrue(t.contains("1.250"), "modelled ms: " + t);
        assertTrue(t.contains("1.678 GB/s"), t);
        assertTrue(t.contains("globalAtomics=8 unitsUsed=8"), t);
        assertTrue(t.contains("[1] kernel 'reduction.local_atomic'"), t);
        assertTrue(t.contains("maximum work-group size 4096"), "full error below the table: " + t);
        assertTrue(t.strip().endsWith("2 rows: 1 verified, 1 failed"), t);
    }

    @Test
    void integerParamsAreCheckedAndWrittenInDecimal() {
        var w = Workloads.get("reduction");
        Params p = ParamCheck.overrides(w, List.of("n=2^20", "wg=1K", "type=float"));
        assertEquals(Map.of("n", "1048576", "wg", "1024", "type", "float"), p.asMap());
        assertEquals("33554432", ParamCheck.normalize(w, w.defaults()).get("n"));
        ConfigException e = assertThrows(ConfigException.class, () -> ParamCheck.overrides(w, List.of("reps=many")));
        assertEquals("reps must be a whole number of timed repetitions or auto, got 'many'", e.getMessage());
    }
}
