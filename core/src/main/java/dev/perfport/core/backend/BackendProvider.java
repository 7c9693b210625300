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

    Backend create(BackendContext context) throws Exception;
}
