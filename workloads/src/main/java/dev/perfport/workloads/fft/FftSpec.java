package dev.perfport.workloads.fft;

import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.spec.Values;

import java.util.List;

import static dev.perfport.workloads.fft.Fft.AUTO;
import static dev.perfport.workloads.fft.Fft.AUTO_BATCH_MAX;
import static dev.perfport.workloads.fft.Fft.COLS_MAX;
import static dev.perfport.workloads.fft.Fft.COLS_VALUES;
import static dev.perfport.workloads.fft.Fft.FOURSTEP;
import static dev.perfport.workloads.fft.Fft.FUSED_MAX;
import static dev.perfport.workloads.fft.Fft.MAX_N;
import static dev.perfport.workloads.fft.Fft.MAX_TOTAL;
import static dev.perfport.workloads.fft.Fft.MIN_N;
import static dev.perfport.workloads.fft.Fft.STOCKHAM;

/** The FFT's parameters and knobs (seed 004 §2.3, Table 3), each declared once. */
final class FftSpec {
    static final int MAX_REPS = 1000;

    static final Knob<Integer> N = Knob.ints("n").powerOfTwoIn(MIN_N, MAX_N).byDefault(512).help("points per transform");
    static final Knob<Integer> BATCH = Knob.ints("batch").atLeast(1).orAuto().byDefaultText(AUTO)
            .help("transforms (n*batch <= 2^26); auto: 2^20/n within [1, " + AUTO_BATCH_MAX + "] (2048 of 512 points, 1 of 2^20)");
    static final Knob<String> PASSES = Knob.choice("passes", "fused", "multi", AUTO, FOURSTEP).byDefaultText(AUTO)
            .help("fused (one work-group per transform, one launch), multi (one launch per pass), auto (fused up to " + FUSED_MAX
                    + " points when it fits local memory); variant fourstep: auto only (one launch up to " + COLS_MAX + " points, else two)");
    static final Knob<String> CONFIG = TuningSupport.CONFIG;
    static final Knob<Integer> RADIX = Knob.ints("radix").oneOf(2, 4, 8).tunedFrom(1).orAuto().byDefaultText(AUTO).grid(2, 4, 8)
            .macro("RADIX").tunable().help("Stockham pass radix (a last pass of 2 or 4 where n is not a power of it); auto: 8");
    static final Knob<Integer> LAYOUT = Knob.levels("layout", "aos", "soa").orAuto().byDefaultText(AUTO).grid(0, 1).macro("SOA").tunable()
            .help("aos (interleaved re,im; auto) or soa (re block, im block)");
    static final Knob<Integer> EXCHANGE = Knob.levels("exchange", "global", "local").orAuto().byDefaultText(AUTO).grid(0, 1).macro("LOCALX")
            .tunable().help("between the fused path's passes: local (scratchpad; auto) or global (multi is global)");
    static final Knob<Integer> TWIDDLE = Knob.levels("twiddle", "computed", "table").orAuto().byDefaultText(AUTO).grid(0, 1).macro("TWTABLE")
            .tunable().help("computed (sin/cos in the kernel; auto) or table (n values from the host)");
    static final Knob<Integer> SHARE = Knob.levels("share", "off", "on").orAuto().byDefaultText(AUTO).grid(0, 1).macro("SHARE").tunable()
            .help("on: a fused work-item makes the twiddles its butterflies share once (the paper's shared sin/cos); auto: off");
    static final Knob<Integer> WG = Knob.ints("wg").powerOfTwo().orAuto().byDefaultText(AUTO)
            .help("work-items per transform (fused) or per work-group (multi); auto = min(n/radix, 256) (share=on: n/radix/8, 8 "
                    + "butterflies each) or 256; fourstep: the most per work-group (auto = the device's), columns per group shrink to fit");
    static final Knob<String> MATH = Knob.choice("math", FftConfig.MATHS.toArray(String[]::new)).byDefault(FftConfig.MATHS.getFirst())
            .help("precise (products rounded before the sums, as Java), fma (the OpenCL compiler may fuse multiply-adds) or relaxed "
                    + "(fma, and the twiddles' sin/cos from native_sin/native_cos); fma and relaxed are OpenCL C only, and every row "
                    + "is still checked against the O(log N eps) bound");
    static final Knob<Integer> N1 = Knob.ints("n1").orAuto().byDefaultText(AUTO)
            .help("fourstep: the first launch's sub-FFT length N1 of N = N1*N2 (a power of two in [2, n/2]); auto = the fewest "
                    + "passes in all, N2 <= N1 <= " + COLS_VALUES + ", the most balanced of those (2^20: 2048x512), one launch up to "
                    + COLS_MAX + " points");
    static final Knob<Integer> REPS = Knob.ints("reps").range(1, MAX_REPS).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");

    /** The tuned knobs, as the tuner names them (radix; 0/1 for the others). */
    static final List<Knob<Integer>> TUNED = List.of(RADIX, LAYOUT, EXCHANGE, TWIDDLE, SHARE);

    static final Spec SPEC = Spec.of(Fft.NAME)
            .seed("004")
            .description("batched complex float 1-D FFT, Stockham radix 2/4/8, AoS/SoA, local/global exchange, computed/table/shared "
                    + "twiddles; fused (one work-group per transform) or multi-pass; fourstep: N1·N2 in two launches of local-memory sub-FFTs")
            .kernels(() -> List.of(FftKernels.fused(), FftKernels.pass(), FftKernels.cols()))
            .variants(STOCKHAM, FOURSTEP)
            .knobs(N, BATCH, PASSES, CONFIG, RADIX, LAYOUT, EXCHANGE, TWIDDLE, SHARE, WG, MATH, N1, REPS, SEED)
            .rules(Rule.of("batch size", v -> (long) v.get(N) * batch(v) <= MAX_TOTAL,
                            v -> "batch must be >= 1 with n*batch <= 2^26, got batch " + batch(v) + " (n*batch = " + (long) v.get(N) * batch(v) + ")"),
                    Rule.of("stockham's paths", v -> !v.get(PASSES).equals(FOURSTEP),
                            v -> "passes must be fused, multi or auto, got '" + v.get(PASSES) + "'").only(STOCKHAM),
                    Rule.of("fourstep's split", v -> v.given(N1).isEmpty(),
                            v -> "n1 is a parameter of variant fourstep (its split N = N1*N2), not of " + v.variant()).only(STOCKHAM),
                    Rule.of("fourstep's paths", v -> v.get(PASSES).equals(AUTO) || v.get(PASSES).equals(FOURSTEP),
                            v -> "passes must be auto with variant fourstep (its launches follow n), got '" + v.get(PASSES) + "'").only(FOURSTEP),
                    Rule.of("fourstep's split", v -> v.given(N1).map(s -> Integer.bitCount(s) == 1 && s >= 2 && s <= v.get(N) / 2).orElse(true),
                            v -> "n1 must be auto or a power of two in [2, n/2 = " + v.get(N) / 2 + "] (the first launch's length), got "
                                    + v.text(N1)).only(FOURSTEP))
            .tuningOrder(RADIX, LAYOUT, EXCHANGE, TWIDDLE, SHARE)
            .build();

    private FftSpec() {
    }

    /** {@return the batch of {@code v}: given, or 2^20/n within [1, AUTO_BATCH_MAX]} */
    static int batch(Values v) {
        return v.or(BATCH, Math.clamp((1 << 20) / v.get(N), 1, AUTO_BATCH_MAX));
    }

    /** {@return the knobs of {@code v}, each given or the portable default's} */
    static FftConfig config(Values v) {
        FftConfig d = FftConfig.PORTABLE;
        return new FftConfig(v.or(RADIX, d.radix()), v.or(LAYOUT, d.soa() ? 1 : 0) == 1, v.or(EXCHANGE, d.local() ? 1 : 0) == 1,
                v.or(TWIDDLE, d.table() ? 1 : 0) == 1, v.or(SHARE, d.share() ? 1 : 0) == 1);
    }

    /** {@return whether any tuned knob is given} */
    static boolean knobGiven(Values v) {
        return TUNED.stream().anyMatch(k -> v.given(k).isPresent());
    }
}
