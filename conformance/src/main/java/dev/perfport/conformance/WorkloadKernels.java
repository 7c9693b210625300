package dev.perfport.conformance;

import dev.perfport.core.kernel.KernelDef;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.convolution.LineDetection;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every kernel definition the workloads launch, once each: what a route with kernels of its own must implement. */
public final class WorkloadKernels {
    private WorkloadKernels() {
    }

    /**
     * The definitions of {@link Workload#kernels()} of every workload that has route-native kernels
     * ({@link Workload#hasRouteNativeKernels()}), but those that no route-native kernel is written for
     * ({@link Workload#variantsWithoutRouteNativeKernels()}), by first occurrence of each name, and the line
     * detection's pixel-wise max (seed 002 §3: report seed-002 and the lazy-transfer kit run it).
     */
    public static List<KernelDef> all() {
        Map<String, KernelDef> byName = new LinkedHashMap<>();
        for (Workload w : Workloads.all()) {
            if (!w.hasRouteNativeKernels()) continue;
            for (KernelDef d : w.kernels()) {
                if (!w.variantsWithoutRouteNativeKernels().containsValue(d.name())) byName.putIfAbsent(d.name(), d);
            }
        }
        KernelDef max = LineDetection.pixelMax();
        byName.putIfAbsent(max.name(), max);
        return List.copyOf(byName.values());
    }
}
