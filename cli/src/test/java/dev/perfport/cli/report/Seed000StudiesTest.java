package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.DeviceRow;
import dev.perfport.cli.report.Seed000Report.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Seed 000's static studies from saved points: mean ± sd, the noise test, and observations that say what the data allow. */
class Seed000StudiesTest {
    @TempDir
    Path dir;

    private static Point pt(String variant, String key, String value, double mpps, double sd, Map<String, Long> counters) {
        Map<String, String> p = new LinkedHashMap<>(Map.of("wgsize", "16", "ngroup", "16"));
        p.put(key, value);
        double x = key.equals("offset") ? Integer.parseInt(value) : 0;
        return new Point(variant, x, p, 1 / mpps, mpps, null, 0.01 / mpps, sd, 10, counters);
    }

    private ReportData data(String device, String type, Map<String, List<Point>> sweeps) {
        ReportData d = ReportData.start(dir, "seed-000", "perfport report seed-000", List.of(), Map.of(), Map.of());
        d.save("device", device, List.of(new DeviceRow(device, "a device", type, 4, 65536, "-", "", "measured kernel time", null)));
        sweeps.forEach((name, pts) -> d.save(name, device, pts.stream().map(Point::row).toList()));
        return ReportData.load(dir, "seed-000");
    }

    private static List<Seed000Results.Result> results(ReportData d) {
        return Seed000Results.results(d, Seed000Report.Options.parse(dev.perfport.workloads.Params.of()));
    }

    @Test
    void meanAndSampleSdOfTheRuns() {
        double[] m = Seed000Report.meanSd(new double[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertEquals(5.5, m[0], 1e-12);
        assertEquals(Math.sqrt(82.5 / 9), m[1], 1e-12, "sample sd (n - 1) of 10 runs");
        assertEquals(0, Seed000Report.meanSd(new double[]{3})[1], "one run: no spread");
        assertEquals(10, Seed000Report.Options.parse(dev.perfport.workloads.Params.of()).reps(), "10 runs by default, as the thesis");
    }

    @Test
    void aCellShowsMeanAndSdAndOldDataOnlyTheMean() {
        assertEquals("123.5 ± 4.500", Seed000Studies.cell(pt("loadstore", "layout", "soa", 123.5, 4.5, Map.of())));
        assertEquals("123.5", Seed000Studies.cell(new Point("loadstore", 0, Map.of(), 1, 123.5, null)));
        assertTrue(Seed000Studies.cell(new Point("loadstore", 0, Map.of(), Double.NaN, Double.NaN, "not verified: x")).startsWith("failed: "));
    }

    @Test
    void differenceWithinTheRunsNoiseIsNotReportedAsOne() {
        Point a = pt("loadstore", "layout", "soa", 100, 10, Map.of()), b = pt("loadstore", "layout", "aos", 90, 10, Map.of());
        assertFalse(Seed000Studies.differs(a, b), "10 % apart with 10 % sd on each");
        assertTrue(Seed000Studies.differs(a, pt("loadstore", "layout", "aos", 50, 1, Map.of())));
        assertFalse(Seed000Studies.differs(a, pt("loadstore", "layout", "aos", 98, 0, Map.of())), "below 3 % is never a difference");
    }

    @Test
    void layoutWithoutCountersSaysTheCauseWasNotFoundAndBothRowsArePresent() {
        ReportData d = data("jocl:0", "gpu", Map.of(Seed000Studies.LAYOUT, List.of(pt("singlebuffer", "layout", "soa", 1000, 5, Map.of()),
                pt("singlebuffer", "layout", "aos", 500, 5, Map.of()))));
        List<Seed000Results.Result> r = results(d);
        String table = Seed000Studies.layoutTable(d, r);
        assertTrue(table.contains("| singlebuffer | 1000.0 ± 5.000 | 500.0 ± 5.000 | 0.500 |"), table);
        List<String> obs = Seed000Studies.layoutObservations(d, r);
        assertEquals(1, obs.size());
        assertTrue(obs.getFirst().contains("singlebuffer AoS at 50 % of SoA") && obs.getFirst().contains("Cause not found"), obs.getFirst());
        assertFalse(obs.getFirst().contains("emulator"), "no emulator's cause on a device without its counters: " + obs.getFirst());
    }

    @Test
    void alignmentOnTheEmulatorNamesTheBouncedCopiesAndTheMemoryBound() {
        Map<String, Long> aligned = Map.of("dmaCommands", 60L, "dmaUnaligned", 0L, "modelledCycles.memoryBound", 6336L, "modelledCycles", 1_000_000L);
        Map<String, Long> off = Map.of("dmaCommands", 60L, "dmaUnaligned", 48L, "modelledCycles.memoryBound", 34752L, "modelledCycles", 1_004_000L);
        ReportData d = data("cell-emulation:0", "accelerator", Map.of(Seed000Studies.ALIGN, List.of(pt("singlebuffer", "offset", "0", 132.1, 0, aligned),
                pt("singlebuffer", "offset", "1", 131.5, 0, off), pt("singlebuffer", "offset", "4", 132.1, 0, aligned))));
        List<String> obs = Seed000Studies.alignObservations(d, results(d));
        assertEquals(1, obs.size());
        String o = obs.getFirst();
        assertTrue(o.contains("48 of 60 DMA commands went through the bounce buffer") && o.contains("5.48×") && o.contains("(within the noise)"), o);
        String table = Seed000Studies.alignTable(d, results(d));
        assertTrue(table.contains("| +4 B |") && table.contains("0.995"), table);
    }

    @Test
    void tasksAgainstNdrangeGiveTheRatioAndTheUnits() {
        ReportData d = data("cell-emulation:0", "accelerator", Map.of(Seed000Studies.FORM, List.of(
                pt("loadstore", "form", "ndrange", 500, 0, Map.of("unitsUsed", 6L, "dmaCommands", 10L)),
                pt("loadstore", "form", "task", 100, 0, Map.of("unitsUsed", 1L, "dmaCommands", 10L)))));
        String table = Seed000Studies.formTable(d, results(d));
        assertTrue(table.contains("| 5.00× | 4 | 6 → 1 |"), table);
        String o = Seed000Studies.formObservations(d, results(d)).getFirst();
        assertTrue(o.contains("NDRange 5.00× the task (unitsUsed 6 → 1)") && o.contains("256 work-items"), o);
    }
}
