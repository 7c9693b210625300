package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;

import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Every workload perfport ships, found with {@link ServiceLoader}: a workload class carries
 * {@code @AutoService(Workload.class)}, which writes its {@code META-INF/services} entry at
 * compile time, so adding a workload edits no list. Listed by {@link Workload#order()}, then
 * seed and name.
 */
public final class Workloads {
    private static final Comparator<Workload> LISTING = Comparator.comparingInt(Workload::order)
            .thenComparing(Workload::seed).thenComparing(Workload::name);

    /** Loaded once: the services of this module's class loader (the class path, or a job's jar). */
    private static final List<Workload> ALL = load();

    private Workloads() {
    }

    private static List<Workload> load() {
        List<Workload> l = ServiceLoader.load(Workload.class, Workloads.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).sorted(LISTING).toList();
        if (l.isEmpty()) throw new IllegalStateException("no workload found: META-INF/services/" + Workload.class.getName()
                + " is missing from the class path (perfport-workloads was built without its annotation processor?)");
        Set<String> names = new HashSet<>();
        for (Workload w : l) if (!names.add(w.name())) throw new IllegalStateException("two workloads named '" + w.name() + "'");
        return l;
    }

    /** All workloads, in listing order. */
    public static List<Workload> all() {
        return ALL;
    }

    /** The workload with this name, or an error listing those that exist. */
    public static Workload get(String name) {
        for (Workload w : ALL) if (w.name().equals(name)) return w;
        throw new ConfigException("unknown workload '" + name + "'; workloads: "
                + String.join(", ", ALL.stream().map(Workload::name).toList()));
    }
}
