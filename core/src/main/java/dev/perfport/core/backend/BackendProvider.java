package dev.perfport.core.backend;

import org.pf4j.ExtensionPoint;

/**
 * The extension point a backend plugin implements. Found through PF4J in plugin jars
 * ({@code @Extension}) and through {@link java.util.ServiceLoader} on the classpath
 * ({@code META-INF/services}). {@link #create(BackendContext)} may fail (a missing native library,
 * no driver): the registry then lists the backend as unavailable with that reason.
 */
public interface BackendProvider extends ExtensionPoint {
    /** {@return stable id used in selectors, e.g. {@code jocl}, {@code cell-emulation}} */
    String id();

    /** {@return one line for {@code perfport backends}} */
    String description();

    /**
     * {@return the backend, created with the context's configuration} This is where a backend loads its
     * route library: the registry calls it only when the backend is first used, so that listing
     * backends loads no native library.
     *
     * @param context what the backend gets: the configuration
     * @throws Exception when the route cannot start (a missing native library, no driver); the registry
     *                   lists the backend as unavailable with that reason
     */
    Backend create(BackendContext context) throws Exception;
}
