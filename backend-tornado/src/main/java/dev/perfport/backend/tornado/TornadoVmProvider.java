package dev.perfport.backend.tornado;

import dev.perfport.core.backend.AbstractBackendProvider;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import org.pf4j.Extension;

/**
 * Makes the {@code tornado} backend: kernels written in TornadoVM's Kernel API, run on every
 * device of every TornadoVM backend (OpenCL here). Found by PF4J ({@code @Extension}) in the plugin
 * jar. The jar deliberately has no {@code META-INF/services} entry: it is also on the JVM's class
 * path (TornadoVM reads kernel class files through the system class loader), and a service entry
 * there would make the registry load a second, class-path copy of this backend.
 *
 * <p>This class touches no TornadoVM type, so that it loads in a JVM without TornadoVM: there
 * {@link #create} returns a backend that is unavailable with the reason (TornadoEnvironment).
 */
@Extension   // PF4J's processor takes the extension point from the interfaces the class itself names
public final class TornadoVmProvider extends AbstractBackendProvider implements BackendProvider {
    /** The backend id used in selectors such as {@code tornado:gpu}. */
    public static final String ID = "tornado";
    /**
     * Whether kernels count their global atomics ({@code perfport.tornado.counters}, default true),
     * as {@code perfport.jocl.counters}: counting adds one atomic on a shared counter per counted
     * atomic; turn it off for timing runs beside jocl with its counters off (rows then carry no
     * globalAtomics).
     */
    public static final String COUNTERS_KEY = "perfport.tornado.counters";
    /**
     * Whether kernels that state an NVIDIA register limit are built with it ({@code perfport.tornado.registerLimits},
     * default true); false builds every kernel with TornadoVM's options alone, so that one call can measure what
     * a limit does (docs/routes.md).
     */
    public static final String REGISTER_LIMITS_KEY = "perfport.tornado.registerLimits";
    /**
     * Most launches in one TornadoVM task graph ({@code perfport.tornado.graphLaunches}, 1..16, default 16): a launch
     * sequence or a repeated launch runs as graphs of up to this many tasks, one execute each; 1 runs one execution
     * plan per launch, as before sequences, so that one call can measure what the graphs save.
     */
    public static final String GRAPH_LAUNCHES_KEY = "perfport.tornado.graphLaunches";
    static final String DESCRIPTION = "Java kernels through TornadoVM's Kernel API (KernelContext, GridScheduler)";

    public TornadoVmProvider() {
        // system properties written by ./perfport and bin/tornado-jvm-args, not user settings
        super(ID, DESCRIPTION, java.util.List.of(TornadoEnvironment.ARGS_PROBLEM, TornadoEnvironment.HOME, COUNTERS_KEY,
                REGISTER_LIMITS_KEY, GRAPH_LAUNCHES_KEY));
    }

    @Override
    public Backend create(BackendContext context) {
        if (dev.perfport.core.checked.CheckedMode.on(context.config())) {
            return new UnavailableBackend(ID, DESCRIPTION, dev.perfport.core.checked.CheckedMode.cannot(ID,
                    "TornadoVM compiles and launches its own OpenCL or PTX through its drivers, which cannot be pointed at Oclgrind"));
        }
        String problem = TornadoEnvironment.problem(TornadoVmProvider.class.getClassLoader());
        if (problem != null) return new UnavailableBackend(ID, DESCRIPTION, problem);
        SessionSettings settings = SessionSettings.of(context.config());
        return StdoutGuard.call(() -> TornadoVmBackend.create(settings));
    }
}
