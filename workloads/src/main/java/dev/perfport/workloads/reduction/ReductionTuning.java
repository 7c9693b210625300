package dev.perfport.workloads.reduction;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TuningSupport;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code tuned} reduction as a tuning problem: vector width, loads in flight per work-item,
 * persistent groups per compute unit and the work-group size, maximising GB/s (modelled GB/s on
 * an emulator with a cost model). The hierarchy sweeps vw, then ipt, then gpc, then wg, each
 * keeping the smallest value within 97 % of the stage's best (fewer registers, fewer groups).
 */
final class ReductionTuning {
    static final List<String> TUNED = List.of("vw", "ipt", "gpc", "wg");
    static final double FRACTION = 0.97;

    private ReductionTuning() {
    }

    static Map<String, List<Integer>> defaultGrid(DeviceInfo d) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        g.put("vw", List.of(1, 2, 4, 8));
        g.put("ipt", List.of(1, 2, 4, 8));
        g.put("gpc", List.of(1, 2, 4, 8, 16, 32));
        g.put("wg", TuningSupport.workGroupSizes(d));
        return g;
    }

    static Tunable.Tuning tuning(Reduction r, DeviceSession s, String variant, Params p, Map<String, List<Integer>> grid) {
        if (!variant.equals(Reduction.TUNED)) {
            throw new ConfigException("only the reduction variant '" + Reduction.TUNED + "' is tunable (the paper's variants have no knobs), got '"
                    + variant + "'");
        }
        DeviceInfo dev = s.device();
        List<Param> params = TuningSupport.params("reduction", TUNED, defaultGrid(dev), grid);
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        for (Param q : params) g.put(q.name(), q.values());
        List<Constraint> cs = List.of(
                TuningSupport.workGroupSize(dev),
                Constraint.of("vector width", c -> Reduction.VWS.contains(c.get("vw")),
                        c -> "vw " + c.get("vw") + " is not one of 1, 2, 4, 8"),
                Constraint.of("loads in flight", c -> c.get("ipt") >= 1 && c.get("ipt") <= Reduction.MAX_IPT,
                        c -> "ipt " + c.get("ipt") + " is outside [1, " + Reduction.MAX_IPT + "]"),
                Constraint.of("groups per unit", c -> c.get("gpc") >= 1 && c.get("gpc") <= Reduction.MAX_GPC,
                        c -> "gpc " + c.get("gpc") + " is outside [1, " + Reduction.MAX_GPC + "]"));
        Space space = new Space(params, cs);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GB/s" : "GB/s");
        Map<String, Integer> start = new LinkedHashMap<>();
        start.put("vw", g.get("vw").contains(4) ? 4 : g.get("vw").getFirst());
        start.put("ipt", g.get("ipt").getFirst());
        start.put("gpc", g.get("gpc").contains(8) ? 8 : g.get("gpc").getFirst());
        start.put("wg", g.get("wg").contains(256) ? 256 : g.get("wg").getFirst());
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, List.of(
                Strategy.Stage.of("vw", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("ipt", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("gpc", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("wg", Strategy.Rule.smallestWithin(FRACTION))),
                new Strategy.Review(List.of("vw", "ipt", "gpc"), 2, 1 / FRACTION - 1, modelled ? 0 : 3));
        Params fixedAll = r.defaults().with(p);
        Map<String, String> fixed = new LinkedHashMap<>(fixedAll.asMap());
        TUNED.forEach(fixed::remove);
        fixed.put("variant", variant);
        fixed.put("objective", objective.metric());
        String type = fixedAll.get("type");
        String hash = ReductionKernels.tuned(type.equals("float") ? ElemType.FLOAT
                : ElemType.INT).hash();
        return new Tunable.Tuning(space, objective, c -> evaluate(r, s, fixedAll, c, objective.metric()), h, hash, fixed);
    }

    private static Evaluation evaluate(Reduction r, DeviceSession s, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (String name : TUNED) p = p.with(name, Integer.toString(c.get(name)));
        RunResult row;
        try {
            row = r.run(s, Reduction.TUNED, p);
        } catch (RuntimeException e) {
            // refused before running (a device or parameter limit, or the route), a build or launch failure
            return Tunable.failed(e);
        }
        if (!row.verified()) return Evaluation.invalid(Status.WRONG_RESULT, String.valueOf(row.error()));
        Double v = row.metrics().get(metric);
        if (v == null || !(v > 0)) return Evaluation.invalid(Status.RUNTIME_ERROR, "no " + metric + " measured");
        return Evaluation.ok(v);
    }
}
