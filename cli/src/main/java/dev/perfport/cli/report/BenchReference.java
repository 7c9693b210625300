package dev.perfport.cli.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A vendor library's figure for a report case, read from the JSON lines of {@code bench/}'s PyTorch
 * references ({@code torch_spmv.py --out}, {@code torch_fft.py --out}, {@code torch_gemm.py --out}) measured
 * on the same GPU in the same call: cuSPARSE's CSR matvec for an SpMV matrix, cuFFT for an FFT case,
 * cuBLAS's fp32 matmul for an SGEMM size. A line counts for
 * a device only when it names the same device, so a GPU's reference never rates a CPU's points.
 */
final class BenchReference {
    static final String PARAM = "torch";
    private static final ObjectMapper JSON = new ObjectMapper();

    private BenchReference() {
    }

    /** Reads the files of the {@code torch} parameter once before any measurement: an unreadable file or line is a usage error. */
    static void validate(Params o) {
        find(o, "", "", "");
    }

    /** The reference for this workload, case and device from the files of the {@code torch} parameter, or null. */
    static Seed004Study.Point find(Params o, String workload, String kase, String device) {
        String files = o.get(PARAM, "");
        Seed004Study.Point found = null;
        for (String f : files.split(",")) {
            if (f.isBlank()) continue;
            List<String> lines;
            try {
                lines = Files.readAllLines(Path.of(f.trim()));
            } catch (IOException e) {
                throw new ConfigException("report parameter torch: cannot read " + f.trim() + ": " + e.getMessage());
            }
            int no = 0;
            String fileDevice = "";   // torch_gemm.py names the device once, in a line of its own
            for (String line : lines) {
                no++;
                if (line.isBlank()) continue;
                JsonNode j;
                try {
                    j = JSON.readTree(line);
                } catch (JsonProcessingException e) {
                    throw new ConfigException("report parameter torch: " + f.trim() + " line " + no + " is not JSON: " + e.getOriginalMessage());
                }
                if ("device".equals(j.path("workload").asText())) fileDevice = j.path("name").asText("");
                Seed004Study.Point p = point(j, workload, kase, device, fileDevice);
                if (p != null) found = p;   // the last line for a case wins: the file grows one call at a time
            }
        }
        return found;
    }

    private static Seed004Study.Point point(JsonNode j, String workload, String kase, String device, String fileDevice) {
        String dev = j.path("device").asText("");
        if (dev.equals("cuda") || dev.isEmpty()) dev = j.path("name").asText("");
        if (dev.isEmpty()) dev = fileDevice;
        if (!sameDevice(dev, device) || !j.path("ok").asBoolean(false)) return null;
        double ms = j.path("best_ms").asDouble(0);
        if (ms <= 0) return null;
        String torch = j.path("torch").asText("");
        if (workload.equals("spmv") && j.has("matrix") && j.path("matrix").asText().equals(kase)) {
            return new Seed004Study.Point("torch.sparse CSR matvec (cuSPARSE" + (torch.isEmpty() ? "" : ", PyTorch " + torch) + ")", Map.of(),
                    true, null, j.path("effective GB/s").asDouble(), "effective GB/s", j.path("GFLOP/s").asDouble(), j.path("GB/s").asDouble(), ms);
        }
        if (workload.equals("fft") && "fft".equals(j.path("workload").asText())) {
            String[] nb = kase.split("x");
            if (nb.length == 2 && Params.parseLong("ffts", nb[0]) == j.path("n").asLong() && Params.parseLong("ffts", nb[1]) == j.path("batch").asLong()) {
                return new Seed004Study.Point("torch.fft.fft (cuFFT)", Map.of(), true, null, j.path("best").asDouble(), "GFLOP/s",
                        j.path("best").asDouble(), 0, ms);
            }
        }
        // SGEMM: cuBLAS's fp32 A @ B (TF32 off), the same square size
        if (workload.equals("gemm") && "gemm".equals(j.path("workload").asText()) && "float32".equals(j.path("dtype").asText())
                && "torch.matmul NN".equals(j.path("op").asText()) && !j.path("tf32").asBoolean(false)
                && Params.parseLong("sgemms", kase) == j.path("n").asLong()) {
            return new Seed004Study.Point("torch.matmul fp32 (cuBLAS, TF32 off)", Map.of(), true, null, j.path("best").asDouble(), "GFLOP/s",
                    j.path("best").asDouble(), 0, ms);
        }
        return null;
    }

    /** The bench's device name and perfport's, the same GPU (drivers spell it alike; case and spacing aside). */
    static boolean sameDevice(String bench, String perfport) {
        String a = bench.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").trim(), b = perfport.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").trim();
        return !a.isEmpty() && !b.isEmpty() && (a.equals(b) || a.contains(b) || b.contains(a));
    }
}
