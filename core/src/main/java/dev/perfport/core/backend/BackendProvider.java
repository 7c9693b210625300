package dev.perfport.core.backend;

import org.pf4j.ExtensionPoint;

/**
 * The extension point a backend plugin implements. Found through PF4J in plugin jars
 * ({@code @Extension}) and through {@link java.util.ServiceLoader} on the classpath
 * ({@code META-INF/services}). {@link #create(BackendContext)} may fail (a missing native library,
 * no driver): the registry then lists the backend as unavailable with that reason.
 */
public interface BackendProvider extends ExtensionPoint {
    /** Stable id used in selectors, e.g. {@code jocl}, {@code cell-emulation}. */
    String id();

    /** One line for {@code perfport backends}. */
    String description();

    Backend create(BackendContext context) throws Exception;

    /**
     * The configuration keys this backend reads, e.g. {@code perfport.jocl.counters}; an entry
     * ending in {@code .*} stands for every key with that prefix. A key of the {@code perfport.}
     * namespace that nothing declares is refused (see {@code PerfportConfig.requireKnown}), so
     * that a misspelt setting is an error instead of being silently ignored: a backend with
     * settings must list them here. Must not touch the route's native code.
     */
    default java.util.List<String> settings() {
        return java.util.List.of();
    }
}
