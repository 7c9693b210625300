package dev.perfport.backend.jocl;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import org.junit.jupiter.api.Assumptions;

/**
 * Shared access to the real OpenCL backend for tests. Tests that need a device call
 * {@link #session()} or {@link #assumeDevice()}: where no OpenCL platform exists they are skipped
 * and the reason is printed. The device is the first one, or {@code -Dperfport.jocl.test.device=N}.
 */
final class OpenCl {
    private static JoclBackend backend;

    private OpenCl() {
    }

    /** The backend, created once per test JVM (creating more is tested separately). */
    static synchronized JoclBackend backend() {
        if (backend == null) backend = JoclBackend.create();
        return backend;
    }

    static int deviceIndex() {
        return Integer.getInteger("perfport.jocl.test.device", 0);
    }

    /** Skips the calling test, printing why, unless the OpenCL library (the ICD loader) can be loaded. */
    static void assumeLibrary() {
        OpenClLibrary.missing().ifPresent(why -> {
            System.out.println("SKIPPED: " + why);
            Assumptions.abort(why);
        });
    }

    /** Skips the calling test, printing why, unless an OpenCL device exists. */
    static DeviceInfo assumeDevice() {
        JoclBackend b = backend();
        if (b.devices().isEmpty()) {
            String why = "SKIPPED (no OpenCL device): " + b.unavailableReason();
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

    /** The handles and facts of the test device. */
    static JoclDevice backendDevice() {
        assumeDevice();
        return backend().device(deviceIndex());
    }

    /** A new session on the test device (skips the test if there is none). */
    static JoclSession session() {
        assumeDevice();
        return (JoclSession) backend().open(deviceIndex());
    }

    /** A definition builder whose OpenCL source is a test resource beside this class. */
    static KernelDef.Builder kernel(String name, String resource, String entry) {
        return KernelDef.builder(name).impl(new KernelImpl.OpenClSource(Sources.load(OpenCl.class, resource), entry));
    }

    /** A definition builder with inline OpenCL source. */
    static KernelDef.Builder inline(String name, String source, String entry) {
        return KernelDef.builder(name).impl(new KernelImpl.OpenClSource(source, entry)).defaults(Constants.empty());
    }
}
