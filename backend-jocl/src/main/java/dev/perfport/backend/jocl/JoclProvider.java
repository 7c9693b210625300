package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractBackendProvider;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.files.UserFiles;

/**
 * Makes the {@code jocl} backend: OpenCL C kernels through JOCL on every device of every OpenCL
 * platform. Listed in {@code META-INF/services}, which both the class
 * path's {@link java.util.ServiceLoader} and the runtime's plugin loader read.
 *
 * <p>{@link #id()} and {@link #description()} do not touch JOCL, so listing providers never loads the
 * native library; {@link #create} does, and a failure to load it propagates to the caller (the
 * registry shows it as the reason the backend is unavailable).
 */
public final class JoclProvider extends AbstractBackendProvider {
    /**
     * Whether kernels count their global atomics ({@code perfport.jocl.counters}, default true).
     * Counting adds one atomic on a shared counter per counted atomic; turn it off for timing
     * runs where that traffic would skew atomic-heavy kernels (counters are then not reported).
     */
    public static final String COUNTERS_KEY = "perfport.jocl.counters";

    /**
     * OpenCL build options added to every kernel build of a session ({@code perfport.jocl.buildOptions},
     * default none), after the tuning constants and the kernel's own
     * ({@link dev.perfport.core.kernel.KernelImpl.OpenClSource#buildOptions()}); e.g.
     * {@code -cl-fp-contract=off} keeps the compiler from fusing {@code a*x+y} into an FMA.
     */
    public static final String BUILD_OPTIONS_KEY = "perfport.jocl.buildOptions";

    /**
     * Whether built programs are kept on disk as binaries and loaded from there by later
     * processes ({@code perfport.jocl.binaryCache}, default true; see {@link BinaryCache}).
     */
    public static final String BINARY_CACHE_KEY = "perfport.jocl.binaryCache";
    /**
     * The binary cache's folder ({@code perfport.jocl.binaryCache.dir}, default {@code jocl} in
     * perfport's cache folder: {@code ~/.cache/perfport/jocl}, see {@link UserFiles#cacheFolder(dev.perfport.core.backend.Settings, String)}).
     */
    public static final String BINARY_CACHE_DIR_KEY = "perfport.jocl.binaryCache.dir";
    /** The binary cache's size bound in MiB ({@code perfport.jocl.binaryCache.maxMiB}, default 256, 1..1048576). */
    public static final String BINARY_CACHE_MAX_KEY = "perfport.jocl.binaryCache.maxMiB";

    /** The backend id used in selectors such as {@code jocl:gpu}. */
    public static final String ID = "jocl";

    public JoclProvider() {
        super(ID, JoclBackend.DESCRIPTION, java.util.List.of(COUNTERS_KEY, BUILD_OPTIONS_KEY, BINARY_CACHE_KEY, BINARY_CACHE_DIR_KEY,
                BINARY_CACHE_MAX_KEY));
    }

    @Override
    public Backend create(BackendContext context) {
        var config = context.config();
        BinaryCache binaries = null;
        if (config.getBoolean(BINARY_CACHE_KEY, true)) {
            long mib = config.getLong(BINARY_CACHE_MAX_KEY, BinaryCache.DEFAULT_MAX_BYTES >> 20);
            if (mib < 1 || mib > 1 << 20) {
                throw new dev.perfport.core.error.ConfigException(BINARY_CACHE_MAX_KEY + " must be in [1, 1048576] MiB, got " + mib
                        + " (from " + config.sourceOf(BINARY_CACHE_MAX_KEY) + ")");
            }
            String dir = config.get(BINARY_CACHE_DIR_KEY, "");
            binaries = new BinaryCache(dir.isBlank() ? UserFiles.cacheFolder(config, "jocl") : java.nio.file.Path.of(dir), mib << 20);
        }
        boolean counting = config.getBoolean(COUNTERS_KEY, true);
        String options = config.get(BUILD_OPTIONS_KEY, "");
        JoclBackend backend = dev.perfport.core.checked.CheckedMode.on(config)
                ? JoclBackend.createChecked(counting, options).withUninitializedChecks(dev.perfport.core.checked.CheckedMode.uninitialized(config))
                : JoclBackend.create(counting, options);
        return backend.withBinaryCache(binaries);
    }
}
