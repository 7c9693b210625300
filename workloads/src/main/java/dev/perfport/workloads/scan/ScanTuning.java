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
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.staticwg.StaticGroupCount;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code single-pass} scan as a tuning problem (issue 16), maximising Gelem/s (modelled on an emulator), in three
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
    static final List<String> TUNED = List.of("warp", "coalesce", "striped", "regs", "items", "wg", "gpc");
    static final double FRACTION = 0.97;

    private ScanTuning() {
    }

    static Map<String, List<Integer>> defaultGrid(DeviceInfo d) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        boolean nv = d.nvidia();
        g.put("warp", nv ? List.of(0, 2) : List.of(0));
        g.put("coalesce", nv ? List.of(0, 1) : List.of(0));
        g.put("striped", List.of(0, 1));
        g.put("regs", nv ? List.of(0, 32, 40) : List.of(0));
        g.put("items", List.of(4, 8, 12, 16, 24, 32, 48, 64));
        g.put("wg", TuningSupport.workGroupSizes(d));
        g.put("gpc", d.type() == DeviceType.CPU ? List.of(1, 2, 4) : List.of(2, 4, 8, 16));
        return g;
    }

    static Tunable.Tuning tuning(Scan scan, DeviceSession s, String variant, Params p, Map<String, List<Integer>> grid) {
        if (!variant.equals(Scan.SINGLE_PASS)) {
            throw new ConfigException("only the scan variant '" + Scan.SINGLE_PASS + "' is tunable (the paper's variants keep the paper's settings), got '"
                    + variant + "'");
        }
        DeviceInfo dev = s.device();
        Space space = space(dev, Scan.config(scan.defaults().with(p)).type().bytes(), grid);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled Gelem/s" : "Gelem/s");
        Strategy.Hierarchical h = hierarchy(space, modelled);
        Params fixedAll = scan.defaults().with(p);
        Map<String, String> fixed = new LinkedHashMap<>(fixedAll.asMap());
        TUNED.forEach(fixed::remove);
        List.of("sums", "k", "config").forEach(fixed::remove);   // harris only; k comes from gpc; config is run's
        fixed.put("variant", variant);
        fixed.put("objective", objective.metric());
        String hash = ScanKernels.singlePass(Scan.config(fixedAll).type()).hash();
        return new Tunable.Tuning(space, objective, c -> evaluate(scan, s, fixedAll, c, objective.metric()), h, hash, fixed);
    }

    /**
     * The single-pass scan's space on {@code dev} for elements of {@code elem} bytes: the default
     * grid with {@code grid}'s lists in place of its own, under the rules the run checks before it
     * launches (the schedule's combinations, the work-group size, a striped tile in local memory).
     */
    static Space space(DeviceInfo dev, int elem, Map<String, List<Integer>> grid) {
        long localCap = dev.capacity(MemoryLevel.LOCAL);
        return new Space(TuningSupport.params("scan", TUNED, defaultGrid(dev), grid), List.of(
                TuningSupport.workGroupSize(dev),
                Constraint.of("items", c -> c.get("items") >= Scan.MIN_ITEMS && c.get("items") <= Scan.MAX_ITEMS && c.get("items") % 4 == 0,
                        c -> "items " + c.get("items") + " is not a multiple of 4 in [" + Scan.MIN_ITEMS + ", " + Scan.MAX_ITEMS + "]"),
                Constraint.of("warp schedule", c -> c.get("warp") == 0 || c.get("wg") >= 32 && c.get("wg") <= 1024,
                        c -> "warp=" + c.get("warp") + " needs 32 <= wg <= 1024, got wg " + c.get("wg")),
                Constraint.of("coalesced tiles", c -> c.get("coalesce") == 0 || c.get("warp") != 0,
                        c -> "coalesce=1 needs warp=1 or 2"),
                Constraint.of("striped tiles", c -> c.get("striped") == 0 || c.get("warp") == 0,
                        c -> "striped=1 needs warp=0 (a warp schedule holds its tile in registers)"),
                // a striped tile (wg·items elements) is staged in local memory, which the launch checks
                Constraint.of("local memory", c -> c.get("striped") == 0 || Scan.stripedLocalElements(c.get("wg"), c.get("items")) * elem <= localCap,
                        c -> "a striped tile of wg " + c.get("wg") + " x items " + c.get("items") + " needs "
                                + Scan.stripedLocalElements(c.get("wg"), c.get("items")) * elem + " B of local memory, more than the "
                                + localCap + " B of " + dev.name()),
                Constraint.of("groups per unit", c -> c.get("gpc") >= 1 && c.get("gpc") <= Scan.MAX_GPC,   // 0 would hand k back
                        c -> "gpc " + c.get("gpc") + " is outside [1, " + Scan.MAX_GPC + "]"),
                Constraint.of("register cap", c -> c.get("regs") == 0 || c.get("regs") >= Scan.MIN_REGS && c.get("regs") <= Scan.MAX_REGS,
                        c -> "regs " + c.get("regs") + " is neither 0 nor in [" + Scan.MIN_REGS + ", " + Scan.MAX_REGS + "]")));
    }

    /**
     * The hierarchical strategy over {@code space}: schedule, tile, gpc, then a review (measured points confirmed side
     * by side unless {@code modelled}). It starts at items 16, wg 512, gpc 8 and the default schedule, where the grid
     * has them.
     */
    static Strategy.Hierarchical hierarchy(Space space, boolean modelled) {
        Map<String, Integer> start = new LinkedHashMap<>();
        for (var prm : space.params()) {
            int d = switch (prm.name()) {
                case "items" -> 16;
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
        for (String name : TUNED) p = p.with(name, Integer.toString(c.get(name)));
        Params q = p.with("k", StaticGroupCount.RESIDENCY);   // gpc decides
        return Tunable.evaluate(() -> scan.singlePassOutcome(s, q), metric);
    }
}
