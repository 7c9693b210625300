package dev.perfport.core.backend;

/**
 * The service a backend implements, listed in its jar's
 * {@code META-INF/services/dev.perfport.core.backend.BackendProvider}. That one index serves both
 * ways a backend is found: {@link java.util.ServiceLoader} on the class path, and the runtime's
 * plugin loader in a plugin jar (PF4J reads the same file there). No plugin framework type is part
 * of this interface, so code that compiles against the API never sees one.
 *
 * <p>{@link #create(BackendContext)} may fail (a missing native library, no driver): the registry
 * then lists the backend as unavailable with that reason.
 */
public interface BackendProvider {
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
