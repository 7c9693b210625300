package dev.perfport.workloads.reduction;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Values;

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
    static final double FRACTION = 0.97;

    private ReductionTuning() {
    }

    static Tunable.Tuning tuning(Reduction r, DeviceSession s, String variant, Params p, Map<String, List<Integer>> grid) {
        Values fixed = ReductionSpec.SPEC.parse(p, variant);
        Space space = ReductionSpec.SPEC.space(fixed, s.device(), grid);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GB/s" : "GB/s");
        Map<String, Integer> start = new LinkedHashMap<>();
        start.put(ReductionSpec.VW.name(), startAt(space, ReductionSpec.VW, 4));
        start.put(ReductionSpec.IPT.name(), space.param(ReductionSpec.IPT.name()).values().getFirst());
        start.put(ReductionSpec.GPC.name(), startAt(space, ReductionSpec.GPC, 8));
        start.put(ReductionSpec.WG.name(), startAt(space, ReductionSpec.WG, 256));
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, List.of(
                Strategy.Stage.of(ReductionSpec.VW.name(), Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of(ReductionSpec.IPT.name(), Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of(ReductionSpec.GPC.name(), Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of(ReductionSpec.WG.name(), Strategy.Rule.smallestWithin(FRACTION))),
                new Strategy.Review(List.of(ReductionSpec.VW.name(), ReductionSpec.IPT.name(), ReductionSpec.GPC.name()), 2,
                        1 / FRACTION - 1, modelled ? 0 : 3));
        Map<String, String> key = ReductionSpec.SPEC.cacheKey(fixed);
        key.put("objective", objective.metric());
        String hash = ReductionKernels.tuned(fixed.get(ReductionSpec.TYPE).equals("float") ? ElemType.FLOAT : ElemType.INT).hash();
        Params fixedAll = fixed.params();
        return new Tunable.Tuning(space, objective, c -> evaluate(r, s, fixedAll, c, objective.metric()), h, hash, key);
    }

    /** {@return {@code preferred} where the space's grid of {@code k} lists it, else the grid's first value} */
    private static int startAt(Space space, Knob<Integer> k, int preferred) {
        List<Integer> values = space.param(k.name()).values();
        return values.contains(preferred) ? preferred : values.getFirst();
    }

    private static Evaluation evaluate(Reduction r, DeviceSession s, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (Map.Entry<String, Integer> e : c.values().entrySet()) p = p.with(e.getKey(), e.getValue().toString());
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
