package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed003GpuStudy.Point;
import dev.perfport.cli.report.Seed003GpuTables.ReductionRow;
import dev.perfport.cli.report.Seed003GpuTables.ScanRow;
import dev.perfport.cli.report.Seed003GpuTables.Sweep;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The GPU half's table arithmetic and the causes its Observations pick, on made-up points with known answers. */
class Seed003GpuTablesTest {
    private static Point p(String series, String variant, long x, double rate, Map<String, String> params, Map<String, Long> counters) {
        return new Point(series, variant, x, params, null, 1.0 / rate, rate, counters);
    }

    private static Point failed(String series, String variant, long x) {
        return new Point(series, variant, x, Map.of(), "not verified", 0, 0, Map.of());
    }

    @Test
    void table6PutsThePapersColumnBesideEachNAndRatiosOfRates() {
        List<Point> pts = List.of(
                p("n", "local-atomic", 1 << 17, 2.0, Map.of(), Map.of("globalAtomics", 512L)),
                p("n", "static-local", 1 << 17, 1.0, Map.of(), Map.of("globalAtomics", 2L, "unitsUsed", 2L)),
                p("n", "two-kernel", 1 << 17, 2.2, Map.of(), Map.of("globalAtomics", 0L)),
                p("n", "local-atomic", 1 << 18, 4.0, Map.of(), Map.of()),
                failed("n", "static-local", 1 << 18));
        List<ReductionRow> rows = Seed003GpuTables.table6(pts);
        assertEquals(2, rows.size());
        ReductionRow a = rows.getFirst();
        assertEquals(0.5, a.slmGain(), 1e-12, "static-local's rate over local-atomic's");
        assertEquals(1.1, a.twoGain(), 1e-12);
        assertEquals(10.1 / 2.2, a.paperSlmGain(), 1e-12, "the paper's 2^17 column");
        assertEquals(510, a.atomicsSaved());
        ReductionRow b = rows.get(1);
        assertTrue(Double.isNaN(b.paperLocal()), "2^18 is not one of the paper's N");
        assertTrue(Double.isNaN(b.slmGain()), "a failed point gives no ratio");
        assertArrayEquals(new double[]{0.5, 0.5}, Seed003GpuTables.range(List.of(a.slmGain(), b.slmGain())), 1e-12);
    }

    /** A GPU of 4 compute units and residency 16 whose static rate doubles with k to the cap, and whose cyclic mapping is faster. */
    private static List<Point> linearMatmul() {
        List<Point> pts = new ArrayList<>();
        pts.add(p("ndrange", "ndrange", 0, 100, Map.of(), Map.of()));
        for (int k : new int[]{16, 1, 2, 4, 8}) {
            pts.add(p("k", "static", k, 2.5 * k, Map.of("k", "" + k, "residency", "16", "mapping", "blocked"), Map.of("unitsUsed", (long) k)));
        }
        pts.add(p("mapping", "static", 16, 60, Map.of("k", "16", "residency", "16", "mapping", "cyclic"), Map.of()));
        pts.add(p("mapping", "static", 16, 50, Map.of("k", "16", "residency", "16", "mapping", "dynamic"), Map.of()));
        return pts;
    }

    @Test
    void fig9SweepsKAndFindsTheOccupancyCapAndTheMappingGain() {
        Sweep s = Seed003GpuTables.fig9(linearMatmul(), 4);
        assertEquals(16, s.residency());
        assertEquals(List.of(1, 2, 4, 8, 16), s.ks().stream().map(Seed003GpuTables.KRow::k).toList(), "k ascending");
        assertEquals(1.0, s.at(8).efficiency(), 1e-12, "linear: speed-up 8 at k = 8");
        assertEquals(2.5, s.at(16).perGroup(), 1e-12);
        assertEquals(0.4, s.at(16).vsBase(), 1e-12, "40 against the NDRange's 100");
        assertEquals(1.0, s.lastStepEfficiency(), 1e-12, "still linear from 8 to 16");
        assertEquals(40, s.groupsToMatch(), 1e-9, "100 GFLOP/s at 2.5 per group");
        assertEquals(1.5, s.mappingGain(), 1e-12, "cyclic 60 against blocked 40 at k = 16");
        assertEquals("cyclic", s.bestMapping());
        assertEquals("cyclic", s.best().mapping());

        Map<String, Object> m = Seed003GpuPage.device(new Seed003GpuStudy.Device(
                new Seed003GpuStudy.DeviceRow("jocl:0", "jocl", "GPU", "gpu", 4, "large", null), null, linearMatmul(), null));
        @SuppressWarnings("unchecked") Map<String, Object> fig9 = ((List<Map<String, Object>>) m.get("fig9")).getFirst();
        assertEquals(true, fig9.get("belowNd"));
        assertEquals(true, fig9.get("linearAtCap"), "the cause the Observation names: occupancy");
        assertEquals(true, fig9.get("locality"), "and locality");
        assertEquals("40", fig9.get("kStar"));
        assertEquals("10.0", fig9.get("kStarPerCu"));
        assertEquals("4.00", fig9.get("resPerCu"));
    }

    @Test
    void aSweepThatSaturatesBeforeTheCapIsNotBlamedOnOccupancy() {
        List<Point> pts = new ArrayList<>();
        pts.add(p("ndrange", "ndrange", 0, 10, Map.of(), Map.of()));
        pts.add(p("k", "static", 1, 4, Map.of("residency", "2"), Map.of()));
        pts.add(p("k", "static", 2, 4.4, Map.of("residency", "2"), Map.of()));
        Sweep s = Seed003GpuTables.fig9(pts, 2);
        assertEquals(0.55, s.lastStepEfficiency(), 1e-12);
        assertTrue(Double.isNaN(s.mappingGain()), "no mapping points");
        assertEquals("-", s.bestMapping());
    }

    @Test
    void fig10ComparesScanPlusWithBothHarrisesAndSweepsKAtTheLargestN() {
        List<Point> pts = new ArrayList<>();
        for (long n : new long[]{1 << 16, 1 << 20}) {
            pts.add(p("n", "harris-sequential", n, 1, Map.of(), Map.of("workGroups", 100L)));
            pts.add(p("n", "harris-recursive", n, 4, Map.of(), Map.of()));
            pts.add(p("n", "v1", n, 2.5, Map.of("k", "8", "residency", "8"), Map.of()));
            pts.add(p("n", "scanplus", n, 3, Map.of("k", "8", "residency", "8"), Map.of()));
        }
        pts.add(p("k", "scanplus", 4, 1.5, Map.of("k", "4", "residency", "8"), Map.of()));
        List<ScanRow> rows = Seed003GpuTables.fig10(pts);
        assertEquals(2, rows.size());
        assertEquals(0.75, rows.getFirst().plusOverRecursive(), 1e-12);
        assertEquals(3.0, rows.getFirst().plusOverSequential(), 1e-12);
        assertEquals(1.2, rows.getFirst().plusOverV1(), 1e-12);
        Sweep s = Seed003GpuTables.fig10Ks(pts, 4);
        assertEquals(List.of(4, 8), s.ks().stream().map(Seed003GpuTables.KRow::k).toList(), "the k point, then Scan⁺ at 2^20 with k = 8");
        assertEquals(1.0, s.lastStepEfficiency(), 1e-12);
        assertEquals(4 / (3.0 / 8), s.groupsToMatch(), 1e-9, "recursive Harris at Scan⁺'s rate per group");
    }

    @Test
    void theKSweepAndTheSizesFollowTheDevice() {
        assertEquals(List.of(1, 2), Seed003GpuStudy.ks(2, 2), "a two-core CPU");
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 132, 264, 528), Seed003GpuStudy.ks(132, 528), "an H100: 4 groups per SM");
        assertEquals(List.of(1, 2, 3), Seed003GpuStudy.ks(4, 3), "a residency below the compute units ends the sweep");
        assertEquals(List.of(), Seed003GpuStudy.ks(4, 0));
        Seed003GpuStudy.Options auto = Seed003GpuStudy.Options.parse(Params.of());
        assertEquals(5, auto.reps());
        assertEquals("small", auto.sizesFor(DeviceType.CPU).name());
        assertEquals("large", auto.sizesFor(DeviceType.GPU).name());
        assertEquals("large", Seed003GpuStudy.Options.parse(Params.of("gpusizes", "large")).sizesFor(DeviceType.CPU).name());
        ConfigException e = assertThrows(ConfigException.class, () -> Seed003GpuStudy.Options.parse(Params.of("gpusizes", "huge")));
        assertTrue(e.getMessage().contains("gpusizes must be auto, small or large"), e.getMessage());
    }

    @Test
    void table6sObservationSaysWhetherTheAtomicsCost() {
        List<Point> pts = List.of(
                p("n", "local-atomic", 1 << 17, 1.0, Map.of(), Map.of("globalAtomics", 512L)),
                p("n", "static-local", 1 << 17, 0.5, Map.of(), Map.of("globalAtomics", 2L, "unitsUsed", 2L)),
                p("n", "two-kernel", 1 << 17, 1.05, Map.of(), Map.of("globalAtomics", 0L)));
        Map<String, Object> m = Seed003GpuPage.device(new Seed003GpuStudy.Device(
                new Seed003GpuStudy.DeviceRow("jocl:0", "jocl", "CPU", "cpu", 2, "small", null), pts, null, null));
        @SuppressWarnings("unchecked") Map<String, Object> t6 = ((List<Map<String, Object>>) m.get("table6")).getFirst();
        assertEquals(true, t6.get("slmLoses"));
        assertEquals(true, t6.get("atomicsCheap"), "two-kernel, with no atomics, is within the noise of local-atomic");
        assertEquals("512", t6.get("atomicsLocal"));
        assertEquals("186", t6.get("paperSavedUs"), "the paper's 2^17 column: 238 µs against 52 µs");
        assertEquals("0.39", t6.get("paperPerAtomicUs"));
        assertEquals(List.of(), m.get("fig9"), "no matmul sweep saved: no Fig. 9");
    }
}
