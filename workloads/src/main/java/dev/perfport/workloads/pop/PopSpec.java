package dev.perfport.workloads.pop;

import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;

import java.util.Arrays;

/** The pop workload's parameters, each declared once. */
final class PopSpec {
    static final String STATE = "state", BUOYDIFF = "buoydiff", BUOYDIFF_FUSED = "buoydiff-fused", DDMIX = "ddmix", DDMIX_FUSED = "ddmix-fused";
    /** buoydiff then ddmix (fused) in one job, ddmix reading the tracers buoydiff's stages copied (the thesis's POP). */
    static final String BUOYDIFF_DDMIX = "buoydiff-ddmix";
    static final String[] STRATEGIES = Arrays.stream(TransferStrategy.values()).map(TransferStrategy::id).toArray(String[]::new);

    static final Knob<Integer> NX = Knob.ints("nx").atLeast(1).byDefault(1024).help("points per level in x (the thesis's benchmark: 1024)");
    static final Knob<Integer> NY = Knob.ints("ny").atLeast(1).byDefault(1024).help("points per level in y (the thesis's benchmark: 1024)");
    static final Knob<Integer> KM = Knob.ints("km").range(2, 1000).byDefault(42).help("vertical levels (POP R0.1: 42)");
    static final Knob<String> TYPE = Knob.choice("type", "float", "double").byDefault("double")
            .help("element type (POP computes in double; double needs fp64 on the device)");
    static final Knob<String> STRATEGY = Knob.choice("strategy", STRATEGIES).byDefault("explicit")
            .help("how the host's fields reach the device and back: explicit, mapped, streams (one stage per level), hybrid (streams in, "
                    + "mapped out); compare runs all four unless one is given");
    static final Knob<Integer> QUEUES = Knob.ints("queues").range(2, 1000).byDefault(42)
            .help("command queues for streams and hybrid, level k on queue k mod queues (the thesis: one stream per level, 42)");
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(256).help("work-group size (the thesis's mapped state: 256)");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("timed repetitions after the warm-up; the row reports the fastest, as the transfer study compares it");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");

    /** A field is one buffer, indexed by int. */
    static final Rule FIELD_SIZE = Rule.of("field size", v -> (long) v.get(NX) * v.get(NY) * (v.get(KM) + 1) <= Integer.MAX_VALUE - 8,
            v -> "domain " + v.get(NX) + "x" + v.get(NY) + "x" + v.get(KM) + " exceeds 2^31 points per field (limit of one buffer)");

    static final Spec SPEC = Spec.of("pop")
            .seed("002")
            .description("POP's equation of state, buoydiff and ddmix (fused with the state or not) with host data, in each transfer strategy")
            .kernels(PopKernels::all)
            .variants(STATE, BUOYDIFF, BUOYDIFF_FUSED, DDMIX, DDMIX_FUSED, BUOYDIFF_DDMIX)
            .knobs(NX, NY, KM, TYPE, STRATEGY, QUEUES, WG, REPS, SEED)
            .rules(FIELD_SIZE, TuningSupport.workGroupRule(WG)).build();

    private PopSpec() {
    }
}
