package dev.perfport.backend.cell;

import dev.perfport.conformance.BackendConformance;

/** The backend conformance kit on the emulator with its default configuration. */
class CellConformanceTest extends BackendConformance {
    CellConformanceTest() {
        super(Cells::open);
    }
}
