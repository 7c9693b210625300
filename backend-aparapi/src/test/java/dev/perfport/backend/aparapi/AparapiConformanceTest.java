package dev.perfport.backend.aparapi;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;

import java.util.Map;

/** The backend conformance kit through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return Aparapi.session();
    }

    /**
     * The single-pass scan has no Aparapi kernel (issue 16; docs/results/gpu/routes.md
     * says why): its rows must be refused, naming aparapi and the kernel.
     */
    @Override
    protected Map<String, String> unsupportedVariants() {
        Map<String, String> m = withoutRouteNativeKernelsAnd("no Aparapi kernel for the decoupled look-back", "scan/single-pass");
        // fft's four-step path (issue 14) is written for OpenCL C and the emulator only so far
        m.put("fft/fourstep", "no Aparapi kernel for fft.cols");
        return m;
    }
}
