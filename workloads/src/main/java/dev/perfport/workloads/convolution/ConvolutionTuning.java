package dev.perfport.workloads.convolution;

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
import dev.perfport.core.tune.Strategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Values;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The adaptive (unrolled) convolution kernel as a tuning problem, Kernel Tuner's convolution
 * space in small (anchors-wave2 §3.1): block width and height, tile factors, padding, filter in
 * constant memory, read-only loads. Exhaustive search is the thesis's method (one kernel per
 * point, the filter size compiled in); the tuner's random and hierarchical strategies work on the
 * same space. Constraints, checked before anything compiles: the block within the device's
 * work-group limits, the tile within local memory, padding only where it changes the row stride
 * (Kernel Tuner's {@code use_padding==0 or block_size_x % 32 != 0}).
 */
final class ConvolutionTuning {
    /** The tuner's name of the filter's memory (the filter knob: 1 constant, 0 global), as tuning results and reports keep it. */
    static final String CONST_FILTER = "constFilter";
    static final List<String> NAMES = List.of("bw", "bh", "tx", "ty", "pad", CONST_FILTER, "readOnly", "adjacent");

    private ConvolutionTuning() {
    }

    /** 3·3·7·2·2·2·2·2 = 2,016 points before constraints: odd tile factors for adjacent outputs (conflict-free local reads). */
    static Map<String, List<Integer>> defaultGrid() {
        Map<String, List<Integer>> g = new LinkedHashMap<>();
        g.put("bw", List.of(8, 16, 32));
        g.put("bh", List.of(4, 8, 16));
        g.put("tx", List.of(1, 2, 4, 5, 7, 8, 9));
        g.put("ty", List.of(1, 2));
        g.put("pad", List.of(0, 1));
        g.put("constFilter", List.of(0, 1));
        g.put("readOnly", List.of(0, 1));
        g.put("adjacent", List.of(0, 1));
        return g;
    }

    static Tunable.Tuning tuning(Convolution conv, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        if (!variant.equals(Convolution.ADAPTIVE)) {
            throw new ConfigException("convolution tunes the adaptive kernel only: --variant " + Convolution.ADAPTIVE + " (got '" + variant + "')");
        }
        List<Param> params = TuningSupport.params(conv.name(), NAMES, defaultGrid(), grid);
        DeviceInfo dev = s.device();
        Convolution.Plan base = conv.plan(s, variant, ConvolutionSpec.SPEC.parse(fixed, variant));
        Space space = new Space(params, List.of(
                Constraint.of("convolution constraints", c -> violation(dev, base, c) == null, c -> violation(dev, base, c)),
                // not a point that cannot run: one that measures the same as its unpadded twin
                Constraint.redundant("padding", c -> c.get(ConvolutionSpec.PAD.name()) == 0
                        || Convolution.paddingMatters(c.get(ConvolutionSpec.BW.name()), c.get(ConvolutionSpec.TX.name())),
                        c -> "padding changes nothing when bw*tx is a multiple of " + Convolution.BANKS)));
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GFLOP/s" : "GFLOP/s");
        Evaluator ev = c -> evaluate(conv, s, fixed, c, objective.metric());
        Map<String, Integer> start = new LinkedHashMap<>();
        // the search starts where an untuned run is (tx=auto resolved for this filter and device), so it never ends below it
        Map<String, Integer> dflt = Map.of("bw", base.bw(), "bh", base.bh(), "tx", base.tx(), "ty", base.ty(), "pad", base.pad() && Convolution.paddingMatters(base.bw(), base.tx()) ? 1 : 0,
                "constFilter", base.constFilter() ? 1 : 0, "readOnly", base.readOnly() ? 1 : 0, "adjacent", base.adjacent() ? 1 : 0);
        for (Param prm : params) start.put(prm.name(), prm.values().contains(dflt.get(prm.name())) ? dflt.get(prm.name()) : prm.values().getFirst());
        Strategy.Rule best = new Strategy.Rule.Best();
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, List.of(
                new Strategy.Stage("block", List.of("bw", "bh"), best),
                // padding with the tiles: a padded point whose row is a multiple of the banks is its unpadded twin, so with pad
                // fixed at 1 a tiling stage would never see tx 2, 4 or 8 at bw 16
                new Strategy.Stage("tiling", List.of("tx", "ty", "pad", "adjacent"), best),
                new Strategy.Stage("memory", List.of("constFilter", "readOnly"), best)), null);
        Map<String, String> fx = new LinkedHashMap<>();
        Values given = ConvolutionSpec.SPEC.parse(fixed, variant);
        // math is part of the case: a point measured with fused multiply-adds says nothing of the rounded form
        for (Knob<?> k : List.of(ConvolutionSpec.WIDTH, ConvolutionSpec.HEIGHT, ConvolutionSpec.FW, ConvolutionSpec.FH, ConvolutionSpec.MATH,
                ConvolutionSpec.REPS, ConvolutionSpec.SEED)) {
            fx.put(k.name(), given.text(k));
        }
        fx.put("variant", variant);
        fx.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, kernelHash(), fx);
    }

    /** The tuning cache's kernel hash: the adaptive kernel's source. */
    static String kernelHash() {
        return Integer.toHexString(ConvolutionKernels.SOURCE.hashCode());
    }

    /** Why a point cannot run on this device, or null. */
    static String violation(DeviceInfo dev, Convolution.Plan base, Config c) {
        int bw = c.get(ConvolutionSpec.BW.name()), bh = c.get(ConvolutionSpec.BH.name()), tx = c.get(ConvolutionSpec.TX.name()), ty = c.get(ConvolutionSpec.TY.name());
        if ((long) bw * bh > dev.maxWorkGroupSize()) return "block " + bw + "x" + bh + " exceeds the device's " + dev.maxWorkGroupSize() + " work-items";
        if (c.get(ConvolutionSpec.ADJACENT.name()) == 1 && !base.specialise()) return "adjacent=1 needs the filter size compiled in (specialise=1)";
        Convolution.Plan p = base.with(bw, bh, tx, ty, c.get(ConvolutionSpec.PAD.name()) == 1, c.get(CONST_FILTER) == 1,
                c.get(ConvolutionSpec.READ_ONLY.name()) == 1, c.get(ConvolutionSpec.ADJACENT.name()) == 1);
        long bytes = p.tileElements() * Float.BYTES;
        long cap = dev.capacity(MemoryLevel.LOCAL);
        if (bytes > cap) return "tile of " + bytes + " B exceeds local memory of " + cap + " B";
        return null;
    }

    static Evaluation evaluate(Convolution conv, DeviceSession s, Params fixed, Config c, String metric) {
        Params p = fixed.with("bw", Integer.toString(c.get(ConvolutionSpec.BW.name()))).with("bh", Integer.toString(c.get(ConvolutionSpec.BH.name())))
                .with("tx", Integer.toString(c.get(ConvolutionSpec.TX.name()))).with("ty", Integer.toString(c.get(ConvolutionSpec.TY.name()))).with("pad", Integer.toString(c.get(ConvolutionSpec.PAD.name())))
                .with("filter", c.get(CONST_FILTER) == 1 ? "constant" : "global").with("readOnly", Integer.toString(c.get(ConvolutionSpec.READ_ONLY.name())))
                .with("adjacent", Integer.toString(c.get(ConvolutionSpec.ADJACENT.name())));
        return Tunable.evaluate(() -> conv.execute(s, conv.plan(s, Convolution.ADAPTIVE, ConvolutionSpec.SPEC.parse(p, Convolution.ADAPTIVE))), metric);
    }
}
