package dev.perfport.conformance;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The conformance kit for a route whose kernels are Java against its own API (Aparapi, TornadoVM): the
 * variants that no route-native kernel is written for are refused by default, so that a route's test
 * class adds only what its route itself cannot run.
 */
public abstract class RouteNativeConformance extends BackendConformance {
    /** @param open opens a new session on the device under test, as {@link BackendConformance#BackendConformance} */
    protected RouteNativeConformance(Supplier<DeviceSession> open) {
        super(open);
    }

    /** {@return {@link #withoutRouteNativeKernels()}} A route adds what it cannot run itself. */
    @Override
    protected Map<String, String> unsupportedVariants() {
        return withoutRouteNativeKernels();
    }

    /**
     * {@return every variant that launches a kernel with no route-native implementation, whose rows must fail naming
     * the backend and the missing kernel: all of a workload without route-native kernels
     * ({@link Workload#hasRouteNativeKernels()}), and the variants a workload names
     * ({@link Workload#variantsWithoutRouteNativeKernels()})}
     */
    public static Map<String, String> withoutRouteNativeKernels() {
        return withoutRouteNativeKernels(java.util.Set.of());
    }

    /**
     * {@return {@link #withoutRouteNativeKernels()} less the variants whose missing kernel this route registers}
     *
     * @param registered the kernel names the route's registry holds
     */
    public static Map<String, String> withoutRouteNativeKernels(java.util.Collection<String> registered) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Workload w : Workloads.all()) {
            if (!w.hasRouteNativeKernels()) {
                for (String v : w.variants()) m.put(w.name() + "/" + v, w.name() + " has no route-native kernels yet");
                continue;
            }
            w.variantsWithoutRouteNativeKernels().forEach((v, kernel) -> {
                if (!registered.contains(kernel)) m.put(w.name() + "/" + v, "no route-native kernel for " + kernel);
            });
        }
        return m;
    }

    /**
     * {@return {@link #withoutRouteNativeKernels()} and the given variants, all refused for one reason}
     *
     * @param reason   why the backend cannot run them
     * @param variants {@code workload/variant} keys
     */
    protected static Map<String, String> withoutRouteNativeKernelsAnd(String reason, String... variants) {
        Map<String, String> m = withoutRouteNativeKernels();
        for (String v : variants) m.put(v, reason);
        return m;
    }
}
