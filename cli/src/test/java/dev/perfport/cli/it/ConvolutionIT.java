package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adaptive convolution's OpenCL C forms beyond the thesis: adjacent outputs (a work-item slides the filter along a row
 * held in registers) and fused multiply-adds, each checked against the double-precision reference on odd sizes, and refused
 * by name on the Java routes, which do not have them.
 */
class ConvolutionIT {

    private static Run conv(String backend, List<String> params) {
        List<String> a = new ArrayList<>(List.of("--format", "json", "run", "convolution", "--variant", "adaptive", "--backend", backend,
                "--param", "width=97", "--param", "height=45", "--param", "reps=1"));
        for (String p : params) a.addAll(List.of("--param", p));
        return Run.of(a.toArray(String[]::new));
    }

    @Test
    void adjacentOutputsAndFusedMultiplyAddsVerifyOnOpenClC() {
        GemmIT.assumeBackend("jocl");
        // odd tile factors (conflict-free local reads), a partial last group, global filter, no padding, several rows per item,
        // and the unrolled build of a small filter
        for (List<String> ps : List.of(List.of("adjacent=1", "tx=7", "ty=2", "fw=5", "fh=3", "pad=0", "filter=global", "unroll=0"),
                List.of("adjacent=1", "math=fma", "tx=9", "fw=4", "fh=6", "readOnly=0", "unroll=0"),
                List.of("adjacent=1", "math=fma", "tx=5", "ty=2", "bw=8", "bh=4", "fw=5", "fh=3", "unroll=1"),
                List.of("adjacent=0", "math=fma", "tx=4", "fw=3", "fh=3", "unroll=0"))) {
            Map<String, Object> row = FftIT.onlyRow(conv("jocl", ps));
            assertEquals(Boolean.TRUE, row.get("verified"), () -> ps + ": " + row.get("error"));
            Map<?, ?> params = (Map<?, ?>) row.get("params");
            assertEquals(ps.getFirst().substring("adjacent=".length()), String.valueOf(params.get("adjacent")), String.valueOf(params));
        }
    }

    @Test
    void theJavaRoutesRefuseTheFormsTheyDoNotHave() {
        for (String backend : List.of("cell-emulation", "aparapi")) {
            if (backend.equals("aparapi")) GemmIT.assumeBackend("jocl");   // Aparapi needs an OpenCL platform too
            for (String p : List.of("adjacent=1", "math=fma")) {
                Map<String, Object> row = FftIT.onlyRow(conv(backend, List.of(p, "tx=3")));
                assertEquals("unsupported", row.get("status"), () -> backend + " " + p + ": " + row);
                assertTrue(String.valueOf(row.get("error")).contains("OpenCL C only") && String.valueOf(row.get("error")).contains(p),
                        () -> backend + ": " + row.get("error"));
            }
        }
    }
}
