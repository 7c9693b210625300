package dev.perfport.backend.cell;

import dev.perfport.conformance.LazyTransferConformance;

/** Lazy transfers (seed 002 §3) on the emulator. */
class CellLazyTransferTest extends LazyTransferConformance {
    CellLazyTransferTest() {
        super(Cells::open);
    }
}
