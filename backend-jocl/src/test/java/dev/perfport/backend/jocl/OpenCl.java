package dev.perfport.backend.jocl;

import dev.perfport.conformance.TestDevice;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;

/**
 * Shared access to the real OpenCL backend for tests. Tests that need a device call
 * {@link #session()} or {@code DEVICE.assumeDevice()}: where no OpenCL platform exists they are skipped
 * and the reason is printed. The device is the first one, or {@code -Dperfport.jocl.test.device=N}.
 */
final class OpenCl {
    /** The backend once per test JVM and the test device ({@link TestDevice}). */
    static final TestDevice<JoclBackend> DEVICE =
            new TestDevice<>("no OpenCL device", "perfport.jocl.test.device", () -> null, JoclBackend::create);

    private OpenCl() {
    }

    /** Skips the calling test, printing why, unless the OpenCL library (the ICD loader) can be loaded. */
    static void assumeLibrary() {
        OpenClLibrary.missing().ifPresent(why -> TestDevice.skip("SKIPPED: " + why));
    }

    /** The handles and facts of the test device. */
    static JoclDevice backendDevice() {
        DEVICE.assumeDevice();
        return DEVICE.backend().device(DEVICE.deviceIndex());
    }

    /** A new session on the test device (skips the test if there is none). */
    static JoclSession session() {
        return (JoclSession) DEVICE.open();
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
