package dev.perfport.workloads.spmv;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Evaluator;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
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
 * The paper's SpMV knobs as a tuning problem per variant: the work-group size everywhere; rows per
 * work-item and the thread-row mapping ({@code map}: 0 interleaved, 1 blocked) for csr-scalar and
 * ELLPACK; lanes per row for csr-vector; C and sigma for SELL; items per work-item for merge;
 * non-zeros per row block for csr-adaptive. The
 * objective is GFLOP/s (modelled on emulators): it compares times, where GB/s of the bytes a
 * format reads would favour a format that pads more.
 */
public final class SpmvTuning {
    private SpmvTuning() {
    }

    /** {@return the default grid of the knobs {@code variant}'s tuning varies, in hierarchy order} */
    public static Map<String, List<Integer>> defaultGrid(String variant) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        for (String name : SpmvSpec.SPEC.tunedNames()) {
            var k = SpmvSpec.SPEC.knob(name);
            if (k.isTunedIn(SpmvSpec.SPEC.variant(variant))) g.put(name, k.gridOn(null));
        }
        return g;
    }

    static Tunable.Tuning tuning(Spmv spmv, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        Values base = SpmvSpec.SPEC.parse(fixed, variant);
        Space space = SpmvSpec.SPEC.space(base, s.device(), grid);
        List<Param> params = space.params();
        Spmv.Settings st = Spmv.settings(base);
        Csr a = Spmv.matrix(st.matrix(), st.seed());
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GFLOP/s" : "GFLOP/s");
        Params all = base.params();
        Evaluator ev = c -> evaluate(s, variant, a, all, c, objective.metric());
        Map<String, Integer> start = new LinkedHashMap<>();
        for (Param prm : params) {
            @SuppressWarnings("unchecked") int d = base.get((Knob<Integer>) SpmvSpec.SPEC.knob(prm.name()));
            start.put(prm.name(), prm.values().contains(d) ? d : prm.values().getFirst());
        }
        Strategy.Rule best = new Strategy.Rule.Best();
        List<Strategy.Stage> stages = new ArrayList<>();
        List<String> knobs = new ArrayList<>(space.names());
        knobs.remove(SpmvSpec.WG.name());
        if (!knobs.isEmpty()) stages.add(new Strategy.Stage("format", knobs, best));
        stages.add(new Strategy.Stage("work-group", List.of(SpmvSpec.WG.name()), best));
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, stages, null);
        Map<String, String> fx = new LinkedHashMap<>();
        fx.put(SpmvSpec.MATRIX.name(), st.matrix());
        fx.put(SpmvSpec.SEED.name(), Long.toString(st.seed()));
        fx.put(SpmvSpec.REPS.name(), Integer.toString(st.reps()));
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, kernelHash(variant), fx);
    }

    static String kernelHash(String variant) {
        return switch (variant) {
            case Spmv.CSR_SCALAR, Spmv.ELL_COL, Spmv.ELL_ROW -> SpmvKernels.rows().hash() + "-" + variant;
            case Spmv.CSR_VECTOR -> SpmvKernels.csrVector().hash();
            case Spmv.SELL -> SpmvKernels.sell().hash();
            case Spmv.CSR_ADAPTIVE -> SpmvKernels.adaptive().hash();
            default -> SpmvKernels.merge().hash() + SpmvKernels.mergeFixup().hash();
        };
    }

    static Evaluation evaluate(DeviceSession s, String variant, Csr a, Params base, Config c, String metric) {
        Params p = base;
        for (Map.Entry<String, Integer> e : c.values().entrySet()) p = p.with(e.getKey(), e.getValue().toString());
        Params q = p;
        return Tunable.evaluate(() -> Spmv.execute(s, variant, a, Spmv.settings(SpmvSpec.SPEC.parse(q, variant))), metric);
    }
}
