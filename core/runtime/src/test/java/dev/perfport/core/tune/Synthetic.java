package dev.perfport.core.tune;

import java.util.List;

/**
 * A synthetic throughput landscape shaped like seed 000's measurements, with a known optimum:
 * block transfers (Eq. 3), an Amdahl-like vector gain up to 8 lanes (Eq. 5), a small per-group
 * overhead, scaling up to 4 compute units (Eq. 8), and an occupancy penalty when a group's
 * private state (simbs·vwidth·wgsize) is too large, which only the review step can undo.
 */
final class Synthetic {
    static final int LOCAL_MEMORY = 16 * 1024;

    private Synthetic() {
    }

    static Space space() {
        return new Space(List.of(
                Param.powersOfTwo("posbs", 1, 4096),
                Param.powersOfTwo("simbs", 1, 16),
                Param.powersOfTwo("vwidth", 1, 16),
                Param.powersOfTwo("wgsize", 1, 64),
                Param.powersOfTwo("ngroup", 1, 16)),
                List.of(Constraint.of("local memory", c -> c.get("posbs") * 12 <= LOCAL_MEMORY,
                        c -> c.get("posbs") * 12 + " B of local buffers exceed the " + LOCAL_MEMORY + " B of local memory")));
    }

    /** Throughput in positions per second (higher is better). */
    static double mpps(Config c) {
        double posbs = c.get("posbs"), simbs = c.get("simbs"), vw = c.get("vwidth"), wg = c.get("wgsize"), ng = c.get("ngroup");
        double blocks = 1 / (1 + 16 / posbs);                                // Eq. 3 shape
        double r = 0.1;
        double vector = vw / (vw * (r + (1 - r) / Math.min(8, vw)));        // Eq. 5 speed-up
        double sharing = simbs / (1 + 0.1 * (simbs - 1));                    // shared loads, saturating
        double group = wg / (wg + 0.5);                                      // per-group overhead
        double units = Math.min(ng, 4);                                      // Eq. 8 with n_CU = 4
        double occupancy = simbs * vw * wg > 2048 ? 0.5 : 1;                 // too-big groups lose half
        return 10 * blocks * vector * sharing * group * units * occupancy;
    }

    static Strategy.Hierarchical hierarchical() {
        return new Strategy.Hierarchical(
                java.util.Map.of("posbs", 1, "simbs", 1, "vwidth", 1, "wgsize", 1, "ngroup", 1),
                List.of(Strategy.Stage.of("posbs", Strategy.Rule.smallestWithin(0.97)),
                        Strategy.Stage.of("simbs", Strategy.Rule.smallestWithin(0.97)),
                        Strategy.Stage.of("vwidth", Strategy.Rule.smallestWithin(0.97)),
                        Strategy.Stage.of("wgsize", Strategy.Rule.smallestWithin(0.97)),
                        Strategy.Stage.of("ngroup", Strategy.Rule.smallestWithin(0.97))),
                new Strategy.Review(List.of("posbs", "simbs", "vwidth", "wgsize"), 8));
    }
}
