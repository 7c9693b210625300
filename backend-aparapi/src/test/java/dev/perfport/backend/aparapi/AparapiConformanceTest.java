package dev.perfport.backend.aparapi;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;

/** The backend conformance kit through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return Aparapi.session();
    }
}
