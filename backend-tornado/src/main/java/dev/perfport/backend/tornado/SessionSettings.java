package dev.perfport.backend.tornado;

import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;

/**
 * How a TornadoVM session runs kernels: the backend's {@code perfport.tornado.*} settings.
 *
 * @param counting       whether kernels count their global atomics ({@value TornadoVmProvider#COUNTERS_KEY})
 * @param registerLimits whether kernels that state an NVIDIA register limit are built with it
 *                       ({@value TornadoVmProvider#REGISTER_LIMITS_KEY})
 * @param graphLaunches  most launches in one TornadoVM task graph, for sequences and repeated launches
 *                       ({@value TornadoVmProvider#GRAPH_LAUNCHES_KEY}); 1 runs one execution plan per launch
 */
record SessionSettings(boolean counting, boolean registerLimits, int graphLaunches) {
    /**
     * The largest graph measured: TRSM's GEMMs and the tuned reduction ran 16 launches a graph (with TornadoVM's
     * bytecode buffer at the 64 KB perfport sets; at TornadoVM's 4 KB, 32 GEMM launches and 16 reductions failed).
     */
    static final int MAX_GRAPH_LAUNCHES = 16;
    /** Graphs of 16: TRSM nb 32 on the H100 ran 1.16× jocl's kernel time, against 1.28 with graphs of 8 (fewer idle gaps between executes). */
    static final SessionSettings DEFAULT = new SessionSettings(true, true, MAX_GRAPH_LAUNCHES);

    SessionSettings {
        if (graphLaunches < 1 || graphLaunches > MAX_GRAPH_LAUNCHES) {
            throw new ConfigException(TornadoVmProvider.GRAPH_LAUNCHES_KEY + " must be 1.." + MAX_GRAPH_LAUNCHES + ", got "
                    + graphLaunches + " (16 is the largest task graph measured on TornadoVM 5.2)");
        }
    }

    /** The settings in {@code config}, each unset one at its default. */
    static SessionSettings of(Settings config) {
        return new SessionSettings(config.getBoolean(TornadoVmProvider.COUNTERS_KEY, DEFAULT.counting),
                config.getBoolean(TornadoVmProvider.REGISTER_LIMITS_KEY, DEFAULT.registerLimits),
                config.getInt(TornadoVmProvider.GRAPH_LAUNCHES_KEY, DEFAULT.graphLaunches));
    }

    /** These settings with {@code counting}. */
    SessionSettings withCounting(boolean counting) {
        return new SessionSettings(counting, registerLimits, graphLaunches);
    }
}
