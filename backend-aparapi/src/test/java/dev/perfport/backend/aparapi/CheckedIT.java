package dev.perfport.backend.aparapi;

import dev.perfport.conformance.CheckedConformance;
import dev.perfport.conformance.RouteNativeConformance;
import dev.perfport.conformance.TestDevice;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.checked.CheckedMode;
import dev.perfport.core.config.PerfportConfig;

import java.util.Map;

/**
 * Checked mode on aparapi: every Aparapi kernel of every workload and variant, as the OpenCL C
 * Aparapi generates, on Oclgrind ({@link CheckedConformance}). Its own failsafe execution: Oclgrind
 * is registered with the OpenCL loader before anything else in the JVM lists platforms.
 */
class CheckedIT extends CheckedConformance {
    private static final TestDevice<AparapiBackend> CHECKED = device(true);
    private static final TestDevice<AparapiBackend> WITHOUT_UNINITIALIZED = device(false);

    private static TestDevice<AparapiBackend> device(boolean uninitialized) {
        return new TestDevice<>("no Oclgrind device through Aparapi", "perfport.aparapi.checked.device", () -> null,
                () -> AparapiBackend.create(PerfportConfig.of(Map.of(CheckedMode.KEY, "true", CheckedMode.UNINITIALIZED_KEY,
                        Boolean.toString(uninitialized)))));
    }

    @Override
    protected DeviceSession openSession(boolean uninitialized) {
        return (uninitialized ? CHECKED : WITHOUT_UNINITIALIZED).open();
    }

    @Override
    protected Map<String, String> intendedBenignRaces() {
        String why = "the protocol the OpenCL C marks benign (docs/checked.md); Aparapi's generated code carries no mark";
        return Map.of("reduction/local-atomic", why + ": the float sum's compare-and-swap loop reads its first guess plainly",
                "reduction/tuned", why + ": the last group reads the partials the others published before their ticket");
    }

    /** What the route's conformance test refuses: no Aparapi kernels for these. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return RouteNativeConformance.withoutRouteNativeKernels(dev.perfport.backend.aparapi.kernels.KernelRegistry.standard().names());
    }
}
