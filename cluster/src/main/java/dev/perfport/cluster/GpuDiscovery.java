package dev.perfport.cluster;

import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.plugin.BackendRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Spark's resource discovery for GPUs ({@code spark.worker.resource.gpu.discoveryScript} or
 * {@code spark.executor.resource.gpu.discoveryScript}, through bin/perfport-gpu-discovery):
 * prints {@code {"name":"gpu","addresses":["0","1"]}}, the addresses being the indices of this
 * machine's OpenCL devices of one type as perfport numbers them ({@code perfport devices},
 * {@code jocl:0}, {@code jocl:1}, ...), so that a task given address 1 runs on {@code jocl:1}.
 *
 * <p>Arguments: {@code [backend [type]]}, default {@code jocl gpu}; {@code cpu} lists CPU
 * devices instead (e.g. PoCL, to try GPU scheduling on a machine without a GPU).
 */
public final class GpuDiscovery {
    private GpuDiscovery() {
    }

    public static void main(String[] args) {
        String backend = args.length > 0 ? args[0] : "jocl";
        String type = args.length > 1 ? args[1].toLowerCase(Locale.ROOT) : "gpu";
        List<String> addresses = new ArrayList<>();
        BackendRegistry reg = BackendRegistry.shared(PerfportConfig.load());
        for (BackendRegistry.Entry e : reg.entries()) {
            if (!e.id().equals(backend)) continue;
            if (!e.available()) {
                System.err.println("perfport-gpu-discovery: backend " + backend + " is unavailable: " + e.reason());
                break;
            }
            List<DeviceInfo> ds = e.backend().devices();
            for (int i = 0; i < ds.size(); i++) if (ds.get(i).type().label().equals(type)) addresses.add(Integer.toString(i));
        }
        StringBuilder b = new StringBuilder("{\"name\":\"gpu\",\"addresses\":[");
        for (int i = 0; i < addresses.size(); i++) b.append(i == 0 ? "" : ",").append('"').append(addresses.get(i)).append('"');
        System.out.println(b.append("]}"));
        System.out.flush();
        // JOCL and PF4J may leave non-daemon threads behind; the script's answer is complete
        System.exit(0);
    }
}
