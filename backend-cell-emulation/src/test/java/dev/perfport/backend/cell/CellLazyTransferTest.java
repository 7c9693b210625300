package dev.perfport.backend.cell;

import dev.perfport.conformance.LazyTransferConformance;
import dev.perfport.core.backend.DeviceSession;

/** Lazy transfers (seed 002 §3) on the emulator. */
class CellLazyTransferTest extends LazyTransferConformance {
    @Override
    protected DeviceSession openSession() {
        return Cells.open();
    }
}
