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
 * bench gpu's plumbing on the CPU machine (quick sizes, the emulator): the limits (stream, flops) and every headline case
 * run through compare, the page and its data file are written with each row's fraction of its device's limit, and
 * without python3 and torch the page says there are no PyTorch figures.
 */
class BenchGpuIT {

    @Test
    void everyHeadlineCaseRunsAndThePageAndItsDataAreWritten(@TempDir Path dir) throws Exception {
        // the device's page and data file as kept by hand: the run writes its section and data beside them
        Path md = dir.resolve("cell-b-e-emulator-6-spes.md"), data = dir.resolve("cell-b-e-emulator-6-spes.json");
        Files.writeString(md, "# The emulator\n\n## A search kept by hand\n\n| knob | value |\n");
        Files.writeString(data, "{\"kept\": {\"search\": [1, 2]}, \"rows\": \"stale\"}");
        Run r = Run.of("bench", "gpu", "--backend", "cell-emulation", "--param", "quick=1", "--out", dir.toString());
        assertEquals(0, r.code(), r.describe());
        String page = Files.readString(md);
        assertTrue(page.startsWith("# The emulator\n\n<!-- bench gpu:") && page.endsWith("<!-- /bench gpu -->\n\n## A search kept by hand\n\n| knob | value |\n"),
                page);
        for (String c : List.of("stream copy float", "stream dot double", "flops FMA float", "flops FMA double", "reduction float",
                "scan int, single-pass", "SGEMM", "FFT", "SpMV csr-adaptive", "convolution", "host time per launch")) {
            assertTrue(page.contains("| " + c), c + " in\n" + page);
        }
        assertTrue(page.contains("no PyTorch figures") || page.contains("PyTorch "), page);
        Map<?, ?> d = (Map<?, ?>) MiniJson.parse(Files.readString(data));
        assertEquals("perfport-bench-gpu/1", d.get("format"));
        assertEquals(Map.of("search", List.of(1L, 2L)), d.get("kept"));
        List<?> rows = (List<?>) d.get("rows");
        assertTrue(rows.size() >= 20, "a row per case at least: " + rows.size());
        Map<?, ?> limits = (Map<?, ?>) ((Map<?, ?>) d.get("limits")).get("Cell/B.E. emulator (6 SPEs)");
        double stream = ((Number) limits.get("stream GB/s")).doubleValue(), fp32 = ((Number) limits.get("flops float GFLOP/s")).doubleValue();
        assertTrue(stream > 0 && fp32 > 0 && ((Number) limits.get("flops double GFLOP/s")).doubleValue() > 0, String.valueOf(limits));
        assertTrue(page.contains("| of best known | % of stream | % of flops |"), page);
        for (Object o : rows) {
            Map<?, ?> entry = (Map<?, ?>) o, row = (Map<?, ?>) entry.get("row");
            if (String.valueOf(entry.get("case")).contains("math=fma")) {   // an OpenCL C form: the emulator's Java kernel says so
                assertEquals("unsupported", row.get("status"), String.valueOf(row));
                assertTrue(String.valueOf(row.get("error")).contains("OpenCL C only"), String.valueOf(row));
                continue;
            }
            assertEquals("verified", row.get("status"), String.valueOf(row));
            Map<?, ?> metrics = (Map<?, ?>) row.get("metrics");
            if (String.valueOf(entry.get("case")).startsWith("host time per launch")) {   // a time, under no limit
                assertTrue(entry.get("bound") == null && entry.get("fractionOfLimit") == null, String.valueOf(entry));
                assertTrue(((Number) metrics.get("wall us/launch")).doubleValue() > 0, String.valueOf(entry));
                continue;
            }
            double fraction = ((Number) entry.get("fractionOfLimit")).doubleValue();
            switch ((String) row.get("workload")) {   // every headline row is memory- or compute-bound, and its fraction is its rate over the limit
                case "stream", "reduction", "scan", "spmv", "fft" -> {
                    assertEquals("memory", entry.get("bound"), String.valueOf(entry));
                    assertEquals(((Number) metrics.get("GB/s")).doubleValue() / stream, fraction, 1e-9 * fraction, String.valueOf(entry));
                }
                case "gemm", "convolution" -> {
                    assertEquals("compute float", entry.get("bound"), String.valueOf(entry));
                    assertEquals(((Number) metrics.get("GFLOP/s")).doubleValue() / fp32, fraction, 1e-9 * fraction, String.valueOf(entry));
                }
                case "flops" -> assertTrue(String.valueOf(entry.get("bound")).startsWith("compute "), String.valueOf(entry));
                default -> throw new AssertionError("a row of no headline case: " + entry);
            }
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
