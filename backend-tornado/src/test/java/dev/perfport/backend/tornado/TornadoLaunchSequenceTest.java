package dev.perfport.backend.tornado;

import dev.perfport.conformance.LaunchSequenceConformance;

/** Launch sequences (DeviceSession.launchSequence) on TornadoVM's test device; skipped, saying why, without TornadoVM or a device. */
class TornadoLaunchSequenceTest extends LaunchSequenceConformance {
    TornadoLaunchSequenceTest() {
        super(Tornado::session);
    }

    /** One wait a task graph of at most 16 launches (perfport.tornado.graphLaunches' default). */
    @Override
    protected int hostSyncs(int steps) {
        return (steps + 15) / 16;
    }
}
