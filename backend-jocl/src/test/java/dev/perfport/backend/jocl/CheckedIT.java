package dev.perfport.backend.jocl;

import dev.perfport.conformance.CheckedConformance;
import dev.perfport.conformance.TestDevice;
import dev.perfport.core.backend.DeviceSession;

import java.util.Map;

/**
 * Checked mode on jocl: every OpenCL C kernel of every workload and variant on Oclgrind
 * ({@link CheckedConformance}). Its own failsafe execution: Oclgrind is registered with the
 * OpenCL loader before anything else in the JVM lists platforms.
 */
class CheckedIT extends CheckedConformance {
    static final TestDevice<JoclBackend> DEVICE = new TestDevice<>("no Oclgrind device", "perfport.jocl.checked.device", () -> null,
            () -> JoclBackend.createChecked(true, ""));

    @Override
    protected DeviceSession openSession(boolean uninitialized) {
        DEVICE.assumeDevice();
        return DEVICE.backend().withUninitializedChecks(uninitialized).open(DEVICE.deviceIndex());
    }

    @Override
    protected Map<String, String> withoutUninitializedChecks() {
        return Map.of("reduction/tuned", "Oclgrind 21.10's uninitialised-value plugin dies with SIGSEGV on its vector loads (vw 4)");
    }
}
