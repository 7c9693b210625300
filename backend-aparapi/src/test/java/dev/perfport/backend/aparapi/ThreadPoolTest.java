package dev.perfport.backend.aparapi;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.reduction.Reduction;
import dev.perfport.workloads.scan.Scan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Aparapi's Java thread pool as a device of its own, chosen by name: the same kernels run there
 * (slowly: a thread per work-item), results name the thread pool, one group is resident.
 */
class ThreadPoolTest {

    /*
     * Aparapi runs a group as one ForkJoinPool task per work-item, blocked at each barrier in
     * ForkJoinPool.managedBlock. Once in seven CI runs on 2 cores (wg 32), the last work-item's task was
     * never started and the other 31 waited at localBarrier() forever. Groups of 8 block fewer
     * threads, and the timeout turns a hang into a failure naming this test instead of CI's limit.
     */
    @Test
    @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theSameKernelsRunOnTheThreadPoolWhenItIsChosen() {
        try (DeviceSession s = Aparapi.threadPoolSession()) {
            assertEquals(AparapiDevice.THREAD_POOL_NAME, s.device().name());
            for (String v : new Reduction().variants()) {
                for (String t : new String[]{"int", "float"}) {
                    RunResult r = Workloads.get("reduction").run(s, v, Params.of("n", "3001", "wg", "8", "type", t, "reps", "1"));
                    assertTrue(r.verified(), v + " " + t + ": " + r.error());
                    assertEquals(AparapiDevice.THREAD_POOL_NAME, r.device());
                }
            }
            RunResult scan = new Scan().run(s, Scan.V1, Params.of("n", "777", "wg", "8", "reps", "1"));
            assertTrue(scan.verified(), String.valueOf(scan.error()));
            assertEquals(1L, scan.counters().get("unitsUsed"), "one persistent group: the residency of the thread pool");
            // the single-pass look-back with more groups than the residency (none waits for a tile not yet taken),
            // each work-item thread with elements of its own (its kernel's clone)
            RunResult single = new Scan().run(s, Scan.SINGLE_PASS, Params.of("n", "3001", "wg", "8", "items", "4", "k", "3",
                    "reps", "2", "type", "int", "op", "max"));
            assertTrue(single.verified(), String.valueOf(single.error()));
        }
    }

    @Test
    void aKernelAparapiCannotTranslateRunsInJavaOnlyWhereJavaWasChosen() {
        try (DeviceSession s = Aparapi.threadPoolSession(); CompiledKernel k = s.compile(TestKernels.UNTRANSLATABLE);
             DeviceBuffer out = s.upload(new int[4])) {
            s.launch(k, NDRange.of(4, 2), out);
            int[] got = new int[4];
            out.read(got);
            assertArrayEquals(new int[]{1, 2, 3, 4}, got);
        }
    }
}
