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

    /** fft's four-step path (issue 14) is written for OpenCL C and the emulator only so far: its rows must be refused, naming the kernel. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        Map<String, String> m = withoutRouteNativeKernels();
        m.put("fft/fourstep", "no Aparapi kernel for fft.cols");
        return m;
    }
}
