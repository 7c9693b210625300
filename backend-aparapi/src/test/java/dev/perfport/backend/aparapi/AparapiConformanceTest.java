package dev.perfport.backend.aparapi;

import dev.perfport.conformance.RouteNativeConformance;
import dev.perfport.core.backend.DeviceSession;

/** The backend conformance kit through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiConformanceTest extends RouteNativeConformance {
    @Override
    protected DeviceSession openSession() {
        return Aparapi.session();
    }
}
