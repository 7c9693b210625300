package dev.perfport.backend.aparapi;

import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import org.junit.jupiter.api.Assumptions;

import java.util.Map;

/**
 * Shared access to the real Aparapi backend for tests. Tests that need an OpenCL device call
 * {@link #session()} or {@link #assumeDevice()}: where Aparapi finds none they are skipped and the
 * reason is printed. The device is the first OpenCL device, or {@code -Dperfport.aparapi.test.device=N}.
 */
final class Aparapi {
    private static AparapiBackend backend;

    private Aparapi() {
    }

    /** The backend with the standard kernels and the test kernels, created once per test JVM. */
    static synchronized AparapiBackend backend() {
        if (backend == null) backend = AparapiBackend.create(PerfportConfig.of(Map.of()), TestKernels.registry());
        return backend;
    }

    static int deviceIndex() {
        return Integer.getInteger("perfport.aparapi.test.device", 0);
    }

    /** Skips the calling test, printing why, unless Aparapi finds an OpenCL device. */
    static DeviceInfo assumeDevice() {
        AparapiBackend b = backend();
        if (b.devices().isEmpty()) {
            String why = "SKIPPED (no OpenCL device through Aparapi): " + b.unavailableReason();
            System.out.println(why);
            Assumptions.abort(why);
        }
        return b.devices().get(deviceIndex());
    }

    /** Skips the calling test, printing why, unless {@code condition} holds on the test device. */
    static void assumeThat(boolean condition, String whatIsMissing) {
        if (!condition) {
            String why = "SKIPPED on " + assumeDevice().name() + ": " + whatIsMissing;
            System.out.println(why);
            Assumptions.abort(why);
        }
    }

    /** A new session on the test OpenCL device (skips the test if there is none). */
    static AparapiSession session() {
        assumeDevice();
        return (AparapiSession) backend().open(deviceIndex());
    }

    /** The index of the Java thread pool device (the last one). */
    static int threadPoolIndex() {
        assumeDevice();
        return backend().devices().size() - 1;
    }

    /** A new session on Aparapi's Java thread pool (skips the test without an OpenCL device, where the backend is unavailable). */
    static AparapiSession threadPoolSession() {
        return (AparapiSession) backend().open(threadPoolIndex());
    }
}
