package dev.perfport.workloads.gemm;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
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
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Values;

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

    /**
     * The default grid: 3·3·2·2·2·2·2·1·3·3·2·2·2·2 = 41,472 points, most refused by the
     * constraints; on GPUs 4·4·3·3·3·3·3·3·4·4·2·2·2·2·3·2 = 17,915,904 (128-wide tiles, 8-deep
     * k-tiles, 32 threads a side, vectors of 8, k unrolled by 2, 8 or 16, split k, double-buffered
     * tiles), for the random and genetic strategies.
     */
    static Map<String, List<Integer>> defaultGrid(DeviceInfo d) {
        // large GPUs want CLBlast's "large" search too: 128-wide tiles, 8 results per thread, float8
        boolean gpu = d.type() == dev.perfport.core.device.DeviceType.GPU;
        List<Integer> wg = gpu ? List.of(16, 32, 64, 128) : List.of(16, 32, 64);
        List<Integer> dims = gpu ? List.of(8, 16, 32) : List.of(8, 16);
        List<Integer> vw = gpu ? List.of(1, 2, 4, 8) : List.of(1, 2, 4);
        List<Integer> bit = List.of(0, 1);
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        g.put("mwg", wg);
        g.put("nwg", wg);
        // 8: a shallow k-tile, which double-buffered tiles make worth its barriers (DGEMM on an H200)
        g.put("kwg", gpu ? List.of(8, 16, 32) : List.of(16, 32));
        g.put("mdimc", dims);
        g.put("ndimc", dims);
        g.put("mdima", dims);
        g.put("ndimb", dims);
        // 8: the k unroll of the best point found by hand on an H200 (knownGood); 16: a 16-deep k-tile unrolled
        // whole, which DGEMM on an H200 runs faster than any point of 8 that the searches found
        g.put("kwi", gpu ? List.of(2, 8, 16) : List.of(2));
        g.put("vwm", vw);
        g.put("vwn", vw);
        g.put("strm", bit);
        g.put("strn", bit);
        g.put("sa", bit);
        g.put("sb", bit);
        // split k only where groups are many and k is long enough to split (GPUs)
        g.put("ks", gpu ? List.of(1, 2, 4) : List.of(1));
        g.put("db", gpu ? List.of(0, 1) : List.of(0));
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

    /**
     * Points found good by hand, seeds of the genetic strategy: on GPUs the configuration that
     * reached 1.04x cuBLAS at 1024³ float on an H200 (128x64x32 tiles, 16x8 threads, loaders 16 and
     * 16, k unrolled by 8, float4 both ways, strided along m, A and B staged, split k 4), where
     * random search (0.64x) and the hierarchical method (0.75x) fell short; and DGEMM's on an H200
     * (128x64x8 tiles, 16x8 threads, double2 both ways, strided, double-buffered), which searches
     * with db fixed at 1 missed by 4 to 16 %.
     */
    static List<Map<String, Integer>> knownGood(DeviceInfo d) {
        if (d.type() != dev.perfport.core.device.DeviceType.GPU) return List.of();
        return List.of(new GemmConfig(128, 64, 32, 16, 8, 16, 16, 8, 4, 4, 1, 0, 1, 1, 4).values(),
                new GemmConfig(128, 64, 8, 16, 8, 16, 16, 8, 2, 2, 1, 1, 1, 1, 1, 1).values());
    }

    /** Sizes (m = n = k) of the switch-over suite, and the candidate switch-overs (1: always indirect). */
    static final List<Integer> SUITE = List.of(16, 32, 64, 96, 128, 192, 256, 384, 512);

    static Tunable.Tuning tuning(Gemm gemm, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        if (variant.equals(Gemm.AUTO)) return switchOver(gemm, s, fixed, grid);
        DeviceInfo dev = s.device();
        // the fixed parameters must be valid on their own (checked with the device default)
        Space space = GemmSpec.SPEC.space(GemmSpec.SPEC.parse(fixed, variant), dev, grid);   // direct: nothing to tune, one line says so
        Gemm.Settings base = gemm.settings(dev, Gemm.INDIRECT, fixed);
        Precision prec = base.problem().precision();
        List<Param> params = space.params();

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
                new Strategy.Stage("strides", List.of("strm", "strn"), best),
                new Strategy.Stage("split", List.of("ks"), best),
                new Strategy.Stage("buffers", List.of("db", "kwg"), best)), null);

        Map<String, String> fx = new LinkedHashMap<>();
        for (Knob<?> key : GemmSpec.PROBLEM) fx.put(key.name(), base.shown().get(key.name()));
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, GemmKernels.xgemm(prec).hash(), fx);
    }

    /**
     * The indirect kernel's space on {@code dev} for an m×n×k product of {@code prec}: the spec's, with {@code grid}'s
     * lists in place of the default grid, under every rule {@link Gemm}'s settings check before compiling
     * ({@link GemmSpec}'s rules: {@link GemmConfig#violations}, the padded operands' size and the largest buffer
     * against global memory). So the tuner refuses a point exactly when running it would be refused for a constraint.
     */
    static Space space(DeviceInfo dev, Precision prec, int m, int n, int k, Map<String, List<Integer>> grid) {
        Values fixed = GemmSpec.SPEC.parse(Params.of("m", "" + m, "n", "" + n, "k", "" + k, "type", prec.label),
                Gemm.INDIRECT);
        return GemmSpec.SPEC.space(fixed, dev, grid);
    }

    /** One configuration: run the indirect path, verify, and turn what went wrong into a status with the reason. */
    static Evaluation evaluate(Gemm gemm, DeviceSession s, Params fixed, Config c, String metric) {
        Params q = GemmConfig.withValues(fixed, c.values());
        // a refused configuration: execute throws with the reason, before anything is compiled
        return Tunable.evaluate(() -> gemm.execute(s, gemm.settings(s.device(), Gemm.INDIRECT, q)), metric);
    }

    /**
     * The switch-over size {@code directmax} as a tuning problem, as CLBlast tunes
     * XGEMM_MIN_INDIRECT_SIZE per device: the suite of cubes {@link #SUITE} (capped at the fixed
     * {@code m}) runs once on each path with the fixed parameters (the kernels' configurations:
     * those given with {@code --param}, else the device type's defaults); a candidate D sends the sizes below D to the
     * direct kernel and the rest to the indirect path, and scores the suite's total flops over
     * its total (modelled, on emulators) kernel time. Each (size, path) is measured once and
     * remembered, so the whole grid costs two runs per size. A size that fails or does not
     * verify makes every candidate that uses it invalid, with the reason.
     */
    static Tunable.Tuning switchOver(Gemm gemm, DeviceSession s, Params fixed, Map<String, List<Integer>> grid) {
        DeviceInfo dev = s.device();
        Gemm.Settings base = gemm.settings(dev, Gemm.AUTO, fixed);
        Precision prec = base.problem().precision();
        Space space = GemmSpec.SPEC.space(GemmSpec.SPEC.parse(fixed, Gemm.AUTO), dev, grid);
        int cap = Math.max(16, base.problem().m());
        List<Integer> suite = SUITE.stream().filter(x -> x <= cap).toList();
        List<Integer> values = space.param(GemmSpec.DIRECTMAX.name()).values();
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled suite GFLOP/s" : "suite GFLOP/s");
        Map<String, Evaluation> measured = new java.util.HashMap<>();
        Map<String, Double> nanos = new java.util.HashMap<>();
        Evaluator ev = c -> {
            double flops = 0, time = 0;
            for (int size : suite) {
                String path = size < c.get(GemmSpec.DIRECTMAX.name()) ? Gemm.DIRECT : Gemm.INDIRECT;
                String key = size + "/" + path;
                Evaluation e = measured.computeIfAbsent(key, k -> {
                    Params p = fixed.with("m", "" + size).with("n", "" + size).with("k", "" + size);
                    return Tunable.evaluate(() -> {
                        var o = gemm.execute(s, gemm.settings(dev, path, p));
                        long t = modelled ? o.modelledNanos() : o.kernelNanos();
                        nanos.put(k, (double) t);
                        return o;
                    }, modelled ? "modelled GFLOP/s" : "GFLOP/s");
                });
                if (!e.valid()) return Evaluation.invalid(e.status(), "m=n=k=" + size + " on the " + path + " path: " + e.message());
                flops += 2.0 * size * size * size;
                time += nanos.get(key);
            }
            return time > 0 ? Evaluation.ok(flops / time) : Evaluation.invalid(Status.RUNTIME_ERROR, "no time measured");
        };
        int start = values.contains(GemmSpec.directMaxFor(dev.type())) ? GemmSpec.directMaxFor(dev.type()) : values.getFirst();
        Strategy.Hierarchical h = new Strategy.Hierarchical(Map.of("directmax", start),
                List.of(new Strategy.Stage("switch-over", List.of("directmax"), new Strategy.Rule.Best())), null);
        Map<String, String> fx = new LinkedHashMap<>();
        for (Knob<?> key : GemmSpec.PROBLEM.subList(3, GemmSpec.PROBLEM.size())) fx.put(key.name(), base.shown().get(key.name()));
        fx.put("suite", suite.toString());
        fx.put("variant", Gemm.AUTO);
        fx.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, switchHash(prec), fx);
    }

    /** The cache's kernel hash of the switch-over: both paths' kernels. */
    static String switchHash(Precision p) {
        return GemmKernels.direct(p).hash() + "+" + GemmKernels.xgemm(p).hash();
    }
}
