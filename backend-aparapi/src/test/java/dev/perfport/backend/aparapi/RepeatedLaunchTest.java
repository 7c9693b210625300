package dev.perfport.backend.aparapi;

import dev.perfport.conformance.IntInput;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.workloads.reduction.ReductionKernels;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeated launches of the tuned reduction (an {@code AtomicInteger[]} of partials, a self-resetting
 * ticket), with and without Aparapi's shared memory: every launch leaves the exact sum, launch
 * after launch and round after round, without the per-launch counters (counting off by default).
 * Not Aparapi's own passes: see {@code AparapiSession} for why they are not used.
 */
class RepeatedLaunchTest {
    @ParameterizedTest(name = "sharedMemory={0}")
    @ValueSource(strings = {"false", "true"})
    void theTunedReductionGivesTheExactSumAfterEveryRepeatedLaunch(String shared) {
        Aparapi.DEVICE.assumeDevice();
        AparapiBackend backend = AparapiBackend.create(PerfportConfig.of(Map.of(AparapiProvider.SHARED_MEMORY_KEY, shared)),
                TestKernels.registry());
        int n = 100_003, wg = 64, groups = 8, times = 300;
        IntInput input = IntInput.sawtooth(n, 13, 6);
        int[] data = input.data();
        long sum = input.sum();
        try (DeviceSession s = backend.open(Aparapi.DEVICE.deviceIndex());
             CompiledKernel k = s.compile(ReductionKernels.tuned(ElemType.INT), Constants.of("VW", 1, "IPT", 2));
             DeviceBuffer in = s.upload(data); DeviceBuffer out = s.allocate(ElemType.INT, 1);
             DeviceBuffer partial = s.allocate(ElemType.INT, groups); DeviceBuffer ticket = s.upload(new int[1])) {
            for (int round = 0; round < 3; round++) {
                LaunchStats st = s.launchRepeated(k, NDRange.of((long) groups * wg, wg), times, in, partial, out, ticket, n, LocalSize.of(wg));
                int[] got = new int[1];
                out.read(got);
                assertEquals(sum, got[0], "round " + round + ": the last of " + times + " launches wrote the exact sum");
                assertEquals((long) times * groups, st.counters().get(Counters.WORK_GROUPS));
                assertTrue(st.kernelNanos() > 0);
            }
        }
    }
}
