package dev.perfport.backend.aparapi;

import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.conformance.RouteNativeConformance;

import java.util.Map;

/** The backend conformance kit through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiConformanceTest extends RouteNativeConformance {
    AparapiConformanceTest() {
        super(Aparapi::session);
    }

    /** The variants whose kernel Aparapi does not register are refused; it registers every one today (fft.cols included). */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return withoutRouteNativeKernels(KernelRegistry.standard().names());
    }
}
