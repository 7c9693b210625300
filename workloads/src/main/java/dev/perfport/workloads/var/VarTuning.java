package dev.perfport.workloads.var;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Evaluator;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The VaR workload as a tuning problem (seed 000 §3): the five parameters, constraints that
 * consult the device (local memory first), the throughput objective, and the thesis's hierarchy —
 * one work-item (posbs, then simbs, then vwidth, each by the 97 % rule), then the work-group
 * (wgsize), then the NDRange (ngroup), then the review that shrinks posbs, simbs, vwidth and
 * wgsize while throughput rises (by more than 3 %, the margin of the 97 % rule). Weak scaling as in the thesis: the work grows with the
 * configuration (nsim = simbs·vwidth·wgsize·ngroup), mpps normalises it.
 */
final class VarTuning {
    /** The 97 % rule of seed 000 §3.3. */
    static final double FRACTION = 0.97;

    private VarTuning() {
    }

    static Tunable.Tuning tuning(Var var, DeviceSession s, String variantName, Params p, Map<String, List<Integer>> grid) {
        DeviceInfo dev = s.device();
        // the fixed parameters must be valid on their own: check them with the smallest tuned values
        Var.Settings base = var.settings(variantName, p.with("posbs", "1").with("simbs", "1").with("vwidth", "1")
                .with("wgsize", "1").with("ngroup", "1"));
        Values fixed = VarSpec.SPEC.parse(p, variantName);
        long maxWork = fixed.get(VarSpec.MAXWORK);
        int npos = base.npos();
        // the spec's knobs, limits and rules; npos (auto: the input's) and maxwork bound this run's points too
        Space space = VarSpec.SPEC.space(fixed, dev, grid)
                .with(Constraint.of("block size", c -> c.get(VarSpec.POSBS.name()) <= npos, c -> "posbs " + c.get(VarSpec.POSBS.name()) + " exceeds npos " + npos))
                .with(Constraint.of("problem size", c -> nsim(c) * npos <= maxWork,
                        c -> "nsim*npos = " + nsim(c) + "*" + npos + " = " + nsim(c) * npos + " exceeds maxwork " + maxWork));
        List<Param> params = space.params();

        // emulators with a cost model are tuned on modelled time (deterministic); others on measured time
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled mpps" : "mpps");
        Evaluator ev = c -> evaluate(var, s, variantName, p, c, objective.metric());

        Map<String, Integer> start = new LinkedHashMap<>();
        for (Param prm : params) start.put(prm.name(), prm.values().getFirst());
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, List.of(
                Strategy.Stage.of("posbs", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("simbs", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("vwidth", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("wgsize", Strategy.Rule.smallestWithin(FRACTION)),
                Strategy.Stage.of("ngroup", Strategy.Rule.smallestWithin(FRACTION))),
                // shrink only for a gain beyond the 97 % rule's 3 %, and, where time is measured, only for
                // one that holds when both points are measured again side by side: timing noise must not
                // shrink a good point
                new Strategy.Review(List.of("posbs", "simbs", "vwidth", "wgsize"), 4, 1 / FRACTION - 1, modelled ? 0 : 3));

        Map<String, String> key = new LinkedHashMap<>(base.params());
        VarSpec.SPEC.tunedNames().forEach(key::remove);
        key.put("variant", variantName);
        key.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, VarKernels.def(VarKernels.Variant.of(variantName)).hash(), key);
    }

    private static long nsim(Config c) {
        return (long) c.get(VarSpec.SIMBS.name()) * c.get(VarSpec.VWIDTH.name()) * c.get(VarSpec.WGSIZE.name()) * c.get(VarSpec.NGROUP.name());
    }

    /** One configuration: run, verify, and turn what went wrong into a status with the reason. */
    static Evaluation evaluate(Var var, DeviceSession s, String variant, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (Map.Entry<String, Integer> e : c.values().entrySet()) p = p.with(e.getKey(), e.getValue().toString());
        Var.Simulation sim;
        try {
            sim = var.simulate(s, variant, p);
        } catch (RuntimeException e) {
            // refused before running (a device or parameter limit, or the route), a build or launch failure
            return Tunable.failed(e);
        }
        if (sim.mismatch() != null) return Evaluation.invalid(Status.WRONG_RESULT, sim.mismatch());
        Double v = sim.outcome().metrics().get(metric);
        if (v == null || !(v > 0)) return Evaluation.invalid(Status.RUNTIME_ERROR, "no " + metric + " measured");
        return Evaluation.ok(v);
    }
}
