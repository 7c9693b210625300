package dev.perfport.cli.commands;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One page and one data file per GPU: named by the model, bench gpu's section replaced, the hand-kept rest left alone. */
class GpuPageTest {

    @Test
    void aPageIsNamedByTheDevicesModel() {
        assertEquals("h200", GpuPage.name("NVIDIA H200"));
        assertEquals("h100", GpuPage.name("NVIDIA H100 80GB HBM3"));
        assertEquals("mi300x", GpuPage.name("AMD MI300X"));
        assertEquals("geforce-rtx-4090", GpuPage.name("NVIDIA GeForce RTX 4090"));
        assertEquals("cell-b-e-emulator-6-spes", GpuPage.name("Cell/B.E. emulator (6 SPEs)"));
        assertEquals("no-device", GpuPage.name("  "));
    }

    @Test
    void eachRunReplacesItsSectionAndKeepsTheRest() {
        String kept = "# NVIDIA H200\n\nIntroduction kept by hand.\n\n## Searches\n\n| a | b |\n";
        String first = GpuPage.page(kept, "NVIDIA H200", "## The headline table\n\nrun 1\n");
        assertEquals("# NVIDIA H200\n\n" + GpuPage.BEGIN + "\n\n## The headline table\n\nrun 1\n\n" + GpuPage.END + "\n\n"
                + "Introduction kept by hand.\n\n## Searches\n\n| a | b |\n", first);
        String second = GpuPage.page(first, "NVIDIA H200", "## The headline table\n\nrun 2\n");
        assertEquals(first.replace("run 1", "run 2"), second);
        assertEquals("# NVIDIA H200\n\n" + GpuPage.BEGIN + "\n\nx\n\n" + GpuPage.END + "\n", GpuPage.page(null, "NVIDIA H200", "x"));
    }

    @Test
    void theDataFileKeepsOnlyItsKeptKey() {
        Map<String, Object> old = Map.of("kept", Map.of("search", List.of(1, 2)), "rows", "stale");
        Map<String, Object> now = GpuPage.data(old, Map.of("rows", List.of()));
        assertEquals(Map.of("rows", List.of(), "kept", Map.of("search", List.of(1, 2))), now);
        assertEquals(Map.of("rows", List.of()), GpuPage.data(null, Map.of("rows", List.of())));
    }
}
