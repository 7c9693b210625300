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
    /** TornadoVM 5.2 could not build or run a task graph of 32 or more launches; 16 ran (TRSM's blocks). */
    static final int MAX_GRAPH_LAUNCHES = 16;
    static final SessionSettings DEFAULT = new SessionSettings(true, true, 8);

    SessionSettings {
        if (graphLaunches < 1 || graphLaunches > MAX_GRAPH_LAUNCHES) {
            throw new ConfigException(TornadoVmProvider.GRAPH_LAUNCHES_KEY + " must be 1.." + MAX_GRAPH_LAUNCHES + ", got "
                    + graphLaunches + " (TornadoVM 5.2 fails task graphs of 32 or more launches)");
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
