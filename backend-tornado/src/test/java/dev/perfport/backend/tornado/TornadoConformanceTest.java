package dev.perfport.backend.tornado;

import dev.perfport.conformance.RouteNativeConformance;
import dev.perfport.core.device.DeviceType;

import java.util.Map;

/** The backend conformance kit on TornadoVM's test device; skipped, saying why, without TornadoVM or a device. */
class TornadoConformanceTest extends RouteNativeConformance {
    TornadoConformanceTest() {
        super(Tornado::session);
    }

    /** V1 and Scan⁺ wait on a plain load, sound only on CPU devices (see ScanTornado.CPU_ONLY): elsewhere they are refused. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        // TornadoVM declines the single-pass scan (ScanTornado says why): its rows must fail naming tornado and the kernel
        Map<String, String> m = withoutRouteNativeKernelsAnd("no TornadoVM kernel", "scan/single-pass");
        if (session().device().type() == DeviceType.CPU) return m;
        String why = "TornadoVM's Kernel API has no volatile or atomic load";
        m.put("scan/v1", why);
        m.put("scan/scanplus", why);
        return m;
    }
}
