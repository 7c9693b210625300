package dev.perfport.cli.report;

import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Seed 004's notes for a GPU come from that GPU's own points, and a CPU gets none of them. */
class Seed004GpuNotesTest {
    @TempDir
    Path dir;

    private ReportData data(String type, double offOverOn) {
        ReportData d = ReportData.start(dir, "seed-004", "perfport report seed-004", List.of("sgemms=64"), Map.of(), Map.of());
        d.save("device", "jocl:0", List.of(new Seed004Report.DeviceRow("jocl:0", "jocl", "A GPU", type, "measured kernel time", null)));
        List<Seed004Study.Point> pts = new ArrayList<>();
        for (int tile : SgemmStudy.TILES) {
            for (String layout : List.of("col", "row")) {
                Map<String, String> on = Map.of("tile", "" + tile, "layout", layout, "scratchpad", "1");
                Map<String, String> off = Map.of("tile", "" + tile, "layout", layout, "scratchpad", "0");
                pts.add(new Seed004Study.Point("indirect", on, true, null, 100, "GFLOP/s", 100, 0, 1));
                pts.add(new Seed004Study.Point("indirect", off, true, null, 100 * offOverOn, "GFLOP/s", 100 * offOverOn, 0, 1));
            }
        }
        d.save("gemm/64", "jocl:0", pts);
        return ReportData.load(dir, "seed-004");
    }

    @Test
    void aGpuGetsItsOwnRatiosAndDirection() {
        List<String> notes = Seed004Observations.gpuScratchpad(data("gpu", 0.7), Params.of("sgemms", "64"));
        assertEquals(1, notes.size(), notes.toString());
        String n = notes.getFirst();
        assertTrue(n.startsWith("jocl:0 (A GPU): without the scratchpad SGEMM runs at 0.70 of its rate with it") && n.contains("(8 pairs)")
                && n.contains("the scratchpad pays on this GPU"), n);
        assertFalse(n.contains("PoCL") || n.contains("emulator"), "nothing written for a CPU: " + n);
        String costs = Seed004Observations.gpuScratchpad(data("gpu", 1.3), Params.of("sgemms", "64")).getFirst();
        assertTrue(costs.contains("the scratchpad costs on this GPU"), costs);
    }

    @Test
    void aCpuGetsNoGpuNotes() {
        assertTrue(Seed004Observations.gpuScratchpad(data("cpu", 0.7), Params.of("sgemms", "64")).isEmpty());
        assertTrue(Seed004Observations.gpuMapping(data("cpu", 0.7), Params.of("sgemms", "64")).isEmpty());
    }
}
