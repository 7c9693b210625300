package dev.perfport.cluster;

import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.plugin.BackendRegistry;

import java.util.ArrayList;
import java.util.List;

/**
 * Spark's resource discovery for GPUs, where bin/perfport-gpu-discovery finds no nvidia-smi and
 * no {@value Gpus#VARIABLE}: prints {@code {"name":"gpu","addresses":["0","1"]}}, one address per
 * OpenCL GPU of this machine in perfport's order, the address that {@link Gpus} resolves to that
 * device on the executor.
 */
public final class GpuDiscovery {
    private GpuDiscovery() {
    }

    public static void main(String[] args) {
        List<String> addresses = new ArrayList<>();
        BackendRegistry reg = BackendRegistry.shared(PerfportConfig.load());
        for (BackendRegistry.Entry e : reg.entries()) {
            if (!e.id().equals("jocl")) continue;
            if (!e.available()) {
                System.err.println("perfport-gpu-discovery: backend jocl is unavailable: " + e.reason());
                break;
            }
            for (DeviceInfo d : e.backend().devices()) if (d.type() == DeviceType.GPU) addresses.add(Integer.toString(addresses.size()));
        }
        System.out.println(json(addresses));
        System.out.flush();
        // JOCL and PF4J may leave non-daemon threads behind; the script's answer is complete
        System.exit(0);
    }

    static String json(List<String> addresses) {
        StringBuilder b = new StringBuilder("{\"name\":\"gpu\",\"addresses\":[");
        for (int i = 0; i < addresses.size(); i++) b.append(i == 0 ? "" : ",").append('"').append(addresses.get(i)).append('"');
        return b.append("]}").toString();
    }
}
