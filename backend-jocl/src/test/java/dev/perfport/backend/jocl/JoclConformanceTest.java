package dev.perfport.backend.jocl;

import dev.perfport.conformance.BackendConformance;

/** The backend conformance kit on the OpenCL test device; skipped, saying why, where there is none. */
class JoclConformanceTest extends BackendConformance {
    JoclConformanceTest() {
        super(OpenCl::session);
    }
}
