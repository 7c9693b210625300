package dev.perfport.workloads.gemm;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Evaluator;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Outcome;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GEMM's indirect kernel as a tuning problem: the 14 CLBlast parameters over a small default grid
 * (in the spirit of CLBlast's "small" Xgemm search, V=1), every constraint of {@link GemmConfig}
 * checked on the device before anything is compiled, GFLOP/s (modelled on emulators) as the
 * objective, and a hierarchy for {@code --strategy hierarchical}: tile, threads, k-tile and
 * unroll, vector widths, local-memory staging, loader shapes, strides, each stage keeping its best.
 * The tuning cache keys each result by backend, device fingerprint, kernel hash and every
 * parameter, so the best configuration is kept per device.
 */
final class GemmTuning {

    private GemmTuning() {
    }

    /** The default grid: 3·3·2·2·2·2·2·1·3·3·2·2·2·2 = 41,472 points, most refused by the constraints. */
    static Map<String, List<Integer>> defaultGrid(DeviceInfo d) {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        g.put("mwg", List.of(16, 32, 64));
        g.put("nwg", List.of(16, 32, 64));
        g.put("kwg", List.of(16, 32));
        g.put("mdimc", List.of(8, 16));
        g.put("ndimc", List.of(8, 16));
        g.put("mdima", List.of(8, 16));
        g.put("ndimb", List.of(8, 16));
        g.put("kwi", List.of(2));
        g.put("vwm", List.of(1, 2, 4));
        g.put("vwn", List.of(1, 2, 4));
        g.put("strm", List.of(0, 1));
        g.put("strn", List.of(0, 1));
        g.put("sa", List.of(0, 1));
        g.put("sb", List.of(0, 1));
        // the device default is always a grid point (the hierarchical strategy starts there)
        GemmConfig def = GemmConfig.defaultFor(d);
        def.values().forEach((k, v) -> {
            if (!g.get(k).contains(v)) {
                List<Integer> l = new ArrayList<>(g.get(k));
                l.add(v);
                l.sort(null);
                g.put(k, List.copyOf(l));
            }
        });
        return g;
    }

    static Tunable.Tuning tuning(Gemm gemm, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        if (!variant.equals(Gemm.INDIRECT)) {
            throw new ConfigException("gemm tunes the indirect kernel only: --variant " + Gemm.INDIRECT + " (got '" + variant + "')");
        }
        DeviceInfo dev = s.device();
        // the fixed parameters must be valid on their own (checked with the device default)
        Gemm.Settings base = gemm.settings(dev, Gemm.INDIRECT, fixed);
        Precision prec = base.problem().precision();
        Map<String, List<Integer>> g = new LinkedHashMap<>(defaultGrid(dev));
        for (Map.Entry<String, List<Integer>> e : grid.entrySet()) {
            if (!GemmConfig.NAMES.contains(e.getKey())) {
                throw new ConfigException("'" + e.getKey() + "' is not a tuned parameter of gemm; tuned: " + String.join(", ", GemmConfig.NAMES));
            }
            g.put(e.getKey(), e.getValue());
        }
        List<Param> params = new ArrayList<>();
        for (String name : GemmConfig.NAMES) {
            try {
                params.add(new Param(name, g.get(name)));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(e.getMessage());
            }
        }
        List<Constraint> cs = List.of(Constraint.of("gemm constraints",
                c -> GemmConfig.of(c.values()).violations(dev, prec.bytes()).isEmpty(),
                c -> String.join("; ", GemmConfig.of(c.values()).violations(dev, prec.bytes()))));
        Space space = new Space(params, cs);

        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GFLOP/s" : "GFLOP/s");
        Evaluator ev = c -> evaluate(gemm, s, fixed, c, objective.metric());

        Map<String, Integer> start = new LinkedHashMap<>();
        GemmConfig def = GemmConfig.defaultFor(dev);
        for (Param prm : params) {
            int d = def.values().get(prm.name());
            start.put(prm.name(), prm.values().contains(d) ? d : prm.values().getFirst());
        }
        Strategy.Rule best = new Strategy.Rule.Best();
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, List.of(
                new Strategy.Stage("tile", List.of("mwg", "nwg"), best),
                new Strategy.Stage("threads", List.of("mdimc", "ndimc"), best),
                new Strategy.Stage("k", List.of("kwg", "kwi"), best),
                new Strategy.Stage("vectors", List.of("vwm", "vwn"), best),
                new Strategy.Stage("staging", List.of("sa", "sb"), best),
                new Strategy.Stage("loaders", List.of("mdima", "ndimb"), best),
                new Strategy.Stage("strides", List.of("strm", "strn"), best)), null);

        Map<String, String> fx = new LinkedHashMap<>();
        for (String key : List.of("m", "n", "k", "type", "layout", "transa", "transb", "alpha", "beta", "reps", "seed")) {
            fx.put(key, base.shown().get(key));
        }
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, GemmKernels.xgemm(prec).hash(), fx);
    }

    /** One configuration: run the indirect path, verify, and turn what went wrong into a status with the reason. */
    static Evaluation evaluate(Gemm gemm, DeviceSession s, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (String name : GemmConfig.NAMES) p = p.with(name, Integer.toString(c.get(name)));
        Outcome o;
        try {
            Gemm.Settings st = gemm.settings(s.device(), Gemm.INDIRECT, p);
            if (st.refusal() != null) return Evaluation.invalid(Status.CONSTRAINT, st.refusal());
            o = gemm.execute(s, st);
        } catch (ConfigException | InvalidLaunchException | UnsupportedFeatureException e) {
            return Evaluation.invalid(Status.CONSTRAINT, e.getMessage());
        } catch (KernelBuildException e) {
            return Evaluation.invalid(Status.COMPILE_ERROR, e.getMessage());
        } catch (RuntimeException e) {
            return Evaluation.invalid(Status.RUNTIME_ERROR, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        if (!o.verified()) return Evaluation.invalid(Status.WRONG_RESULT, o.mismatch());
        Double v = o.metrics().get(metric);
        if (v == null || !(v > 0)) return Evaluation.invalid(Status.RUNTIME_ERROR, "no " + metric + " measured");
        return Evaluation.ok(v);
    }
}
