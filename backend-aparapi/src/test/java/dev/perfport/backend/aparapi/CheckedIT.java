package dev.perfport.backend.aparapi;

import dev.perfport.conformance.CheckedConformance;
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

    /** Oclgrind 21.10's uninitialised-value plugin has no case for LLVM's freeze instruction, which these kernels' code contains. */
    @Override
    protected Map<String, String> withoutUninitializedChecks() {
        String freeze = "Oclgrind 21.10's uninitialised-value plugin stops at LLVM's freeze instruction "
                + "(fatal error Uninitialized.cpp:1805, 'Unsupported instruction: freeze')";
        return Map.of("matmul-static/static", freeze, "gemm/auto", freeze, "gemm/indirect", freeze, "gemm/direct", freeze,
                "trsm/blocked", freeze);
    }

    @Override
    protected Map<String, String> openFindings() {
        String benign = "the intended benign race marked in the OpenCL C (docs/checked.md); Aparapi's generated code carries no mark";
        return Map.of("reduction/local-atomic", benign, "reduction/tuned", benign);
    }

    /** What the route's conformance test declares: no Aparapi kernels for these. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return new AparapiConformanceTest().unsupportedVariants();
    }
}
