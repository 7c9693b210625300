package dev.perfport.workloads.convolution;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.WorkGroupKernel;


/**
 * The kernels of the convolution study (seed 002 §4): their definitions, the OpenCL C
 * ({@code convolution.cl}) and the Java work-group implementations; the Java work-group, Aparapi
 * and TornadoVM forms come from one template, {@code src/main/kernels/convolution/Convolution.java}.
 *
 * <p>Arguments: {@code in} (the input with its border, Iw = W+Fw-1 wide), {@code filt} (Fw×Fh,
 * row-major; CONSTANT memory, or GLOBAL for the {@code _gf} definitions and the naive kernel),
 * {@code out} (W×H), then the scalars W, H, Iw, fw, fh; the tiled kernel adds the tile factors tx,
 * ty, the local row stride sw and the LOCAL tile of (BH·ty+Fh-1)·sw floats. The separable passes
 * are {@code rows} (in, fr, tmp, W, rows, Iw, fw, tx) and {@code cols} (tmp, fc, out, W, H, fh, ty).
 *
 * <p>The Java kernels are what a Cell programmer writes: the tiled kernel brings its tile and
 * border into the local store by DMA (one copy per tile row) and the filter once per group, and
 * sends each row of results back by DMA; the naive kernel and the separable passes read through
 * the software cache. They declare one FLOAT per multiply-add.
 */
public final class ConvolutionKernels {
    static final String SOURCE = Sources.load(ConvolutionKernels.class, "convolution.cl");
    /** Argument index of the local tile of the tiled kernel. */
    static final int TILE_ARG = 11;

    private ConvolutionKernels() {
    }

    /** The definition with its two implementations: the OpenCL C entry point and the Java work-group body. */
    private static KernelDef withImpls(KernelDef.Builder definition, String entry, WorkGroupKernel group) {
        return definition.impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(c -> {
                    ConvolutionGroups.requireJavaForm(c, "the Java work-group route");
                    return group;
                }, 0))
                .build();
    }

    /** Naive: one work-item per output, filter in global memory (thesis Fig. 3.1b). */
    public static KernelDef naive() {
        return withImpls(args("convolution.naive", false)
                .defaults(Constants.of("FILTER_GLOBAL", 1)),
                "conv_naive", ConvolutionGroups::naiveGroup);
    }

    /**
     * The naive kernel reading its input through volatile pointers (the caching-off ablation): OpenCL C
     * only, so that a route without it refuses rather than run the cached kernel under this name.
     */
    public static KernelDef naiveUncached() {
        return args("convolution.naive_uncached", false)
                .defaults(Constants.of("FILTER_GLOBAL", 1, "VOLATILE_INPUT", 1))
                .impl(new KernelImpl.OpenClSource(SOURCE, "conv_naive"))
                .build();
    }

    /** Tiled in local memory, tx×ty outputs per work-item; the filter in constant or global memory. */
    public static KernelDef tiled(boolean constantFilter) {
        return withImpls(args(constantFilter ? "convolution.tiled" : "convolution.tiled_gf", constantFilter)
                .scalar("tx", ElemType.INT).scalar("ty", ElemType.INT).scalar("sw", ElemType.INT)
                .local("tile", ElemType.FLOAT)
                .defaults(Constants.of("FILTER_GLOBAL", constantFilter ? 0 : 1)),
                "conv_tiled", ConvolutionGroups::tiledGroup);
    }

    /** Separable, horizontal pass: tmp(y, x) = Σ in(y, x+i)·fr(i) over every input row. */
    public static KernelDef rows() {
        return withImpls(KernelDef.builder("convolution.rows")
                .global("in", ElemType.FLOAT, Access.READ).constantBuffer("fr", ElemType.FLOAT)
                .global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("rows", ElemType.INT).scalar("Iw", ElemType.INT)
                .scalar("fw", ElemType.INT).scalar("tx", ElemType.INT),
                "conv_rows", ConvolutionGroups::rowsGroup);
    }

    /** Separable, vertical pass: out(y, x) = Σ tmp(y+j, x)·fc(j). */
    public static KernelDef cols() {
        return withImpls(KernelDef.builder("convolution.cols")
                .global("in", ElemType.FLOAT, Access.READ).constantBuffer("fc", ElemType.FLOAT)
                .global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("H", ElemType.INT).scalar("fh", ElemType.INT).scalar("ty", ElemType.INT),
                "conv_cols", ConvolutionGroups::colsGroup);
    }

    private static KernelDef.Builder args(String name, boolean constantFilter) {
        KernelDef.Builder b = KernelDef.builder(name).global("in", ElemType.FLOAT, Access.READ);
        b = constantFilter ? b.constantBuffer("filt", ElemType.FLOAT) : b.global("filt", ElemType.FLOAT, Access.READ);
        return b.global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("H", ElemType.INT).scalar("Iw", ElemType.INT)
                .scalar("fw", ElemType.INT).scalar("fh", ElemType.INT);
    }
}
