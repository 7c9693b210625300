package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.device.DeviceInfo;
import org.junit.jupiter.api.Assumptions;

import java.util.Map;
import java.util.Optional;

/**
 * Shared access to the real TornadoVM backend for tests. Tests that need TornadoVM call
 * {@link #session()} or {@link #assumeDevice()}: where this JVM was not started with TornadoVM's
 * options (the pom passes them from TORNADOVM_HOME) or TornadoVM finds no device, they are skipped
 * and the reason is printed. The device is the first one, or {@code -Dperfport.tornado.test.device=N}.
 */
final class Tornado {
    private static TornadoVmBackend backend;
    private static String problem;

    private Tornado() {
    }

    /** The backend, created once per test JVM (TornadoVM's runtime is one per JVM anyway). */
    static synchronized TornadoVmBackend backend() {
        if (backend == null && problem == null) {
            problem = TornadoEnvironment.problem(Tornado.class.getClassLoader());
            if (problem == null) backend = TornadoVmBackend.create();
        }
        return backend;
    }

    static int deviceIndex() {
        return Integer.getInteger("perfport.tornado.test.device", 0);
    }

    /** Skips the calling test, printing why, unless TornadoVM and a device are there. */
    static DeviceInfo assumeDevice() {
        TornadoVmBackend b = backend();
        if (b == null) skip("SKIPPED (no TornadoVM in this JVM): " + problem);
        if (b.devices().isEmpty()) skip("SKIPPED (TornadoVM has no device): " + b.unavailableReason());
        return b.devices().get(deviceIndex());
    }

    static void skip(String why) {
        System.out.println(why);
        Assumptions.abort(why);
    }

    /** A new session on the test device with the backend's kernels. */
    static TornadoVmSession session() {
        assumeDevice();
        return (TornadoVmSession) backend().open(deviceIndex());
    }

    /** A new session on the test device whose registry also has {@code extra} (test kernels). */
    static TornadoVmSession session(Map<String, TornadoKernel> extra) {
        assumeDevice();
        return new TornadoVmSession(backend().device(deviceIndex()), TornadoVmBackend.nextSessionId(),
                name -> Optional.ofNullable(extra.get(name)).or(() -> TornadoKernels.find(name)));
    }
}
