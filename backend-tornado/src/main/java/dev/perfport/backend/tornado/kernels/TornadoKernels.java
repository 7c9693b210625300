package dev.perfport.backend.tornado.kernels;

import dev.perfport.core.kernel.KernelLibrary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every TornadoVM kernel of the kernel libraries this backend's class loader sees (one library per
 * workload beside its kernels, plus any a library user adds), by kernel-definition name. Nothing
 * here lists them: they are {@link KernelLibrary} services.
 */
public final class TornadoKernels {
    private static final Map<String, TornadoKernel> ALL = build();

    private TornadoKernels() {
    }

    private static Map<String, TornadoKernel> build() {
        Map<String, TornadoKernel> m = new LinkedHashMap<>();
        for (TornadoKernel k : KernelLibrary.all(TornadoKernel.class, TornadoKernels.class.getClassLoader())) {
            if (m.put(k.name(), k) != null) throw new IllegalStateException("kernel " + k.name() + " registered twice");
        }
        return Collections.unmodifiableMap(m);
    }

    /** The implementation of kernel {@code name}, if this backend has one. */
    public static Optional<TornadoKernel> find(String name) {
        return Optional.ofNullable(ALL.get(name));
    }

    /** Every implemented kernel name, in registration order. */
    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }
}
