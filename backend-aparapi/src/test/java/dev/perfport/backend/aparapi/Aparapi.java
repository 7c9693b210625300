package dev.perfport.backend.aparapi;

import dev.perfport.conformance.TestDevice;
import dev.perfport.core.config.PerfportConfig;

import java.util.Map;

/**
 * Shared access to the real Aparapi backend for tests. Tests that need an OpenCL device call
 * {@link #session()} or {@code DEVICE.assumeDevice()}: where Aparapi finds none they are skipped and the
 * reason is printed. The device is the first OpenCL device, or {@code -Dperfport.aparapi.test.device=N}.
 */
final class Aparapi {
    /** The backend once per test JVM and the test device ({@link TestDevice}). */
    static final TestDevice<AparapiBackend> DEVICE = new TestDevice<>("no OpenCL device through Aparapi",
            "perfport.aparapi.test.device", () -> null, () -> AparapiBackend.create(PerfportConfig.of(Map.of()), TestKernels.registry()));

    private Aparapi() {
    }

    /** A new session on the test OpenCL device (skips the test if there is none). */
    static AparapiSession session() {
        return (AparapiSession) DEVICE.open();
    }

    /** The index of the Java thread pool device (the last one). */
    static int threadPoolIndex() {
        DEVICE.assumeDevice();
        return DEVICE.backend().devices().size() - 1;
    }

    /** A new session on Aparapi's Java thread pool (skips the test without an OpenCL device, where the backend is unavailable). */
    static AparapiSession threadPoolSession() {
        return (AparapiSession) DEVICE.backend().open(threadPoolIndex());
    }
}
