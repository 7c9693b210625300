package dev.perfport.backend.jocl;

import dev.perfport.conformance.LazyTransferConformance;

/** Lazy transfers (seed 002 §3) on the OpenCL test device; skipped, saying why, where there is none. */
class JoclLazyTransferTest extends LazyTransferConformance {
    JoclLazyTransferTest() {
        super(OpenCl::session);
    }
}
