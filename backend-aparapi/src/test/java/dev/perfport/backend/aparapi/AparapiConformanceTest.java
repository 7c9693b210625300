package dev.perfport.backend.aparapi;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;

/** The backend conformance kit through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return Aparapi.session();
    }

    /** gemm has no Aparapi kernels yet: its rows must fail naming aparapi and the kernel. */
    @Override
    protected java.util.Map<String, String> unsupportedVariants() {
        return withoutRouteNativeKernels();
    }
}
