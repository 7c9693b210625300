package dev.perfport.core.backend;

/**
 * The service a backend implements, listed in its jar's
 * {@code META-INF/services/dev.perfport.core.backend.BackendProvider}. That one index serves both
 * ways a backend is found: {@link java.util.ServiceLoader} on the class path, and the runtime's
 * plugin loader in a plugin jar (PF4J reads the same file there). No plugin framework type is part
 * of this interface, so code that compiles against the API never sees one.
 *
 * <p>{@link #id()} and {@link #description()} must not touch the route's library: the registry
 * calls them to list backends, and creates a backend only when it is first used, so that listing
 * loads no native library. {@link #create(BackendContext)} may fail (a missing native library, no
 * driver): the registry then lists the backend as unavailable with that reason.
 */
public interface BackendProvider {
    /** {@return the stable id used in selectors, e.g. {@code jocl}, {@code cell-emulation}} */
    String id();

    /** {@return one line for {@code perfport backends}} */
    String description();

    /**
     * {@return the backend, created with the context's settings} This is where a backend loads its
     * route library; the registry calls it only when the backend is first used.
     *
     * @param context what the backend gets: its settings
     * @throws Exception when the route cannot start (a missing native library, no driver); the
     *                   registry lists the backend as unavailable with that reason
     */
    Backend create(BackendContext context) throws Exception;

    /**
     * {@return the configuration keys this backend reads, e.g. {@code perfport.jocl.counters}} An entry
     * ending in {@code .*} stands for every key with that prefix. A key of the {@code perfport.}
     * namespace that nothing declares is refused (see {@code PerfportConfig.requireKnown}), so
     * that a misspelt setting is an error instead of being silently ignored: a backend with
     * settings must list them here. Must not touch the route's native code.
     */
    default java.util.List<String> settings() {
        return java.util.List.of();
    }
}
