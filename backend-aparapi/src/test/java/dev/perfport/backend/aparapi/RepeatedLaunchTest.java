package dev.perfport.backend.aparapi;

import dev.perfport.conformance.IntInput;
import dev.perfport.conformance.TunedReduction;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.result.Counters;
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
        try (DeviceSession s = backend.open(Aparapi.DEVICE.deviceIndex());
             TunedReduction r = TunedReduction.open(s, IntInput.sawtooth(n, 13, 6), groups, wg, Constants.of("VW", 1, "IPT", 2))) {
            for (int round = 0; round < 3; round++) {
                LaunchStats st = s.launchRepeated(r.kernel(), r.range(), times, r.args());
                assertEquals(r.input().sum(), r.result(), "round " + round + ": the last of " + times + " launches wrote the exact sum");
                assertEquals((long) times * groups, st.counters().get(Counters.WORK_GROUPS));
                assertTrue(st.kernelNanos() > 0);
            }
        }
    }
}
