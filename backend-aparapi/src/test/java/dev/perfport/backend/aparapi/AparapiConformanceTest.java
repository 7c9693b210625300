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

    /** The single-pass scan (issue 16) has no Aparapi kernel yet (docs/results/gpu/routes.md says why): refused, naming the kernel. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return Map.of("scan/single-pass", "no Aparapi kernel for the decoupled look-back");
    }
}
