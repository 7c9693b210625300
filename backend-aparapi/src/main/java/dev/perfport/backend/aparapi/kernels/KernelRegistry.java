package dev.perfport.backend.aparapi.kernels;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Aparapi kernels a backend can run, by kernel definition name. {@link #standard()} holds one
 * kernel for every workload kernel definition this backend implements; tests add their own with
 * {@link #with(KernelSpec)}.
 */
public final class KernelRegistry {
    private final Map<String, KernelSpec> specs;

    private KernelRegistry(Map<String, KernelSpec> specs) {
        this.specs = Collections.unmodifiableMap(specs);
    }

    /** Every kernel perfport ships for Aparapi. */
    public static KernelRegistry standard() {
        List<KernelSpec> all = new ArrayList<>();
        all.addAll(ReductionKernels.specs());
        all.addAll(MatmulKernels.specs());
        all.addAll(ScanKernels.specs());
        all.addAll(TableKernels.specs());
        all.addAll(VarKernels.specs());
        all.addAll(SaxpyKernels.specs());
        return of(all);
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
