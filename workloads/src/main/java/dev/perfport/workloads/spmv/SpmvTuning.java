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
import dev.perfport.workloads.TuningSupport;

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
    /** Every tuned parameter of some variant, in hierarchy order. */
    public static final List<String> KNOBS = List.of("wg", "rpt", "map", "lanes", "C", "sigma", "ipt", "block");

    private SpmvTuning() {
    }

    /** The default grid of the knobs that apply to {@code variant}. */
    public static Map<String, List<Integer>> defaultGrid(String variant) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        g.put("wg", List.of(32, 64, 128, 256));
        switch (variant) {
            case Spmv.CSR_SCALAR, Spmv.ELL_COL, Spmv.ELL_ROW -> {
                g.put("rpt", List.of(1, 4, 16, 64));
                g.put("map", List.of(0, 1));
            }
            case Spmv.CSR_VECTOR -> g.put("lanes", List.of(1, 2, 4, 8, 16, 32));
            case Spmv.SELL -> {
                g.put("C", List.of(4, 8, 32, 128));
                g.put("sigma", List.of(1, 32, 1024));
            }
            case Spmv.MERGE -> g.put("ipt", List.of(8, 32, 128, 512));
            case Spmv.CSR_ADAPTIVE -> g.put("block", List.of(256, 512, 1024, 2048, 4096));
            default -> throw new ConfigException("unknown variant '" + variant + "' of spmv; variants: " + Spmv.VARIANTS);
        }
        return g;
    }

    static Tunable.Tuning tuning(Spmv spmv, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        Map<String, List<Integer>> g = defaultGrid(variant);
        List<Param> params = TuningSupport.params("spmv's " + variant, List.copyOf(g.keySet()), g, grid);
        Params base = spmv.defaults().with(fixed);
        Spmv.Settings st = Spmv.settings(base);
        Csr a = Spmv.matrix(st.matrix(), st.seed());
        int maxWg = (int) Math.min(Integer.MAX_VALUE, s.device().maxWorkGroupSize());
        List<Constraint> cs = new ArrayList<>();
        cs.add(Constraint.of("wg <= device maximum " + maxWg, c -> c.get("wg") <= maxWg, c -> "wg " + c.get("wg") + " > " + maxWg));
        if (g.containsKey("lanes")) {
            cs.add(Constraint.of("lanes divides wg", c -> c.get("wg") % c.get("lanes") == 0 && Integer.bitCount(c.get("lanes")) == 1,
                    c -> "lanes " + c.get("lanes") + " is not a power of two dividing wg " + c.get("wg")));
        }
        if (g.containsKey("block")) {
            long localBytes = s.device().capacity(MemoryLevel.LOCAL);
            cs.add(Constraint.of("block >= wg, 4*max(block, wg) B <= local memory " + localBytes,
                    c -> c.get("block") >= c.get("wg") && 4L * Math.max(c.get("block"), c.get("wg")) <= localBytes,
                    c -> "block " + c.get("block") + " with wg " + c.get("wg") + " breaks block >= wg or the " + localBytes + " B of local memory"));
        }
        Space space = new Space(params, cs);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GFLOP/s" : "GFLOP/s");
        Evaluator ev = c -> evaluate(s, variant, a, base, c, objective.metric());
        Map<String, Integer> start = new LinkedHashMap<>();
        for (Param prm : params) {
            int d = Integer.parseInt(prm.name().equals("map") ? (st.blocked() ? "1" : "0") : base.get(prm.name()));
            start.put(prm.name(), prm.values().contains(d) ? d : prm.values().getFirst());
        }
        Strategy.Rule best = new Strategy.Rule.Best();
        List<Strategy.Stage> stages = new ArrayList<>();
        List<String> knobs = new ArrayList<>(g.keySet());
        knobs.remove("wg");
        if (!knobs.isEmpty()) stages.add(new Strategy.Stage("format", knobs, best));
        stages.add(new Strategy.Stage("work-group", List.of("wg"), best));
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, stages, null);
        Map<String, String> fx = new LinkedHashMap<>();
        fx.put("matrix", st.matrix());
        fx.put("seed", Long.toString(st.seed()));
        fx.put("reps", Integer.toString(st.reps()));
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
        for (String k : c.values().keySet()) p = p.with(k, Integer.toString(c.get(k)));
        Params q = p;
        return Tunable.evaluate(() -> Spmv.execute(s, variant, a, Spmv.settings(q)), metric);
    }
}
