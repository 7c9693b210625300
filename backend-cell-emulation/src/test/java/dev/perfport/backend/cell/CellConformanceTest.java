package dev.perfport.backend.cell;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;

/** The backend conformance kit on the emulator with its default configuration. */
class CellConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return Cells.open();
    }
}
