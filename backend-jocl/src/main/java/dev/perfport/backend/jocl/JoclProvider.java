package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractBackendProvider;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;

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
     * Whether a timed launch starts behind a short spin kernel, so that its profiled time holds the device's work only
     * and not an idle device's start ({@code perfport.jocl.busyStart}: {@code auto}, the default, on GPUs but not Oclgrind;
     * {@code true}; {@code false}). See {@link BusyStart}.
     */
    public static final String BUSY_START_KEY = BusyStart.KEY;

    /** The backend id used in selectors such as {@code jocl:gpu}. */
    public static final String ID = "jocl";

    public JoclProvider() {
        super(ID, JoclBackend.DESCRIPTION, java.util.List.of(COUNTERS_KEY, BUILD_OPTIONS_KEY, BUSY_START_KEY, BinaryCache.KEY,
                BinaryCache.DIR_KEY, BinaryCache.MAX_KEY));
    }

    @Override
    public Backend create(BackendContext context) {
        var config = context.config();
        BinaryCache binaries = BinaryCache.configured(config);
        boolean counting = config.getBoolean(COUNTERS_KEY, true);
        String options = config.get(BUILD_OPTIONS_KEY, "");
        JoclBackend backend = dev.perfport.core.checked.CheckedMode.on(config)
                ? JoclBackend.createChecked(counting, options).withUninitializedChecks(dev.perfport.core.checked.CheckedMode.uninitialized(config))
                : JoclBackend.create(counting, options);
        return backend.withBinaryCache(binaries).withBusyStart(BusyStart.parse(config.get(BUSY_START_KEY, "auto")));
    }
}
