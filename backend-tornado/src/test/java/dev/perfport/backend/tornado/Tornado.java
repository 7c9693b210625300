package dev.perfport.backend.tornado;

import dev.perfport.conformance.TestDevice;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;

import java.util.Map;
import java.util.Optional;

/**
 * Shared access to the real TornadoVM backend for tests. Tests that need TornadoVM call
 * {@link #session()} or {@code DEVICE.assumeDevice()}: where this JVM was not started with TornadoVM's
 * options (the pom passes them from TORNADOVM_HOME) or TornadoVM finds no device, they are skipped
 * and the reason is printed. The device is the first one, or {@code -Dperfport.tornado.test.device=N}.
 */
final class Tornado {
    /** The backend once per test JVM and the test device ({@link TestDevice}). */
    static final TestDevice<TornadoVmBackend> DEVICE = new TestDevice<>("TornadoVM has no device", "perfport.tornado.test.device",
            () -> TornadoEnvironment.problem(Tornado.class.getClassLoader()), TornadoVmBackend::create);

    private Tornado() {
    }

    static void skip(String why) {
        TestDevice.skip(why);
    }

    /** A new session on the test device with the backend's kernels. */
    static TornadoVmSession session() {
        return (TornadoVmSession) DEVICE.open();
    }

    /** A new session on the test device whose registry also has {@code extra} (test kernels). */
    static TornadoVmSession session(Map<String, TornadoKernel> extra) {
        DEVICE.assumeDevice();
        return new TornadoVmSession(DEVICE.backend().device(DEVICE.deviceIndex()), TornadoVmBackend.nextSessionId(),
                name -> Optional.ofNullable(extra.get(name)).or(() -> TornadoKernels.find(name)));
    }
}
