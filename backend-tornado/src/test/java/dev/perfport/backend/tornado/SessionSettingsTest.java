package dev.perfport.backend.tornado;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.workloads.saxpy.SaxpyKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The perfport.tornado.* settings: defaults, bad values refused with the range, and graphLaunches honoured by a session. */
class SessionSettingsTest {

    @Test
    void unsetKeysTakeTheDefaults() {
        assertEquals(SessionSettings.DEFAULT, SessionSettings.of(PerfportConfig.of(Map.of())));
        assertEquals(new SessionSettings(false, false, 3), SessionSettings.of(PerfportConfig.of(Map.of(TornadoVmProvider.COUNTERS_KEY, "false",
                TornadoVmProvider.REGISTER_LIMITS_KEY, "false", TornadoVmProvider.GRAPH_LAUNCHES_KEY, "3"))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "17", "-1", "32"})
    void aGraphSizeOutsideTheRangeIsRefusedWithTheRange(String v) {
        ConfigException e = assertThrows(ConfigException.class,
                () -> SessionSettings.of(PerfportConfig.of(Map.of(TornadoVmProvider.GRAPH_LAUNCHES_KEY, v))));
        assertTrue(e.getMessage().contains("perfport.tornado.graphLaunches must be 1..16, got " + v), e.getMessage());
    }

    /** Seven repeated launches: graphs of 3, 3 and 1 launches (two plans), or seven one-launch executes (one plan). */
    @ParameterizedTest(name = "graphLaunches={0}")
    @CsvSource({"1, 1", "3, 2", "8, 1"})
    void repeatedLaunchesUseGraphsOfAtMostTheSetSize(int graphLaunches, int plans) {
        Tornado.DEVICE.assumeDevice();
        int n = 256, times = 7;
        float[] x = new float[n], y = new float[n], want = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i % 5;
            y[i] = i % 3;
            want[i] = y[i] + times * 2 * x[i];
        }
        try (TornadoVmSession s = new TornadoVmSession(Tornado.DEVICE.backend().device(Tornado.DEVICE.deviceIndex()),
                TornadoVmBackend.nextSessionId(), new SessionSettings(true, true, graphLaunches));
             CompiledKernel k = s.compile(SaxpyKernels.saxpy()); DeviceBuffer xb = s.upload(x); DeviceBuffer yb = s.upload(y)) {
            s.launchRepeated(k, NDRange.of(n, 64), times, 2f, xb, yb, n);
            float[] got = new float[n];
            yb.read(got);
            assertArrayEquals(want, got);
            assertEquals(plans, s.livePlans(), "execution plans for " + times + " launches in graphs of at most " + graphLaunches);
        }
    }
}
