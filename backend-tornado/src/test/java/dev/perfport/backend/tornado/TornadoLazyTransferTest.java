package dev.perfport.backend.tornado;

import dev.perfport.conformance.LazyTransferConformance;

/** Lazy transfers (seed 002 §3) on TornadoVM's test device; skipped, saying why, without TornadoVM or a device. */
class TornadoLazyTransferTest extends LazyTransferConformance {
    TornadoLazyTransferTest() {
        super(Tornado::session);
    }
}
