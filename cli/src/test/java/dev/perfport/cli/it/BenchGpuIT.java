package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bench gpu's plumbing on the CPU machine (quick sizes, the emulator): every headline case runs through compare, the
 * page and its data file are written, and without python3 and torch the page says there are no PyTorch figures.
 */
class BenchGpuIT {

    @Test
    void everyHeadlineCaseRunsAndThePageAndItsDataAreWritten(@TempDir Path dir) throws Exception {
        Run r = Run.of("bench", "gpu", "--backend", "cell-emulation", "--param", "quick=1", "--out", dir.toString());
        assertEquals(0, r.code(), r.describe());
        Path md = dir.resolve("bench-cell-b-e-emulator-6-spes.md"), data = dir.resolve("bench-cell-b-e-emulator-6-spes.json");
        String page = Files.readString(md);
        for (String c : List.of("reduction float", "scan int, single-pass", "SGEMM", "FFT", "SpMV csr-adaptive", "convolution")) {
            assertTrue(page.contains("| " + c), c + " in\n" + page);
        }
        assertTrue(page.contains("no PyTorch figures") || page.contains("PyTorch "), page);
        Map<?, ?> d = (Map<?, ?>) MiniJson.parse(Files.readString(data));
        assertEquals("perfport-bench-gpu/1", d.get("format"));
        List<?> rows = (List<?>) d.get("rows");
        assertTrue(rows.size() >= 7, "a row per case at least: " + rows.size());
        for (Object o : rows) {
            Map<?, ?> row = (Map<?, ?>) ((Map<?, ?>) o).get("row");
            assertEquals("verified", row.get("status"), String.valueOf(row));
        }
    }

    @Test
    void aMachineWithoutTheRoutesDevicesIsOneLineBeforeAnythingRuns(@TempDir Path dir) {
        Run r = Run.of("bench", "gpu", "--backend", "cell-emulation:name=no-such-device", "--out", dir.toString());
        assertEquals(2, r.code(), r.describe());
        assertEquals(1, r.err().strip().lines().count(), r.describe());
    }

    @Test
    void anUnknownParameterIsOneLine() {
        Run r = Run.of("bench", "gpu", "--param", "sizes=big");
        assertEquals(2, r.code(), r.describe());
        assertEquals("perfport: unknown parameter 'sizes' of bench gpu; parameters: quick", r.err().strip(), r.describe());
    }
}
