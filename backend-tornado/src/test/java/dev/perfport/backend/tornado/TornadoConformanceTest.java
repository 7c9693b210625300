package dev.perfport.backend.tornado;

import dev.perfport.conformance.BackendConformance;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceType;

import java.util.Map;

/** The backend conformance kit on TornadoVM's test device; skipped, saying why, without TornadoVM or a device. */
class TornadoConformanceTest extends BackendConformance {
    @Override
    protected DeviceSession openSession() {
        return Tornado.session();
    }

    /** V1 and Scan⁺ wait on a plain load, sound only on CPU devices (see ScanStaticTornado): elsewhere they are refused. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        if (session().device().type() == DeviceType.CPU) return Map.of();
        String why = "TornadoVM's Kernel API has no volatile or atomic load";
        return Map.of("scan/v1", why, "scan/scanplus", why);
    }
}
