package dev.perfport.backend.aparapi;

import dev.perfport.conformance.LazyTransferConformance;

/** Lazy transfers (seed 002 §3) through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiLazyTransferTest extends LazyTransferConformance {
    AparapiLazyTransferTest() {
        super(Aparapi::session);
    }
}
