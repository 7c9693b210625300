package dev.perfport.backend.jocl;

import dev.perfport.conformance.LaunchSequenceConformance;

/** Launch sequences (DeviceSession.launchSequence) on the OpenCL test device; skipped, saying why, where there is none. */
class JoclLaunchSequenceTest extends LaunchSequenceConformance {
    JoclLaunchSequenceTest() {
        super(OpenCl::session);
    }

    /** jocl queues a sequence and waits once for its last launch. */
    @Override
    protected int hostSyncs(int steps) {
        return 1;
    }
}
