package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A row's metrics come from times the row shows, all of one repetition, and its profile is its
 * own run's.
 */
class RowConsistencyIT {

    /** The example: the emulator's GB/s once came from a kernel time 3x the row's wall time. */
    @Test
    void everyRateComesFromTheRowsKernelTimeWhichIsWithinItsWallTime() {
        List<String> backends = new ArrayList<>(List.of("cell-emulation"));
        if (Dist.noOpenClPlatform().isEmpty()) backends.addAll(List.of("jocl", "aparapi"));
        for (String b : backends) {
            Run r = Run.of("run", "reduction", "--backend", b, "--variant", "local-atomic", "--param", "type=int",
                    "--param", "n=2^20", "--param", "reps=3", "--format", "json");
            Dist.assertExit(0, r);
            for (Map<String, Object> row : Dist.jsonRows(r)) {
                long wall = assertInstanceOf(Long.class, row.get("wallNanos"), r.describe());
                long kernel = assertInstanceOf(Long.class, row.get("kernelNanos"), r.describe());
                assertTrue(kernel > 0 && kernel <= wall, b + ": kernelNanos " + kernel + " within wallNanos " + wall);
                double gbs = (Double) ((Map<?, ?>) row.get("metrics")).get("GB/s");
                assertEquals((1 << 20) * 4.0 / kernel, gbs, 1e-9 * gbs, b + ": GB/s = bytes / kernelNanos");
                Object modelled = row.get("modelledNanos");
                if (modelled != null) {
                    double mgbs = (Double) ((Map<?, ?>) row.get("metrics")).get("modelled GB/s");
                    assertEquals((1 << 20) * 4.0 / (Long) modelled, mgbs, 1e-9 * mgbs, b + ": modelled GB/s = bytes / modelledNanos");
                }
                Map<?, ?> profile = (Map<?, ?>) row.get("profile");
                assertEquals(4L, profile.get("launches"), "one launch per repetition, the untimed warm-up included: " + row);
                assertTrue((Long) profile.get("kernelNanos") >= kernel, "the profile sums every repetition: " + row);
            }
        }
    }

    /** A session shared by threads: each reps=1 row's profile holds its own launch only. */
    @Test
    void aRowsProfileIsItsOwnOnASessionSharedByThreads() throws Exception {
        Workload w = Workloads.get("reduction");
        int threads = 4, runsEach = 5;
        try (DeviceSession s = Dist.registry().open("cell-emulation");
             ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<List<RunResult>>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    List<RunResult> rows = new ArrayList<>();
                    for (int i = 0; i < runsEach; i++) {
                        rows.add(w.run(s, "local-atomic", w.defaults().with(Params.of(Map.of("n", "65536", "reps", "1", "type", "int")))));
                    }
                    return rows;
                }));
            }
            for (Future<List<RunResult>> f : fs) {
                for (RunResult row : f.get()) {
                    assertTrue(row.ok(), row.toString());
                    assertEquals(2L, row.profile().launches(), "the row's own launches only (its warm-up and its one timed): " + row.profile());
                    assertTrue(row.profile().kernelNanos() >= row.kernelNanos(), "profile = the two repetitions' kernel time " + row);
                }
            }
            assertEquals(2L * threads * runsEach, s.profile().launches(), "the session's totals still count every launch");
        }
    }
}
