package dev.perfport.cli.report;

import dev.perfport.cli.report.PortabilityMatrix.CrossRow;
import dev.perfport.cli.report.PortabilityMatrix.NoOwnBest;
import dev.perfport.cli.report.PortabilityMatrix.NotRun;
import dev.perfport.cli.report.PortabilityMatrix.Share;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The portability matrix: each cell over its row device's own configuration, refusals kept with their reasons. */
class PortabilityMatrixTest {
    private static final List<String> DEVICES = List.of("gpu", "cpu", "cell");

    private static CrossRow ok(String tunedOn, String ranOn, double gflops) {
        return new CrossRow("gemm", "float", tunedOn, ranOn, gflops, null);
    }

    private static List<CrossRow> rows() {
        return List.of(
                ok("gpu", "gpu", 400), ok("cpu", "gpu", 16), ok("cell", "gpu", 100),
                ok("gpu", "cpu", 10), ok("cpu", "cpu", 40), ok("cell", "cpu", 44),
                new CrossRow("gemm", "float", "gpu", "cell", null, "gemm configuration refused before compiling on cell: local memory 64 KiB > 16 KiB"),
                new CrossRow("gemm", "float", "cpu", "cell", null, "cannot run"),
                // another kernel and type: not in this matrix
                new CrossRow("trsm", "double", "gpu", "cpu", 1.0, null), new CrossRow("trsm", "float", "cpu", "cpu", 1.0, null), new CrossRow("gemm", "double", "cpu", "cpu", 1.0, null));
    }

    @Test
    void eachCellIsItsRateOverTheRowDevicesOwn() {
        PortabilityMatrix m = PortabilityMatrix.of("gemm", "float", DEVICES, rows().subList(0, 8));
        assertEquals(0.04, ((Share) m.cell("gpu", "cpu")).fraction(), 1e-12, "the cpu's configuration on the gpu: 16 of the gpu's own 400");
        assertEquals(0.25, ((Share) m.cell("gpu", "cell")).fraction(), 1e-12);
        assertEquals(0.25, ((Share) m.cell("cpu", "gpu")).fraction(), 1e-12, "divided by the cpu's own 40, not by the gpu's");
        assertEquals(1.0, ((Share) m.cell("cpu", "cpu")).fraction(), 1e-12);
        assertEquals(1.1, ((Share) m.cell("cpu", "cell")).fraction(), 1e-12, "a foreign configuration that beat the tuner's pick stays above 1");
        assertEquals(0.04, m.worst().orElseThrow(), 1e-12, "the worst foreign configuration");
        assertEquals(4, m.foreignFractions().size(), "the diagonal is not foreign");
    }

    @Test
    void aRefusalKeepsItsReasonAndAMissingOwnBestIsSaid() {
        PortabilityMatrix m = PortabilityMatrix.of("gemm", "float", DEVICES, rows().subList(0, 8));
        NotRun refused = (NotRun) m.cell("cell", "gpu");
        assertTrue(refused.why().contains("local memory 64 KiB > 16 KiB"), refused.why());
        // the cell device's own configuration was not measured: the cpu's ran on it, but there is nothing to divide by
        assertInstanceOf(NotRun.class, m.cell("cell", "cpu"));
        assertEquals("not measured", ((NotRun) m.cell("cell", "cell")).why());
        assertEquals(2, m.refused(), "two foreign configurations did not run on the cell");

        List<CrossRow> noOwn = List.of(ok("gpu", "cpu", 10), new CrossRow("gemm", "float", "cpu", "cpu", null, "wrong result"));
        PortabilityMatrix n = PortabilityMatrix.of("gemm", "float", List.of("gpu", "cpu"), noOwn);
        NoOwnBest b = assertInstanceOf(NoOwnBest.class, n.cell("cpu", "gpu"));
        assertEquals(10, b.gflops());
        assertTrue(b.why().contains("wrong result"), b.why());
        assertTrue(n.worst().isEmpty(), "no fraction without the row's own best");
    }

    @Test
    void onlyTheKernelAndTypeAskedForCount() {
        PortabilityMatrix m = PortabilityMatrix.of("gemm", "float", DEVICES, rows());
        assertEquals(0.25, ((Share) m.cell("cpu", "gpu")).fraction(), 1e-12, "the trsm and double rows do not replace gemm float's");
        PortabilityMatrix t = PortabilityMatrix.of("trsm", "float", DEVICES, rows());
        assertEquals(1.0, ((Share) t.cell("cpu", "cpu")).fraction(), 1e-12);
        assertInstanceOf(NotRun.class, t.cell("gpu", "gpu"));
    }

    @Test
    void theTableShowsFractionsAndListsWhyACellDidNotRun() {
        Seed001Report.Options o = Seed001Report.Options.parse(Params.of("types", "float", "portsize", "64"));
        String md = PortabilityStudy.tables(List.of(PortabilityMatrix.of("gemm", "float", DEVICES, rows().subList(0, 8))), o);
        assertTrue(md.contains("| gpu | 1.00 (400) | **0.04** (16.0) | **0.25** (100) |"), md);
        assertTrue(md.contains("| cell | not run [1] | not run [2] | not run [3] |"), md);
        assertTrue(md.contains("[1] gpu's configuration on cell: gemm configuration refused before compiling on cell: local memory"), md);
        assertTrue(md.contains("worst foreign configuration 0.04") && md.contains("(64³)"), md);
    }
}
