package dev.perfport.workloads.fft;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
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
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The FFT's knobs as a tuning problem: radix {2, 4, 8}, layout (0 aos, 1 soa), exchange (0 global,
 * 1 local), twiddle (0 computed, 1 table), share (0 off, 1 on): 48 points, those the path cannot
 * express refused by constraints (the multi-pass path has no local exchange and no sharing; the
 * local exchange needs 16·N bytes of local memory). The path is fixed for a tuning run: the given
 * {@code passes}, or fused up to {@link Fft#FUSED_MAX} points and multi beyond. Objective GFLOP/s
 * (modelled on emulators); batch=auto tunes on 2^16 points (128 transforms of 512, one of 2^20 points). The hierarchy starts at the portable default and tunes one knob per
 * stage in the paper's order of discussion, so its trace is the knob-by-knob table.
 */
final class FftTuning {
    private FftTuning() {
    }

    static String kernelHash() {
        return Integer.toHexString((FftKernels.fused().hash() + "/" + FftKernels.pass().hash() + "/" + FftKernels.cols().hash()).hashCode());
    }

    static Tunable.Tuning tuning(Fft fft, DeviceSession s, String variant, Params fixed, Map<String, List<Integer>> grid) {
        DeviceInfo dev = s.device();
        Values given = FftSpec.SPEC.parse(fixed, variant);
        if (given.given(FftSpec.BATCH).isEmpty()) {
            // a tuning run evaluates up to 48 points: 2^16 points per evaluation unless batch is given
            int n = given.get(FftSpec.N);
            fixed = fixed.with(FftSpec.BATCH.name(), Integer.toString(Math.clamp((1 << 16) / Math.max(1, n), 1, 128)));
        }
        Fft.Settings base = fft.settings(dev, variant, fixed);
        int n = base.n();
        boolean fourstep = variant.equals(Fft.FOURSTEP);
        String passes = given.get(FftSpec.PASSES);
        boolean fused = !fourstep && (passes.equals(Fft.AUTO) ? n <= Fft.FUSED_MAX : passes.equals("fused"));
        Params fx = fourstep ? fixed : fixed.with(FftSpec.PASSES.name(), fused ? "fused" : "multi");
        // the knobs' limits come from the spec; what the path can express is this tuning run's
        Space knobs = FftSpec.SPEC.space(FftSpec.SPEC.parse(fx, variant), dev, grid);
        List<Param> params = knobs.params();
        long localCap = dev.capacity(MemoryLevel.LOCAL);
        List<Constraint> cs = new ArrayList<>();
        if (fourstep) {
            cs.add(Constraint.of("fourstep path", c -> c.get(FftSpec.EXCHANGE.name()) == 1 && c.get(FftSpec.SHARE.name()) == 0,
                    c -> "the fourstep variant exchanges through local memory with one twiddle set per butterfly (exchange=1, share=0)"));
        } else if (fused) {
            cs.add(Constraint.of("local memory", c -> c.get(FftSpec.EXCHANGE.name()) == 0 || 16L * n <= localCap,
                    c -> "exchange=local needs " + 16L * n + " B of local memory, more than the " + localCap + " B of " + dev.name()));
        } else {
            cs.add(Constraint.of("multi-pass path", c -> c.get(FftSpec.EXCHANGE.name()) == 0 && c.get(FftSpec.SHARE.name()) == 0,
                    c -> "the multi-pass path exchanges through global memory with one butterfly per work-item (exchange=0, share=0)"));
        }
        // the rest of what settings refuse before building, by settings themselves (they make no data): a fixed wg
        // beyond n/radix on the fused path, fourstep's work-items per group and local memory, both of which follow radix
        Params fxs = fx;
        cs.add(new Constraint("fft settings", c -> {
            Params q = fxs;
            for (Map.Entry<String, Integer> e : c.values().entrySet()) q = q.with(e.getKey(), e.getValue().toString());
            try {
                return fft.settings(dev, variant, q).refusal();
            } catch (ConfigException e) {
                return e.getMessage();
            }
        }));
        Space space = knobs;
        for (Constraint c : cs) space = space.with(c);
        boolean modelled = s.profile().hasModelledTime();
        Objective objective = Objective.maximize(modelled ? "modelled GFLOP/s" : "GFLOP/s");
        Evaluator ev = c -> evaluate(fft, s, variant, fx, c, objective.metric());

        Map<String, Integer> start = new LinkedHashMap<>();
        Map<String, Integer> portable = new LinkedHashMap<>(FftConfig.PORTABLE.values());
        if (!fourstep && (!fused || 16L * n > localCap)) portable.put("exchange", 0);
        for (Param prm : params) {
            int d = portable.get(prm.name());
            start.put(prm.name(), prm.values().contains(d) ? d : prm.values().getFirst());
        }
        Strategy.Rule best = new Strategy.Rule.Best();
        List<Strategy.Stage> stages = new ArrayList<>();
        for (String name : List.of("layout", "twiddle", "share", "exchange", "radix")) stages.add(new Strategy.Stage(name, List.of(name), best));
        Strategy.Hierarchical h = new Strategy.Hierarchical(start, stages, null);

        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("n", Integer.toString(n));
        shown.put("batch", Integer.toString(base.batch()));
        shown.put(FftSpec.PASSES.name(), fourstep ? base.shown().get(FftSpec.PASSES.name()) : fused ? "fused" : "multi");
        shown.put("wg", given.text(FftSpec.WG));
        shown.put("reps", Integer.toString(base.reps()));
        shown.put("seed", Long.toString(base.seed()));
        shown.put("variant", variant);
        shown.put("objective", objective.metric());
        return new Tunable.Tuning(space, objective, ev, h, kernelHash(), shown);
    }

    /** One configuration: run, verify, and turn what went wrong into a status with the reason. */
    static Evaluation evaluate(Fft fft, DeviceSession s, String variant, Params fixed, Config c, String metric) {
        Params p = fixed;
        for (Map.Entry<String, Integer> e : c.values().entrySet()) p = p.with(e.getKey(), e.getValue().toString());
        Params q = p;
        return Tunable.evaluate(() -> {
            Fft.Settings st = fft.settings(s.device(), variant, q);
            // a combination the path cannot express (a rule on the knobs and n): a constraint, as Tunable.evaluate files it
            if (st.refusal() != null) throw new InvalidLaunchException(st.refusal());
            return fft.execute(s, st);
        }, metric);
    }
}
