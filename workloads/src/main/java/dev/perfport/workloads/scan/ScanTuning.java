package dev.perfport.workloads.scan;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Values;
import dev.perfport.workloads.staticwg.StaticGroupCount;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code single-pass} scan as a tuning problem, maximising Gelem/s (modelled on an emulator), in three
 * hierarchical stages:
 * <ol>
 *   <li>the schedule (warp, coalesce) with the register cap on NVIDIA (regs), together because they only pay together on
 *       the H100: coalesced warp tiles at 44 registers fit 2 groups of 512 per SM and run at the default schedule's speed,
 *       capped at 32 they fit 4 and run 1.2x faster (docs/results/gpu/h100.md);</li>
 *   <li>the tile (striped, items per work-item, the work-group size), together because a striped tile (wg·items elements)
 *       must fit local memory: Aparapi's fastest tile on the H100 is striped with wg 128 and items 64, which a sweep of
 *       items at the unstriped tile's wg 256 cannot reach;</li>
 *   <li>the persistent groups per compute unit (gpc: k = gpc x compute units; a single-pass scan needs no
 *       co-residency, and the residency query errs low).</li>
 * </ol>
 * The warp schedules and the cap are in the default grid on NVIDIA devices only: warp=2 is NVIDIA PTX, warp=1 its
 * emulation (a check, not a schedule to tune), and the cap an NVIDIA option. {@code striped} is in every grid: it is
 * the only schedule knob besides the default that Aparapi's kernel expresses, and a point a route cannot express is
 * refused by its backend before building, which the tuner counts as refused, not as an evaluation.
 */
final class ScanTuning {
    static final List<String> TUNED = ScanSpec.SPEC.tunedNames();
    static final double FRACTION = 0.97;

    private ScanTuning() {
    }

    /** {@return each tuned knob's default grid on {@code d}} */
    static Map<String, List<Integer>> defaultGrid(DeviceInfo d) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        for (String name : TUNED) g.put(name, ScanSpec.SPEC.knob(name).gridOn(d));
        return g;
    }

    static Tunable.Tuning tuning(Scan scan, DeviceSession s, String variant, Params p, Map<String, List<Integer>> grid) {
        // gpc decides the groups: k is the residency query's
        Values fixed = ScanSpec.SPEC.parse(p.with(ScanSpec.K.name(), StaticGroupCount.RESIDENCY), variant);
        Space space = ScanSpec.SPEC.space(fixed, s.device(), grid);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled Gelem/s" : "Gelem/s");
        Strategy.Hierarchical h = hierarchy(space, modelled);
        Map<String, String> key = ScanSpec.SPEC.cacheKey(fixed);
        // harris only; k comes from gpc; config is run's
        for (Knob<?> k : List.of(ScanSpec.SUMS, ScanSpec.K, ScanSpec.CONFIG)) key.remove(k.name());
        key.put("objective", objective.metric());
        String hash = ScanKernels.singlePass(Scan.config(fixed).type()).hash();
        Params fixedAll = fixed.params();
        return new Tunable.Tuning(space, objective, c -> evaluate(scan, s, fixedAll, c, objective.metric()), h, hash, key);
    }

    /**
     * The single-pass scan's space on {@code dev}: the spec's tuned knobs over their default grid with {@code grid}'s
     * lists in place of its own, under the rules the run checks before it launches (the schedule's combinations, the
     * work-group size, a striped tile in local memory).
     */
    static Space space(DeviceInfo dev, Map<String, List<Integer>> grid) {
        return ScanSpec.SPEC.space(ScanSpec.SPEC.parse(Params.of(), Scan.SINGLE_PASS), dev, grid);
    }

    /**
     * The hierarchical strategy over {@code space}: schedule, tile, gpc, then a review (measured points confirmed side
     * by side unless {@code modelled}). It starts at items 48, wg 512, gpc 8 and the default schedule, where the grid
     * has them: the register cap is chosen in the first stage and the tile in the second, and the cap a tile needs grows
     * with its items (on the H200 items 48 runs fastest with a cap of 64, two groups of 512 an SM, while items 16 takes
     * 32, under which items 48 spills), so the first stage runs at the large tile the H200's exhaustive search picked.
     */
    static Strategy.Hierarchical hierarchy(Space space, boolean modelled) {
        Map<String, Integer> start = new LinkedHashMap<>();
        for (var prm : space.params()) {
            int d = switch (prm.name()) {
                case "items" -> 48;
                case "wg" -> 512;
                case "gpc" -> 8;
                default -> 0;
            };
            start.put(prm.name(), prm.values().contains(d) ? d : prm.values().getFirst());
        }
        return new Strategy.Hierarchical(start, List.of(
                new Strategy.Stage("schedule", List.of("warp", "coalesce", "regs"), new Strategy.Rule.Best()),
                // the tile together: a striped tile (wg·items elements) must fit local memory, so the best striped tile
                // may need a smaller wg than the unstriped one (Aparapi on the H100: wg 128 with items 64)
                new Strategy.Stage("tile", List.of("striped", "items", "wg"), Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("gpc", Strategy.Rule.smallestWithin(FRACTION))),
                new Strategy.Review(List.of("warp", "coalesce", "striped", "regs", "items"), 2, 1 / FRACTION - 1, modelled ? 0 : 3));
    }

    private static Evaluation evaluate(Scan scan, DeviceSession s, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (Map.Entry<String, Integer> e : c.values().entrySet()) p = p.with(e.getKey(), e.getValue().toString());
        Params q = p;
        return Tunable.evaluate(() -> scan.singlePassOutcome(s, q), metric);
    }
}
