package dev.perfport.backend.aparapi;

import dev.perfport.conformance.LaunchSequenceConformance;

/** Launch sequences (DeviceSession.launchSequence) through Aparapi on the OpenCL test device; skipped, saying why, where there is none. */
class AparapiLaunchSequenceTest extends LaunchSequenceConformance {
    AparapiLaunchSequenceTest() {
        super(Aparapi::session);
    }

    /**
     * Aparapi's device copies belong to a kernel's array fields (explicit put and get): y, which the first step
     * writes and the second reads through another argument, goes through the host (4,000 bytes here).
     */
    @Override
    protected boolean keepsResultsOnDevice() {
        return false;
    }
}
