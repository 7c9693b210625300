package dev.perfport.backend.cell;

import dev.perfport.conformance.LaunchSequenceConformance;

/** Launch sequences (DeviceSession.launchSequence) on the emulator. */
class CellLaunchSequenceTest extends LaunchSequenceConformance {
    CellLaunchSequenceTest() {
        super(Cells::open);
    }
}
