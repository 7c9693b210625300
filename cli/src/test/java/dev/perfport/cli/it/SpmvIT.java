package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code spmv} (seed 004) through the real plugins: a malformed Matrix Market file is a usage
 * error (exit 2, one line naming the file, the line and the problem); a file and a generator run
 * every variant verified; ELLPACK refuses a matrix whose padding it cannot hold, in its row only;
 * {@code tune spmv} runs; {@code report seed-004} writes its SpMV and FFT tables and writes them
 * again {@code --from} the saved data. No timing is asserted.
 */
class SpmvIT {

    @Test
    void aMalformedMatrixFileIsOneUsageLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("broken.mtx");
        Files.writeString(f, "%%MatrixMarket matrix coordinate real general\n4 4 3\n1 1 1.0\n5 1 2.0\n2 2 1.0\n");
        Run r = Run.of("run", "spmv", "--backend", "cell-emulation", "--param", "matrix=" + f);
        Dist.assertExit(2, r);
        assertEquals(1, r.err().strip().lines().count(), r::describe);
        assertTrue(r.err().contains(f + ":4: row index 5 out of range 1..4"), r::describe);
        Files.writeString(f, "%%MatrixMarket matrix coordinate real general\n4 4 3\n1 1 1.0\n");
        r = Run.of("compare", "spmv", "--backend", "cell-emulation", "--param", "matrix=" + f);
        Dist.assertExit(2, r);
        assertTrue(r.err().contains(f + ":4: truncated file: 1 of the 3 entries"), r::describe);
    }

    @Test
    void aFileAndAGeneratorVerifyInEveryVariant(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("nist.mtx");
        Files.writeString(f, """
                %%MatrixMarket matrix coordinate real general
                5 5 8
                1 1 1.0
                2 2 10.5
                3 3 0.015
                1 4 6.0
                4 2 250.5
                4 4 -280.0
                4 5 33.32
                5 5 12.0
                """);
        // impcol_a: a real matrix of the SuiteSparse Collection (workloads' test data, see its README)
        Path real = Path.of("../workloads/src/test/resources/dev/perfport/workloads/spmv/suitesparse/impcol_a.mtx").toAbsolutePath();
        assertTrue(Files.isRegularFile(real), real::toString);
        for (String m : List.of(f.toString(), real.toString(), "stencil3d:5x4x3", "powerlaw:300:6")) {
            Run r = Run.of("--format", "json", "run", "spmv", "--backend", "cell-emulation", "--param", "matrix=" + m,
                    "--param", "wg=16", "--param", "reps=1", "--param", "rpt=3", "--param", "map=blocked", "--param", "lanes=4",
                    "--param", "C=8", "--param", "sigma=16", "--param", "ipt=5");
            List<Map<String, Object>> rows = Dist.jsonRows(r);
            assertEquals(7, rows.size(), r::describe);
            for (Map<String, Object> row : rows) {
                assertEquals(Boolean.TRUE, row.get("verified"), () -> m + " " + row.get("variant") + ": " + row.get("error"));
                Map<?, ?> metrics = (Map<?, ?>) row.get("metrics");
                assertTrue(((Number) metrics.get("GFLOP/s")).doubleValue() >= 0 && metrics.containsKey("modelled GB/s"), r::describe);
            }
            Dist.assertExit(0, r);
        }
    }

    @Test
    void ellpackRefusesPaddingItCannotHoldInItsRowsOnly() {
        // a power-law matrix of 2^17 rows has rows of thousands of entries: ELLPACK would pad every row to that
        Run r = Run.of("--format", "json", "run", "spmv", "--backend", "cell-emulation", "--variant", "ell-col", "--variant", "sell",
                "--param", "matrix=powerlaw:2^17:8", "--param", "reps=1");
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(2, rows.size(), r::describe);
        assertEquals(Boolean.FALSE, rows.get(0).get("verified"));
        assertTrue(((String) rows.get(0).get("error")).startsWith("ELLPACK pads 131072 rows"), r::describe);
        assertEquals(Boolean.TRUE, rows.get(1).get("verified"), r::describe);
        Dist.assertExit(1, r);
    }

    @Test
    void tuneRunsTheKnobsOfAVariant(@TempDir Path dir) {
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "--format", "json", "tune", "spmv",
                "--backend", "cell-emulation", "--variant", "sell", "--strategy", "exhaustive", "--param", "matrix=powerlaw:500:6",
                "--param", "wg=32,64", "--param", "C=4,16", "--param", "sigma=1,64", "--param", "reps=1");
        Dist.assertExit(0, r);
        Map<?, ?> rec = (Map<?, ?>) ((List<?>) MiniJson.parse(r.out())).getFirst();
        assertEquals(8L, ((Number) rec.get("evaluations")).longValue(), r::describe);
        assertEquals("modelled GFLOP/s", rec.get("objective"));
        assertTrue(((Map<?, ?>) rec.get("best")).keySet().containsAll(List.of("wg", "C", "sigma")), r::describe);
        r = Run.of("tune", "spmv", "--backend", "cell-emulation", "--variant", "sell", "--param", "rpt=1,2");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("'rpt' is not a tuned parameter of spmv's sell; tuned: wg, C, sigma"), r::describe);
    }

    @Test
    void reportSeed004WritesTable4AndAgainFromItsData(@TempDir Path dir) throws Exception {
        // bench/'s reference lines: one for this device's stencil and fft case, one for another device (not used)
        Path torch = dir.resolve("torch.jsonl");
        Files.writeString(torch, """
                {"bench": "torch.sparse CSR matvec", "matrix": "stencil2d:9x7", "device": "Cell/B.E. emulator (6 SPEs)", "torch": "2.11.0", "best_ms": 0.01, "GB/s": 1.0, "effective GB/s": 0.9, "GFLOP/s": 0.1, "ok": true}
                {"bench": "torch.sparse CSR matvec", "matrix": "powerlaw:200:5", "device": "NVIDIA H100 80GB HBM3", "torch": "2.11.0", "best_ms": 0.01, "GB/s": 1.0, "effective GB/s": 0.9, "GFLOP/s": 0.1, "ok": true}
                {"workload": "fft", "case": "batched", "n": 64, "batch": 3, "device": "cuda", "name": "Cell/B.E. emulator (6 SPEs)", "best_ms": 0.001, "best": 2.5, "ok": true}
                """);
        Run r = Run.of("report", "seed-004", "--backend", "cell-emulation", "--param", "matrices=stencil2d:9x7,powerlaw:200:5",
                "--param", "ffts=64x3", "--param", "sgemms=48", "--param", "reps=1", "--param", "peakn=4096", "--param", "torch=" + torch,
                "--param", "sweep=random:64:0.05,stencil2d:9x7", "--out", dir.toString());
        Dist.assertExit(0, r);
        String md = Files.readString(dir.resolve("seed-004.md"));
        assertTrue(md.contains("**stencil2d:9x7**: 99 of 99 points verified; reference torch.sparse CSR matvec (cuSPARSE, PyTorch 2.11.0) 0.900"), md);
        assertTrue(md.contains("**powerlaw:200:5**") && !md.contains("**powerlaw:200:5**: 96 of 96 points verified; reference torch"), md);
        assertTrue(md.contains("**stencil2d:9x7**: 99 of 99 points verified"), md);
        assertTrue(md.contains("| **untuned** | ELLPACK column-major, 1 row per work-item, interleaved, wg 128 | `ell-col map=0 rpt=1 wg=128` |"), md);
        for (String knob : List.of("| layout |", "| granularity |", "| mapping |", "| wg size |", "| format |", "| **all tuned** |")) {
            assertTrue(md.contains(knob), knob + " in\n" + md);
        }
        // the fft study: all 48 knob combinations verify on the fused path, each knob alone has its row
        String fft = md.substring(md.indexOf("## FFT (`fft`)"));
        assertTrue(fft.contains("**64x3**: 60 of 60 points verified; reference torch.fft.fft (cuFFT) 2.50"), fft);
        for (String knob : List.of("| radix |", "| layout |", "| exchange |", "| twiddle |", "| share |", "| four-step |", "| **all tuned** |")) {
            assertTrue(fft.contains(knob), knob + " in\n" + fft);
        }
        // the SGEMM study: the paper's three knobs through the gemm generator, each alone, then all 16 combinations
        String sgemm = md.substring(md.indexOf("## SGEMM (`gemm`)"));
        // no cuBLAS line for this device: the host's OpenBLAS is the reference (modelled rates: no % ref), or where it
        // cannot load, a reference reported missing with its reason; either way the report is written
        assertTrue(sgemm.contains("**48**: 16 of 16 points verified; reference OpenBLAS 0.3.31 (org.bytedeco:openblas 0.3.31-1.5.13) cblas_sgemm, float, ")
                || sgemm.contains("**48**: 16 of 16 points verified; reference missing (OpenBLAS (org.bytedeco:openblas) not loaded: "), sgemm);
        assertTrue(md.contains("| the paper (Ivy Bridge CPU, Fig. 3) |"), md);
        // FFT and SGEMM against the FP32 multiply-add rate measured in the same run (the flops workload)
        assertTrue(md.contains("| streaming GB/s (saxpy) | FP32 GFLOP/s (flops) |"), md);
        assertTrue(sgemm.contains("| knob | what | best setting | modelled GFLOP/s | x untuned | % peak | % ref |"), sgemm);
        for (String knob : List.of("| **untuned** | SHOC's kernel: 16x16 tile", "| tile |", "| layout |", "| scratchpad |", "| **all tuned** |")) {
            assertTrue(sgemm.contains(knob), knob + " in\n" + sgemm);
        }
        // the threads-and-size sweep: both layouts at 1 and 6 threads (the emulator's SPEs), and the mapping in both models
        String sweep = md.substring(md.indexOf("## SpMV: threads, matrix size and mapping"), md.indexOf("## Current vs potential"));
        assertTrue(sweep.contains("| matrix | non-zeros | ELLPACK data | col, 1 thread | col, 6 threads | row, 1 thread | row, 6 threads |"), sweep);
        assertTrue(sweep.lines().anyMatch(l -> l.startsWith("| random:64:0.05 | ") && !l.contains("| - |")), sweep);
        assertTrue(sweep.lines().anyMatch(l -> l.startsWith("| stencil2d:9x7 | ell-row | ") && !l.contains("| - |")), sweep);
        // the Observations' ablations: every ratio cell of the emulator's rows is a number
        String obs = md.substring(md.indexOf("## Observations"), md.indexOf("## Not reproducible here"));
        assertTrue(obs.lines().anyMatch(l -> l.matches("\\| cell-emulation:0 \\| 48 \\| col( \\| [0-9.]+){4} \\|")), obs);
        assertTrue(obs.lines().anyMatch(l -> l.matches("\\| cell-emulation:0 \\| stencil2d:9x7 \\| ell-col( \\| [0-9.]+){3} \\|")), obs);
        assertTrue(md.contains("| the paper's hardware | what stands in for it | what that changes |"), md);
        assertTrue(Files.exists(dir.resolve("seed-004/data.json")));
        Files.delete(dir.resolve("seed-004.md"));
        Run again = Run.of("report", "seed-004", "--from", dir.toString());
        Dist.assertExit(0, again);
        assertEquals(md.replaceAll("Generated by `[^`]*`", ""), Files.readString(dir.resolve("seed-004.md")).replaceAll("Generated by `[^`]*`", ""));
        // a reference file that is not JSON lines is a usage error naming the file and line
        Files.writeString(torch, "{\"matrix\": \"stencil2d:9x7\"}\nnot json\n");
        Run bad = Run.of("report", "seed-004", "--backend", "cell-emulation", "--param", "matrices=stencil2d:9x7", "--param", "ffts=64x3",
                "--param", "reps=1", "--param", "torch=" + torch, "--out", dir.resolve("bad").toString());
        Dist.assertExit(2, bad);
        assertTrue(bad.err().contains("torch.jsonl line 2 is not JSON"), bad::describe);
    }
}
