package dev.perfport.backend.tornado.kernels;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every kernel the TornadoVM backend implements, by kernel-definition name (the route-native
 * dialect's registry; see core's Dialect.TORNADO).
 */
public final class TornadoKernels {
    private static final Map<String, TornadoKernel> ALL = build();

    private TornadoKernels() {
    }

    private static Map<String, TornadoKernel> build() {
        List<TornadoKernel> l = new ArrayList<>();
        ReductionTornado.register(l);
        MatmulTornado.register(l);
        TableTornado.register(l);
        ScanTornado.register(l);
        ScanStaticTornado.register(l);
        VarTornado.register(l);
        SaxpyTornado.register(l);
        Map<String, TornadoKernel> m = new LinkedHashMap<>();
        for (TornadoKernel k : l) {
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
