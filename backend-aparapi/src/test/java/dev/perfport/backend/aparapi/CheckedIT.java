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

    @Override
    protected Map<String, String> openFindings() {
        String benign = "the intended benign race marked in the OpenCL C (docs/checked.md); Aparapi's generated code carries no mark";
        String fatal = "Oclgrind 21.10's uninitialised-value plugin stops with a fatal error (Uninitialized.cpp:1805)";
        String wrong = "wrong results on Oclgrind with no report (verified on PoCL): not understood yet (rng=mt, vwidth=8)";
        return Map.ofEntries(Map.entry("reduction/local-atomic", benign), Map.entry("reduction/tuned", benign),
                Map.entry("matmul-static/static", fatal), Map.entry("gemm/auto", fatal), Map.entry("gemm/indirect", fatal),
                Map.entry("gemm/direct", fatal), Map.entry("trsm/blocked", fatal), Map.entry("var/loadstore", wrong),
                Map.entry("var/singlebuffer", wrong), Map.entry("var/doublebuffer", wrong),
                Map.entry("pop/buoydiff", fatal + " (type=float)"), Map.entry("pop/buoydiff-fused", fatal + " (type=float)"),
                Map.entry("fft/stockham", "Aparapi's generated OpenCL for the fused kernel does not build on Oclgrind"));
    }

    /** What the route's conformance test declares: no Aparapi kernels for these. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return new AparapiConformanceTest().unsupportedVariants();
    }
}
