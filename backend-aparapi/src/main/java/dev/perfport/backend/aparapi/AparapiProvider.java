package dev.perfport.backend.aparapi;

import dev.perfport.core.backend.AbstractBackendProvider;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;

/**
 * Makes the {@code aparapi} backend: Aparapi kernels on every OpenCL device Aparapi lists, and its
 * Java thread pool only when a selector names it. Listed in
 * {@code META-INF/services}, which both the class path's {@link java.util.ServiceLoader} and the
 * runtime's plugin loader read.
 *
 * <p>{@link #id()} and {@link #description()} do not touch Aparapi, so listing providers never
 * loads its JNI library; {@link #create} does.
 */
public final class AparapiProvider extends AbstractBackendProvider {
    /** The backend id used in selectors such as {@code aparapi:gpu}. */
    public static final String ID = "aparapi";

    /**
     * Whether kernels count their global atomics ({@code perfport.aparapi.counters}, default true).
     * Counting adds one atomic on a shared counter per counted atomic; turn it off for timing runs
     * (the counters are then not reported).
     */
    public static final String COUNTERS_KEY = "perfport.aparapi.counters";

    /**
     * Aparapi's shared-memory flag of OpenCL devices ({@code perfport.aparapi.sharedMemory}):
     * {@code auto} (default) sets it to false on devices that report no host-unified memory
     * (discrete GPUs), as Aparapi's documentation advises, and leaves Aparapi's default (true)
     * elsewhere; {@code true} or {@code false} sets it on every device.
     */
    public static final String SHARED_MEMORY_KEY = "perfport.aparapi.sharedMemory";

    public AparapiProvider() {
        // nativeCache is read as a system property (where AparapiNative caches its JNI library);
        // specialise: whether kernel templates get per-configuration classes (kernels.Specialiser)
        super(ID, AparapiBackend.DESCRIPTION, java.util.List.of(COUNTERS_KEY, SHARED_MEMORY_KEY, AparapiNative.CACHE_PROPERTY,
                dev.perfport.backend.aparapi.kernels.Specialiser.PROPERTY));
    }

    @Override
    public Backend create(BackendContext context) {
        return AparapiBackend.create(context.config());
    }
}
