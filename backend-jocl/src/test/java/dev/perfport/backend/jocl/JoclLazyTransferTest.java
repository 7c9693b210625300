package dev.perfport.backend.jocl;

import dev.perfport.conformance.LazyTransferConformance;
import dev.perfport.core.backend.DeviceSession;

/** Lazy transfers (seed 002 §3) on the OpenCL test device; skipped, saying why, where there is none. */
class JoclLazyTransferTest extends LazyTransferConformance {
    @Override
    protected DeviceSession openSession() {
        return OpenCl.session();
    }
}
