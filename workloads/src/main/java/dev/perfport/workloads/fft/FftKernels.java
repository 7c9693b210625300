package dev.perfport.workloads.fft;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GroupShape;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.JavaKernelFactory;
import dev.perfport.core.wg.Op;

import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The FFT's kernels (fft.cl), with their Java work-group implementations (FftGroups, from the shared
 * template workloads/src/main/kernels/fft/Fft.java), which follow the
 * OpenCL C line by line (same passes, butterfly order, twiddle arithmetic and exchange buffers):
 * <ul>
 *   <li>{@code fft.fused}: one work-group per transform, every pass in one launch; arguments in,
 *       out, tmp (global exchange), tw (twiddle table), n, batch, lre, lim (local exchange, 2·N each);</li>
 *   <li>{@code fft.pass}: one launch per pass over every butterfly of the batch, global memory in
 *       between (the multi-pass path for N beyond one work-group); arguments src, dst, tw, n,
 *       batch, ns (product of the earlier radices), radix (this pass's).</li>
 * </ul>
 * The knobs are compile-time constants ({@link FftConfig#constants()}: -D options in OpenCL C).
 */
public final class FftKernels {
    static final String SOURCE = Sources.load(FftKernels.class, "fft.cl");
    /** fft_cols's constant (1 by its definition's default): computed twiddles by powers, as fft.cl's twiddles_pow. */
    static final String TWPOW = "TWPOW";
    /** Private bytes per work-item: the R values and R twiddles, re and im, R = 8. */
    static final long PRIVATE_BYTES = 4L * 8 * Float.BYTES;
    /** exp(-2*pi*i*e/8), e = 0..3: the twiddles inside an R-point DFT (as fft.cl's W8R, W8I). */
    static final float C8 = 0.70710678118654752f;
    static final float[] W8R = {1f, C8, 0f, -C8};
    static final float[] W8I = {0f, -C8, -1f, -C8};
    static final float TWO_PI = 6.28318530717958648f;

    private FftKernels() {
    }

    /** Every pass of a transform in one work-group. */
    public static KernelDef fused() {
        return def(twiddlesAndShape(KernelDef.builder("fft.fused")
                .global("in", ElemType.FLOAT, Access.READ)
                .global("out", ElemType.FLOAT, Access.READ_WRITE)
                .global("tmp", ElemType.FLOAT, Access.READ_WRITE))
                .local("lre", ElemType.FLOAT)
                .local("lim", ElemType.FLOAT), "fft_fused", FftGroups::fusedGroup);
    }

    /** One pass over the whole batch. */
    public static KernelDef pass() {
        return def(twiddlesAndShape(KernelDef.builder("fft.pass")
                .global("src", ElemType.FLOAT, Access.READ)
                .global("dst", ElemType.FLOAT, Access.WRITE))
                .scalar("ns", ElemType.INT)
                .scalar("radix", ElemType.INT), "fft_pass", FftGroups::passGroup, FftConfig.PORTABLE.constants(), FftKernels::passCost);
    }

    /** The four-step path's launch: the FFTs of adjacent columns in local memory, twisted, written (transposed). */
    public static KernelDef cols() {
        KernelDef.Builder b = twiddlesAndShape(KernelDef.builder("fft.cols").global("src", ElemType.FLOAT, Access.READ)
                .global("dst", ElemType.FLOAT, Access.WRITE));
        for (String s : new String[] {"len", "cols", "outs", "outc", "twist"}) b.scalar(s, ElemType.INT);
        return def(b.local("lre", ElemType.FLOAT).local("lim", ElemType.FLOAT), "fft_cols", FftGroups::colsGroup,
                FftConfig.PORTABLE.constants().with(TWPOW, 1).with("COLS_LEN", 0).with("COLS_COLS", 0).with("COLS_OUTS", 0)
                        .with("COLS_OUTC", 0).with("COLS_TWIST", 0).with("COLS_WG", 0), c -> KernelCost.NONE);
    }

    /** The arguments after the data that both kernels take: the twiddle table, the transform size and the batch. */
    private static KernelDef.Builder twiddlesAndShape(KernelDef.Builder data) {
        return data.global("tw", ElemType.FLOAT, Access.READ)
                .scalar("n", ElemType.INT)
                .scalar("batch", ElemType.INT);
    }

    /** A kernel's defaults and its two implementations: the OpenCL C entry and the Java work-group body. */
    private static KernelDef def(KernelDef.Builder args, String entry, JavaKernelFactory group) {
        return def(args, entry, group, FftConfig.PORTABLE.constants(), c -> KernelCost.NONE);
    }

    /** {@link #def(KernelDef.Builder, String, JavaKernelFactory)} with these defaults and this cost descriptor. */
    private static KernelDef def(KernelDef.Builder args, String entry, JavaKernelFactory group, Constants defaults,
                                 Function<Constants, KernelCost> cost) {
        return args.defaults(defaults)
                .impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(group, PRIVATE_BYTES).withCost(cost))
                .build();
    }

    // ---- what the definitions, the work-group forms (FftGroups) and the tests share ----------

    /**
     * fft.pass's cost descriptor: per butterfly of the group (its work-items below batch·N/R), the
     * float operations, two special functions per computed twiddle, and index arithmetic, as
     * FftGroups' charge declares them (it was the kernel's last statement, so the model is unchanged).
     */
    private static KernelCost passCost(Constants c) {
        boolean table = config(c).table();
        ToLongFunction<GroupShape> done = g -> g.itemsBelow((long) g.intArg(4) * (g.intArg(3) / g.intArg(6)));
        KernelCost k = KernelCost.of(Op.FLOAT, g -> done.applyAsLong(g) * (butterflyFlops(g.intArg(6)) + (table ? 0 : g.intArg(6) - 1)));
        if (!table) k = k.and(Op.SPECIAL, g -> done.applyAsLong(g) * 2L * (g.intArg(6) - 1));
        return k.and(Op.INT, g -> done.applyAsLong(g) * 6L * g.intArg(6));
    }

    static FftConfig config(Constants c) {
        FftConfig.requirePreciseMath(c, "the Java work-group kernel");
        return new FftConfig(FftSpec.RADIX.in(c), FftSpec.LAYOUT.in(c) == 1, FftSpec.EXCHANGE.in(c) == 1, FftSpec.TWIDDLE.in(c) == 1,
                FftSpec.SHARE.in(c) == 1);
    }

    /** R-point DFT in registers: radix-2 decimation in frequency, output bit-reversed (fft.cl's dft). */
    static void dft(float[] vr, float[] vi, int radix) {
        for (int h = radix / 2; h >= 1; h >>= 1) {
            for (int i = 0; i < radix; i++) {
                if ((i & h) != 0) continue;
                int e = (i & (h - 1)) * (4 / h);
                float ar = vr[i], ai = vi[i], br = vr[i + h], bi = vi[i + h];
                vr[i] = ar + br;
                vi[i] = ai + bi;
                float dr = ar - br, di = ai - bi;
                if (e == 0) {
                    vr[i + h] = dr;
                    vi[i + h] = di;
                } else if (e == 2) {   // times -i
                    vr[i + h] = di;
                    vi[i + h] = -dr;
                } else {
                    vr[i + h] = dr * W8R[e] - di * W8I[e];
                    vi[i + h] = dr * W8I[e] + di * W8R[e];
                }
            }
        }
    }

    /** Position of output m in {@link #dft}'s bit-reversed order. */
    static int rev(int m, int radix) {
        return radix == 8 ? ((m & 1) << 2) | (m & 2) | (m >> 2) : radix == 4 ? ((m & 1) << 1) | (m >> 1) : m;
    }

    /** Float operations of one R-point butterfly: the twiddle products and the DFT's (products by 1 and -i not counted). */
    static long butterflyFlops(int radix) {
        long f = 6L * (radix - 1);
        for (int h = radix / 2; h >= 1; h >>= 1) {
            for (int i = 0; i < radix; i++) {
                if ((i & h) != 0) continue;
                int e = (i & (h - 1)) * (4 / h);
                f += e == 0 || e == 2 ? 4 : 10;
            }
        }
        return f;
    }
}
