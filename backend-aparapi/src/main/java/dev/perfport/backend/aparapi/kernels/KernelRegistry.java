package dev.perfport.backend.aparapi.kernels;

import dev.perfport.core.kernel.KernelLibrary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Aparapi kernels a backend can run beside those its definitions carry, by kernel definition
 * name. {@link #standard()} collects them from the {@link KernelLibrary} services (one library per
 * workload, beside its kernel classes, plus any a library user adds); nothing here lists them.
 * Tests add their own with {@link #with(KernelSpec)}.
 */
public final class KernelRegistry {
    private final Map<String, KernelSpec> specs;

    private KernelRegistry(Map<String, KernelSpec> specs) {
        this.specs = Collections.unmodifiableMap(specs);
    }

    /** Every Aparapi kernel of the kernel libraries that this backend's class loader sees. */
    public static KernelRegistry standard() {
        return of(KernelLibrary.all(KernelSpec.class, KernelRegistry.class.getClassLoader()));
    }

    /** A registry of exactly these kernels; a name given twice is an error. */
    public static KernelRegistry of(List<KernelSpec> list) {
        Map<String, KernelSpec> m = new LinkedHashMap<>();
        for (KernelSpec s : list) {
            if (m.putIfAbsent(s.name(), s) != null) throw new IllegalArgumentException("Aparapi kernel '" + s.name() + "' registered twice");
        }
        return new KernelRegistry(m);
    }

    /** This registry plus {@code spec}. */
    public KernelRegistry with(KernelSpec spec) {
        List<KernelSpec> l = new ArrayList<>(specs.values());
        l.add(spec);
        return of(l);
    }

    public Optional<KernelSpec> find(String name) {
        return Optional.ofNullable(specs.get(name));
    }

    /** Registered names, in registration order. */
    public List<String> names() {
        return List.copyOf(specs.keySet());
    }
}
