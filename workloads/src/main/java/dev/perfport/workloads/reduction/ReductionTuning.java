package dev.perfport.workloads.reduction;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RowStatus;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
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
        if (!variant.equals(Reduction.TUNED)) {
            throw new dev.perfport.core.error.ConfigException("only the reduction variant '" + Reduction.TUNED
                    + "' is tunable (the paper's variants have no knobs), got '" + variant + "'");
        }
        Values fixed = ReductionSpec.SPEC.parse(p, variant);
        Space space = ReductionSpec.SPEC.space(fixed, s.device(), grid);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GB/s" : "GB/s");
        // one stage per tuned knob, in the spec's tuning order, each from its default (ipt from the fewest loads in flight)
        Map<String, Integer> start = new LinkedHashMap<>();
        List<Strategy.Stage> stages = new ArrayList<>();
        for (Param q : space.params()) {
            @SuppressWarnings("unchecked") int d = fixed.get((Knob<Integer>) ReductionSpec.SPEC.knob(q.name()));
            start.put(q.name(), q.values().contains(d) && !q.name().equals(ReductionSpec.IPT.name()) ? d : q.values().getFirst());
            stages.add(Strategy.Stage.of(q.name(), Strategy.Rule.smallestWithin(FRACTION)));
        }
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, stages,
                new Strategy.Review(List.of(ReductionSpec.VW.name(), ReductionSpec.IPT.name(), ReductionSpec.GPC.name()), 2,
                        1 / FRACTION - 1, modelled ? 0 : 3));
        Map<String, String> key = ReductionSpec.SPEC.cacheKey(fixed);
        key.put("objective", objective.metric());
        String hash = ReductionKernels.tuned(fixed.get(ReductionSpec.TYPE).equals("float") ? ElemType.FLOAT : ElemType.INT).hash();
        Params fixedAll = fixed.params();
        return new Tunable.Tuning(space, objective, c -> evaluate(r, s, fixedAll, c, objective.metric()), h, hash, key);
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
        if (row.status() == RowStatus.UNSUPPORTED) return Evaluation.invalid(Status.ROUTE_REFUSED, row.error());
        // a row that failed before timing anything (a launch the device refused) is no wrong result
        if (!row.verified()) return Evaluation.invalid(row.kernelNanos() == 0 && row.wallNanos() == 0 ? Status.RUNTIME_ERROR : Status.WRONG_RESULT,
                String.valueOf(row.error()));
        Double v = row.metrics().get(metric);
        if (v == null || !(v > 0)) return Evaluation.invalid(Status.RUNTIME_ERROR, "no " + metric + " measured");
        return Evaluation.ok(v);
    }
}
