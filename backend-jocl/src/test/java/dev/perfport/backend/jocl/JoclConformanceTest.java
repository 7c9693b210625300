package dev.perfport.backend.jocl;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;

/** The backend conformance kit on the OpenCL test device; skipped, saying why, where there is none. */
class JoclConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return OpenCl.session();
    }
}
