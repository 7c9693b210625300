package dev.perfport.workloads.var;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** VaR's parameters and knobs (seed 000 §3), each declared once; the five tuned ones in the thesis's order. */
final class VarSpec {
    static final int MAX_SIMBS = 64;
    static final int MAX_NSIM = 1 << 24;
    static final int MAX_REPS = 1000;
    /** Work-items one task may loop over (form=task). */
    static final int MAX_TASK_ITEMS = 1 << 16;

    static final Knob<Integer> NPOS = Knob.ints("npos").range(1, VarInput.MAX_NPOS).orAuto().byDefaultText("auto")
            .help("positions; auto = 2^17 (the thesis) for a generated portfolio, every listed position otherwise (compare: 2^14 unless given)");
    static final Knob<Integer> POSBS = Knob.ints("posbs").atLeast(1).byDefault(256).grid(1, 4, 16, 64, 256, 1024, 4096).macro("POSBS")
            .tunable().help("positions per local-memory block, at most npos (local memory: 12*posbs bytes, twice for doublebuffer)");
    static final Knob<Integer> SIMBS = Knob.ints("simbs").range(1, MAX_SIMBS).byDefault(4).grid(1, 2, 4, 8, 16).macro("SIMBS").tunable()
            .help("separate accumulators (simulations) per work-item");
    static final Knob<Integer> VWIDTH = Knob.ints("vwidth").oneOf(1, 2, 4, 8, 16).tunedFrom(1).byDefault(4).grid(1, 2, 4, 8, 16)
            .macro("VWIDTH").tunable().help("vector width, one simulation per lane (floatN in OpenCL)");
    static final Knob<Integer> WGSIZE = Knob.ints("wgsize").range(1, MAX_NSIM).byDefault(16).grid(d -> {
        List<Integer> wg = new ArrayList<>();
        for (int w = 1; w <= Math.min(256, d.maxWorkGroupSize()); w *= 4) wg.add(w);
        return wg;
    }).tunable().help("work-items per work-group");
    static final Knob<Integer> NGROUP = Knob.ints("ngroup").range(1, MAX_NSIM).byDefault(8).grid(1, 2, 4, 8, 16, 32).tunable()
            .help("work-groups; nsim = simbs*vwidth*wgsize*ngroup, at most 2^24 (compare: 4 unless given)");
    static final Knob<String> RNG = Knob.choice("rng", Arrays.stream(VarModel.Rng.values()).map(r -> r.label).toArray(String[]::new))
            .byDefault(VarModel.Rng.PHILOX.label)
            .help("philox (decomposition-invariant, keyed by the simulation index) or mt (Nvidia-style MT607, one stream per "
                    + "work-item, at most " + Mt607Creator.MAX_STREAMS + " work-items)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("random seed (64-bit integer)");
    static final Knob<Double> Q = Knob.reals("q").must(q -> q > 0 && q < 1, "in (0, 1)").byDefault(0.01)
            .help("quantile level; VaR = V0 - the ceil(q*nsim)-th smallest simulated value");
    static final Knob<String> INPUT = Knob.text("input").byDefault("builtin")
            .help("builtin or a JSON file with market and portfolio (format: the VarInput javadoc; docs/workloads.md, seed 000)");
    static final Knob<Integer> REPS = Knob.ints("reps").range(1, MAX_REPS).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> MAXWORK = Knob.sizes("maxwork").atLeast(1).byDefaultText("2^27")
            .help("tune and report only: configurations with nsim*npos above this are refused (constraint)");
    static final Knob<String> MATH = Knob.choice("math", "exact", "relaxed").byDefault("exact")
            .help("relaxed: the OpenCL kernels compute exp(-r*tau) by native_exp2 and add by fma (-DRELAXED=1); verified against "
                    + "the same reference and bound; routes without such a kernel refuse it");

    static final Knob<Integer> LAYOUT = Knob.levels("layout", "soa", "aos").byDefaultText("soa").grid(0, 1).macro("AOS")
            .help("portfolio layout (seed 000 §4.9): soa, three arrays type, amount, dayOfMaturity (the thesis's advice), or aos, one "
                    + "array of {type, amount, dayOfMaturity} records of three floats (12 B per position, type and day exact as floats)");
    static final Knob<Integer> FORM = Knob.levels("form", "ndrange", "task").byDefaultText("ndrange").grid(0, 1)
            .help("ndrange (one work-item per SIMBS*VWIDTH simulations) or task: the kernel launched as one work-item (what "
                    + "clEnqueueTask runs) that loops over the wgsize*ngroup work-items' simulations one after the other (seed 000 §5)");
    static final Knob<Integer> OFFSET = Knob.ints("offset").range(0, 4096).byDefault(0).macro("POFF")
            .help("elements (4 B) the portfolio starts after its buffers' base: 0 aligned, 1 misaligned by 4 bytes "
                    + "(the alignment study of seed 000 §4.9)");

    static final Spec SPEC = Spec.of(Var.NAME)
            .seed("000")
            .description("Monte Carlo Value-at-Risk: nsim markets x npos stock and foreign-bond positions; load/store, single- and "
                    + "double-buffered local memory")
            .kernels(VarKernels::all)
            .variants(Arrays.stream(VarKernels.Variant.values()).map(v -> v.label).toArray(String[]::new))
            .knobs(NPOS, POSBS, SIMBS, VWIDTH, WGSIZE, NGROUP, RNG, SEED, Q, INPUT, REPS, MAXWORK, MATH, LAYOUT, FORM, OFFSET)
            .rules(Rule.of("simulations", v -> nsim(v) <= MAX_NSIM,
                            v -> "nsim = simbs*vwidth*wgsize*ngroup = " + v.get(SIMBS) + "*" + v.get(VWIDTH) + "*" + v.get(WGSIZE) + "*"
                                    + v.get(NGROUP) + " = " + nsim(v) + " exceeds the limit " + MAX_NSIM + " (2^24)"),
                    Rule.of("MT607 streams", v -> !v.get(RNG).equals(VarModel.Rng.MT.label) || streams(v) <= Mt607Creator.MAX_STREAMS,
                            v -> "rng=mt needs one MT607 stream per work-item: wgsize*ngroup = " + streams(v) + " exceeds the "
                                    + Mt607Creator.MAX_STREAMS + " streams; use fewer work-items or rng=philox"),
                    Rule.device("local memory", (v, d) -> localBytes(v) <= d.capacity(MemoryLevel.LOCAL),
                            (v, d) -> localBytes(v) + " B of local buffers (" + VarKernels.Variant.of(v.variant()).buffers + " x 12 B x posbs "
                                    + v.get(POSBS) + ") exceed the " + d.capacity(MemoryLevel.LOCAL) + " B of local memory of " + d.name()),
                    Rule.of("task size", v -> v.get(FORM) == 0 || streams(v) <= MAX_TASK_ITEMS,
                            v -> "form=task loops over wgsize*ngroup = " + streams(v) + " work-items in one; at most " + MAX_TASK_ITEMS),
                    Rule.device("work-group size", (v, d) -> v.get(WGSIZE) <= d.maxWorkGroupSize(),
                            (v, d) -> "wgsize " + v.get(WGSIZE) + " exceeds the device's maximum work-group size " + d.maxWorkGroupSize()))
            .build();

    private VarSpec() {
    }

    static long nsim(Values v) {
        return (long) v.get(SIMBS) * v.get(VWIDTH) * v.get(WGSIZE) * v.get(NGROUP);
    }

    private static long streams(Values v) {
        return (long) v.get(WGSIZE) * v.get(NGROUP);
    }

    private static long localBytes(Values v) {
        return VarKernels.Variant.of(v.variant()).localBytes(v.get(POSBS), v.get(LAYOUT) == 1);
    }
}
