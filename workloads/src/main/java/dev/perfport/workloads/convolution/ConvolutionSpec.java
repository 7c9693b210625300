package dev.perfport.workloads.convolution;

import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;

import java.util.List;

import static dev.perfport.workloads.convolution.Convolution.ADAPTIVE;
import static dev.perfport.workloads.convolution.Convolution.MAX_FILTER;
import static dev.perfport.workloads.convolution.Convolution.NAIVE;
import static dev.perfport.workloads.convolution.Convolution.SEPARABLE;
import static dev.perfport.workloads.convolution.Convolution.TILED;
import static dev.perfport.workloads.convolution.Convolution.TILED_X4;

/** The convolution's parameters and knobs (seed 002), each declared once; the transfer study takes the image's. */
final class ConvolutionSpec {
    static final Knob<Integer> WIDTH = Knob.ints("width").atLeast(1).byDefault(1024)
            .help("output image width (the input carries the filter's border)");
    static final Knob<Integer> HEIGHT = Knob.ints("height").atLeast(1).byDefault(1024).help("output image height");
    static final Knob<Integer> FW = Knob.ints("fw").range(1, MAX_FILTER).byDefault(17).help("filter width (the thesis: 3..43)");
    static final Knob<Integer> FH = Knob.ints("fh").range(1, MAX_FILTER).byDefault(17).help("filter height (the thesis: 3..43)");
    static final Knob<Integer> BW = Knob.ints("bw").atLeast(1).byDefault(16).help("work-group (block) width");
    static final Knob<Integer> BH = Knob.ints("bh").atLeast(1).byDefault(16).help("work-group (block) height");
    static final Knob<Integer> TX = Knob.ints("tx").range(1, 64).orAuto().byDefaultText("auto")
            .help("outputs per work-item horizontally (adaptive: auto = chosen from the filter and local memory; separable: the row "
                    + "pass's, auto = 4)");
    static final Knob<Integer> TY = Knob.ints("ty").range(1, 64).orAuto().byDefault(1)
            .help("outputs per work-item vertically (separable: the column pass's, auto = 4)");
    static final Knob<Integer> PAD = Knob.ints("pad").oneOf(0, 1).byDefault(1).help("1 pads local rows against bank conflicts (thesis rule)");
    static final Knob<String> FILTER = Knob.choice("filter", "constant", "global").byDefault("constant")
            .help("memory of the filter (tiled variants)");
    static final Knob<Integer> READ_ONLY = Knob.ints("readOnly").oneOf(0, 1).byDefault(1)
            .help("1 declares the input restrict (read-only cache path)");
    static final Knob<Integer> UNROLL = Knob.ints("unroll").oneOf(0, 1).orAuto().byDefaultText("auto")
            .help("adaptive and separable: 1 unrolls the filter loops fully (the filter size is compiled in either way); auto = on "
                    + "GPUs only (PoCL compiles unrolled kernels for minutes)");
    static final Knob<Integer> ADJACENT = Knob.ints("adjacent").oneOf(0, 1).byDefault(0).only(ADAPTIVE)
            .help("1 gives a work-item tx adjacent outputs: it reads each input row of its window once into registers and slides the "
                    + "filter along it, where 0 (the thesis) spaces them one block apart and reads local memory once per multiply; an odd tx "
                    + "reads it without bank conflicts; needs specialise=1. OpenCL C only");
    static final Knob<String> MATH = Knob.choice("math", "precise", "fma").byDefault("precise").only(TILED, TILED_X4, ADAPTIVE)
            .help("precise rounds each product before its sum, as the Java kernels do; fma fuses them (OpenCL C's fma), checked against "
                    + "the same error bound. OpenCL C only");
    static final Knob<Integer> SPECIALISE = Knob.ints("specialise").oneOf(0, 1).byDefault(1)
            .help("adaptive and separable: 1 compiles the filter size in (one program per filter size), 0 runs the filter loops to the "
                    + "arguments fw, fh (one program for every filter size; unroll has no effect)");
    static final Knob<Integer> CHECK_ROWS = Knob.ints("checkRows").atLeast(2).orAuto().byDefaultText("auto")
            .help("output rows checked against the double-precision reference (the first, the last and evenly spaced ones; every "
                    + "column of each); auto = every row up to 2^30 multiply-adds of reference work, a sample beyond");
    static final Knob<Integer> CACHE_INPUT = Knob.ints("cacheInput").oneOf(0, 1).byDefault(1)
            .help("naive: 0 reads the input through volatile pointers, so that no load is served from a cache the compiler "
                    + "may use for it (NVIDIA: L1); OpenCL C routes only");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");

    /** The input with its border is one buffer. */
    static final Rule IMAGE_SIZE = Rule.of("image size", v -> (long) (v.get(WIDTH) + v.get(FW) - 1) * (v.get(HEIGHT) + v.get(FH) - 1) <= Integer.MAX_VALUE - 8,
            v -> "image " + v.get(WIDTH) + "x" + v.get(HEIGHT) + " with its border exceeds 2^31 pixels (limit of one buffer)");

    /** Adjacent outputs hold a row of the window in a private array sized by the filter: the size must be compiled in. */
    static final Rule ADJACENT_SPECIALISED = Rule.of("adjacent needs specialise",
            v -> !ADJACENT.readBy(v.variant()) || v.get(ADJACENT) == 0 || v.get(SPECIALISE) == 1,
            v -> "adjacent=1 needs specialise=1 (its row of the window is a private array sized by the filter, compiled in)");

    /** The image, filter and tiling knobs, as the transfer study shares them. */
    static final List<Knob<?>> IMAGE = List.of(WIDTH, HEIGHT, FW, FH, BW, BH, TX, TY, PAD, FILTER, READ_ONLY);

    static final Spec SPEC = Spec.of("convolution")
            .seed("002")
            .description("2-D single-channel convolution, float32: naive, tiled, tiled-x4, adaptive tiling with unrolling, separable")
            .kernels(() -> List.of(ConvolutionKernels.naive(), ConvolutionKernels.tiled(true), ConvolutionKernels.tiled(false),
                    ConvolutionKernels.rows(), ConvolutionKernels.cols()))
            .variants(NAIVE, TILED, TILED_X4, ADAPTIVE, SEPARABLE)
            .knobs(IMAGE).knobs(ADJACENT, MATH, UNROLL, SPECIALISE, CHECK_ROWS, CACHE_INPUT, dev.perfport.workloads.TuningSupport.CONFIG, REPS, SEED)
            .rules(IMAGE_SIZE, ADJACENT_SPECIALISED).build();

    private ConvolutionSpec() {
    }
}
