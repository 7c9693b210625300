package dev.perfport.backend.aparapi;

import com.aparapi.Config;
import com.aparapi.device.Device;
import com.aparapi.internal.kernel.KernelManager;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.Reduction;
import org.junit.jupiter.api.Test;

import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Aparapi falls back to its Java thread pool when translation or OpenCL fails; here every such
 * case is an error naming Aparapi's reason, nothing runs in the thread pool, and the session (and
 * the other kernels) keep working.
 */
class NoFallbackTest {

    @Test
    void anUntranslatableKernelIsABuildErrorWithAparapisReasonAndTheSessionGoesOn() {
        try (DeviceSession s = Aparapi.session(); DeviceBuffer out = s.upload(new int[8])) {
            KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(TestKernels.UNTRANSLATABLE));
            String m = e.getMessage();
            assertTrue(m.contains("test.untranslatable") && m.contains("Untranslatable"), m);
            assertTrue(m.contains("Aparapi could not translate or build it"), m);
            assertTrue(m.contains("ClassParseException") && m.contains("We don't support new instructions"), "Aparapi's own reason: " + m);
            int[] got = new int[8];
            out.read(got);
            assertArrayEquals(new int[8], got, "nothing ran anywhere");
            // the session and other kernels go on
            RunResult r = new Reduction().run(s, Reduction.LOCAL_ATOMIC, Params.of("n", "1000", "reps", "1"));
            assertTrue(r.verified(), String.valueOf(r.error()));
            assertEquals(s.device().name(), r.device());
        }
    }

    @Test
    void anOpenClBuildFailureIsABuildErrorCarryingTheGeneratedSource() {
        try (DeviceSession s = Aparapi.session()) {
            KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(TestKernels.UNBUILDABLE));
            assertTrue(e.getMessage().contains("OpenCL compile failed"), e.getMessage());
            assertTrue(e.buildLog().contains("__kernel void run("), "the generated OpenCL C is part of the log: " + e.buildLog());
            try (CompiledKernel k = s.compile(TestKernels.TWICE); DeviceBuffer in = s.upload(new int[]{1, 2, 3, 4});
                 DeviceBuffer out = s.allocate(ElemType.INT, 4)) {
                s.launch(k, NDRange.of(4, 2), in, out);
                int[] got = new int[4];
                out.read(got);
                assertArrayEquals(new int[]{2, 4, 6, 8}, got);
            }
        }
    }

    @Test
    void aFallbackDuringExecutionIsRefusedBeforeTheThreadPoolRuns() {
        Aparapi.DEVICE.assumeDevice();
        Device device = Aparapi.DEVICE.backend().device(Aparapi.DEVICE.deviceIndex()).device();
        // executed without a compile first, Aparapi meets the untranslatable code inside execute,
        // logs "Device failed ..." and would go on to the next device, the thread pool
        TestKernels.Untranslatable k = new TestKernels.Untranslatable();
        k.out = new int[16];
        k.setExplicit(true);
        DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> AparapiRuntime.locked(() -> {
            AparapiRuntime.bind(k, device);
            AparapiRuntime.execute(k, device, device.createRange(16, 4), "kernel 'test.untranslatable' on the test device");
        }));
        String m = e.getMessage();
        assertTrue(m.contains("about to fall back") && m.contains("perfport allows no fallback"), m);
        assertTrue(m.contains("Device failed for"), "Aparapi's own words: " + m);
        assertArrayEquals(new int[16], k.out, "the thread pool would have written 1..16");
        assertTrue(KernelManager.instance().getPreferences(k).getFailedDevices().isEmpty(), "the fallback never started");
    }

    @Test
    void anExecutionErrorIsADeviceErrorWithAparapisMessage() {
        Aparapi.DEVICE.assumeDevice();
        Device device = Aparapi.DEVICE.backend().device(Aparapi.DEVICE.deviceIndex()).device();
        TestKernels.Twice k = new TestKernels.Twice();
        k.in = new int[4];
        k.out = null;   // Aparapi refuses null arrays ("Cannot send null refs to kernel, reverting to java")
        k.setExplicit(true);
        DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> AparapiRuntime.locked(() -> {
            AparapiRuntime.bind(k, device);
            AparapiRuntime.execute(k, device, device.createRange(4, 2), "kernel 'test.twice'");
        }));
        assertTrue(e.getMessage().contains("Cannot send null refs to kernel"), e.getMessage());
        assertNull(k.out, "nothing ran in Java");
    }

    @Test
    void aFallbackAnnouncementInAparapisLogStopsTheCall() {
        AparapiRuntime.init();
        Logger aparapi = Logger.getLogger(Config.getLoggerName());
        try (AparapiRuntime.Capture c = AparapiRuntime.Capture.begin(true)) {
            AparapiRuntime.FallbackRefused e = assertThrows(AparapiRuntime.FallbackRefused.class,
                    () -> aparapi.warning("Device failed for SomeKernel, devices={Portable<CPU>}: boom"));
            assertTrue(e.getMessage().contains("boom"));
            assertTrue(c.warnings().contains("boom"));
        }
        // outside a refusing call the same message is only recorded
        try (AparapiRuntime.Capture c = AparapiRuntime.Capture.begin(false)) {
            aparapi.warning("Device failed for SomeKernel: boom");
            assertTrue(c.text().contains("boom"));
        }
        assertTrue(AparapiRuntime.announcesFallback("Trying next device: <default fallback>"));
        assertTrue(AparapiRuntime.announcesFallback("Execution mode GPU failed for K: x"));
        assertFalse(AparapiRuntime.announcesFallback("Found unexpected Attribute (name = NestHost)"));
    }

    @Test
    void aparapiIsInitialisedWithProfilingAndWithoutTouchingTheRootLoggerLevel() {
        AparapiRuntime.State st = AparapiRuntime.init();
        assertTrue(st.profiling(), "com.aparapi.enableProfiling set before Aparapi initialised");
        assertNotNull(st);
        assertEquals(st, AparapiRuntime.init(), "initialised once");
        assertFalse(Logger.getLogger(Config.getLoggerName()).getUseParentHandlers(), "Aparapi's messages stay off the console");
    }
}
