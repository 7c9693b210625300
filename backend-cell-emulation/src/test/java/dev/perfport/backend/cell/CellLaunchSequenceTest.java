package dev.perfport.backend.cell;

import dev.perfport.conformance.LaunchSequenceConformance;
import dev.perfport.core.backend.DeviceSession;

/** Launch sequences (DeviceSession.launchSequence) on the emulator. */
class CellLaunchSequenceTest extends LaunchSequenceConformance {
    @Override
    protected DeviceSession openSession() {
        return Cells.open();
    }
}
