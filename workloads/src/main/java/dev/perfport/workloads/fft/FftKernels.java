package dev.perfport.workloads.fft;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GroupShape;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.JavaKernelFactory;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The FFT's two kernels (fft.cl), with their Java work-group implementations, which follow the
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
    private static final float C8 = 0.70710678118654752f;
    private static final float[] W8R = {1f, C8, 0f, -C8};
    private static final float[] W8I = {0f, -C8, -1f, -C8};
    private static final float TWO_PI = 6.28318530717958648f;

    private FftKernels() {
    }

    /** Every pass of a transform in one work-group. */
    public static KernelDef fused() {
        return def(twiddlesAndShape(KernelDef.builder("fft.fused")
                .global("in", ElemType.FLOAT, Access.READ)
                .global("out", ElemType.FLOAT, Access.READ_WRITE)
                .global("tmp", ElemType.FLOAT, Access.READ_WRITE))
                .local("lre", ElemType.FLOAT)
                .local("lim", ElemType.FLOAT), "fft_fused", FftKernels::fusedGroup);
    }

    /** One pass over the whole batch. */
    public static KernelDef pass() {
        return def(twiddlesAndShape(KernelDef.builder("fft.pass")
                .global("src", ElemType.FLOAT, Access.READ)
                .global("dst", ElemType.FLOAT, Access.WRITE))
                .scalar("ns", ElemType.INT)
                .scalar("radix", ElemType.INT), "fft_pass", FftKernels::passGroup, FftConfig.PORTABLE.constants(), FftKernels::passCost);
    }

    /** The four-step path's launch: the FFTs of adjacent columns in local memory, twisted, written (transposed). */
    public static KernelDef cols() {
        KernelDef.Builder b = twiddlesAndShape(KernelDef.builder("fft.cols").global("src", ElemType.FLOAT, Access.READ)
                .global("dst", ElemType.FLOAT, Access.WRITE));
        for (String s : new String[] {"len", "cols", "outs", "outc", "twist"}) b.scalar(s, ElemType.INT);
        return def(b.local("lre", ElemType.FLOAT).local("lim", ElemType.FLOAT), "fft_cols", FftKernels::colsGroup,
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

    // ---- the Java work-group implementations ----------------------------------------------

    /** Complex values a butterfly reads or writes: a global buffer in the data's layout, or the local pair. */
    private interface Side {
        float re(int i);

        float im(int i);

        void put(int i, float re, float im);
    }

    private record GlobalSide(GlobalFloats buf, int total, int base, boolean soa) implements Side {
        public float re(int i) {
            return soa ? buf.get(base + i) : buf.get(2 * (base + i));
        }

        public float im(int i) {
            return soa ? buf.get(total + base + i) : buf.get(2 * (base + i) + 1);
        }

        public void put(int i, float re, float im) {
            if (soa) {
                buf.set(base + i, re);
                buf.set(total + base + i, im);
            } else {
                buf.set(2 * (base + i), re);
                buf.set(2 * (base + i) + 1, im);
            }
        }
    }

    private record LocalSide(float[] lre, float[] lim, int off) implements Side {
        public float re(int i) {
            return lre[off + i];
        }

        public float im(int i) {
            return lim[off + i];
        }

        public void put(int i, float re, float im) {
            lre[off + i] = re;
            lim[off + i] = im;
        }
    }

    /** Registers of one work-item: the R values and twiddles. */
    private static final class Regs {
        final float[] vr = new float[8], vi = new float[8], twr = new float[8], twi = new float[8];
    }

    private static dev.perfport.core.wg.WorkGroupKernel fusedGroup(Constants c) {
        FftConfig cfg = config(c);
        return g -> {
            int n = g.intArg(4), batch = g.intArg(5);
            int wg = g.localItems();
            int total = n * batch, base = (int) g.groupLinearId() * n;
            GlobalFloats tw = g.floats(3);
            Side in = new GlobalSide(g.floats(0), total, base, cfg.soa());
            Side out = new GlobalSide(g.floats(1), total, base, cfg.soa());
            Side x1, x2;
            if (cfg.local()) {
                x1 = new LocalSide(g.localFloats(6), g.localFloats(7), 0);
                x2 = new LocalSide(g.localFloats(6), g.localFloats(7), n);
            } else {
                // global: buffer 1 is out and 2 is tmp, so that the pass before the last writes tmp
                x1 = out;
                x2 = new GlobalSide(g.floats(2), total, base, cfg.soa());
            }
            var passes = FftConfig.passes(n, cfg.radix());
            Regs regs = new Regs();
            int ns = 1;
            for (int p = 0; p < passes.size(); p++) {
                int r = passes.get(p), last = passes.size() - 1;
                Side src = p == 0 ? in : (passes.size() - p) % 2 == 0 ? x1 : x2;
                Side dst = p == last ? out : (last - p) % 2 == 0 ? x1 : x2;
                int per = n / r, cnt = per / wg, same = n / (r * ns);
                long twiddleSets = 0;
                // each phase is one barrier-separated pass: the work-items one after another
                for (int lid = 0; lid < wg; lid++) {
                    for (int t = 0; t < cnt; t++) {
                        int j, k;
                        if (cfg.share()) {
                            int q = lid * cnt + t, s = q % same;
                            k = q / same;
                            j = s * ns + k;
                            if (t == 0 || s == 0) {
                                twiddles(regs, k, ns, r, n, cfg.table(), tw);
                                twiddleSets++;
                            }
                        } else {
                            j = lid + t * wg;
                            k = j & (ns - 1);
                            twiddles(regs, k, ns, r, n, cfg.table(), tw);
                            twiddleSets++;
                        }
                        butterfly(src, dst, regs, j, k, n, ns, r);
                    }
                }
                charge(g, cfg, r, per, twiddleSets, cfg.local() ? (p == 0 ? 0 : 1) + (p == last ? 0 : 1) : 0);
                ns *= r;
            }
        };
    }

    private static dev.perfport.core.wg.WorkGroupKernel passGroup(Constants c) {
        FftConfig cfg = config(c);
        return g -> {
            int n = g.intArg(3), batch = g.intArg(4), ns = g.intArg(5), r = g.intArg(6);
            int total = n * batch, per = n / r;
            GlobalFloats src = g.floats(0), dst = g.floats(1), tw = g.floats(2);
            Regs regs = new Regs();
            for (int lid = 0; lid < g.localItems(); lid++) {
                long gid = g.globalId(0, lid);
                if (gid >= (long) batch * per) continue;
                int b = (int) (gid / per), j = (int) (gid - (long) b * per), k = j & (ns - 1);
                twiddles(regs, k, ns, r, n, cfg.table(), tw);
                butterfly(new GlobalSide(src, total, b * n, cfg.soa()), new GlobalSide(dst, total, b * n, cfg.soa()), regs, j, k, n, ns, r);
            }
        };
    }

    /**
     * fft.pass's cost descriptor: per butterfly of the group (its work-items below batch·N/R), the
     * float operations, two special functions per computed twiddle, and index arithmetic, as
     * {@link #charge} declares them (it was the kernel's last statement, so the model is unchanged).
     */
    private static KernelCost passCost(Constants c) {
        boolean table = config(c).table();
        ToLongFunction<GroupShape> done = g -> g.itemsBelow((long) g.intArg(4) * (g.intArg(3) / g.intArg(6)));
        KernelCost k = KernelCost.of(Op.FLOAT, g -> done.applyAsLong(g) * (butterflyFlops(g.intArg(6)) + (table ? 0 : g.intArg(6) - 1)));
        if (!table) k = k.and(Op.SPECIAL, g -> done.applyAsLong(g) * 2L * (g.intArg(6) - 1));
        return k.and(Op.INT, g -> done.applyAsLong(g) * 6L * g.intArg(6));
    }

    /**
     * fft.cols (fft.cl's fft_cols): cb = wg·RADIX/len columns per group; each sub-FFT pass reads
     * every work-item's RADIX values (the first pass from global memory), then twiddles, transforms
     * and stores them to local memory, then the copy-out twists and writes.
     */
    private static dev.perfport.core.wg.WorkGroupKernel colsGroup(Constants c) {
        FftConfig cfg = config(c);
        return g -> {
            int n = g.intArg(3), batch = g.intArg(4), len = g.intArg(5), cols = g.intArg(6), outs = g.intArg(7), outc = g.intArg(8);
            boolean twist = g.intArg(9) == 1, pow = c.has(TWPOW) && c.getInt(TWPOW) == 1;
            int wg = g.localItems(), radixMax = cfg.radix(), cb = wg * radixMax / len, gpt = cols / cb;
            int grp = (int) g.groupLinearId(), b = grp / gpt, c0 = (grp - b * gpt) * cb;
            int total = n * batch, pitch = len + 1;
            GlobalFloats tw = g.floats(2);
            GlobalSide src = new GlobalSide(g.floats(0), total, b * n, cfg.soa());
            GlobalSide dst = new GlobalSide(g.floats(1), total, b * n, cfg.soa());
            float[] lre = g.localFloats(10), lim = g.localFloats(11);
            Regs regs = new Regs();
            float[][] vr = new float[wg][radixMax], vi = new float[wg][radixMax];
            int ns = 1;
            for (int p = 0; ns < len; p++) {
                int r = ns * radixMax <= len ? radixMax : len / ns, cnt = radixMax / r;
                for (int lid = 0; lid < wg; lid++) {
                    int col = lid % cb, j0 = lid / cb;
                    for (int t = 0; t < cnt; t++) {
                        int j = j0 + t * (len / radixMax);
                        for (int q = 0; q < r; q++) {
                            int i = j + q * (len / r);
                            vr[lid][t * r + q] = p == 0 ? src.re(i * cols + c0 + col) : lre[col * pitch + i];
                            vi[lid][t * r + q] = p == 0 ? src.im(i * cols + c0 + col) : lim[col * pitch + i];
                        }
                    }
                }
                for (int lid = 0; lid < wg; lid++) {
                    int col = lid % cb, j0 = lid / cb;
                    Side to = new LocalSide(lre, lim, col * pitch);
                    for (int t = 0; t < cnt; t++) {
                        int j = j0 + t * (len / radixMax), k = j & (ns - 1);
                        if (pow && !cfg.table()) twiddlesPow(regs, k, ns, r);
                        else twiddles(regs, k, ns, r, n, cfg.table(), tw);
                        System.arraycopy(vr[lid], t * r, regs.vr, 0, r);
                        System.arraycopy(vi[lid], t * r, regs.vi, 0, r);
                        store(to, regs, j, k, ns, r);
                    }
                }
                long bf = (long) wg * cnt;
                charge(g, cfg, r, bf, bf, p == 0 ? 1 : 2, pow ? Integer.numberOfTrailingZeros(r) : r - 1);
                ns *= r;
            }
            for (int q = 0; q < cb * len; q++) {
                int cc = outc == 1 ? q % cb : q / len, k = outc == 1 ? q / cb : q % len;
                float re = lre[cc * pitch + k], im = lim[cc * pitch + k];
                if (twist) {
                    int e = ((c0 + cc) * k) & (n - 1);
                    float wr, wi;
                    if (cfg.table()) {
                        wr = tw.get(2 * e);
                        wi = tw.get(2 * e + 1);
                    } else {
                        float a = (float) e * (-TWO_PI / (float) n);
                        wr = (float) Math.cos(a);
                        wi = (float) Math.sin(a);
                    }
                    float xr = re;
                    re = xr * wr - im * wi;
                    im = xr * wi + im * wr;
                }
                dst.put(k * outs + (c0 + cc) * outc, re, im);
            }
            // the copy-out: a local load per value, and the twist's product and (computed) twiddle
            g.ops(Op.LOCAL_MEM, 2L * cb * len);
            if (twist) {
                g.ops(Op.FLOAT, 6L * cb * len + (cfg.table() ? 0 : 1L * cb * len));
                if (!cfg.table()) g.ops(Op.SPECIAL, 2L * cb * len);
            }
        };
    }

    private static FftConfig config(Constants c) {
        FftConfig.requirePreciseMath(c, "the Java work-group kernel");
        return new FftConfig(FftSpec.RADIX.in(c), FftSpec.LAYOUT.in(c) == 1, FftSpec.EXCHANGE.in(c) == 1, FftSpec.TWIDDLE.in(c) == 1,
                FftSpec.SHARE.in(c) == 1);
    }

    /** The twiddles w^(r·k), r = 1..R-1, of a butterfly with twiddle index k in pass (ns, R). */
    private static void twiddles(Regs g, int k, int ns, int radix, int n, boolean table, GlobalFloats tw) {
        for (int r = 1; r < radix; r++) {
            if (table) {
                int m = r * k * (n / (ns * radix));
                g.twr[r] = tw.get(2 * m);
                g.twi[r] = tw.get(2 * m + 1);
            } else {
                float a = (float) (r * k) * (-TWO_PI / (float) (ns * radix));
                g.twr[r] = (float) Math.cos(a);
                g.twi[r] = (float) Math.sin(a);
            }
        }
    }

    /** fft.cl's twiddles_pow: w^k, w^2k, w^4k from sin/cos, the others as products of two of them; 1 for k = 0. */
    private static void twiddlesPow(Regs g, int k, int ns, int radix) {
        if (k == 0) {
            java.util.Arrays.fill(g.twr, 1, radix, 1f);
            java.util.Arrays.fill(g.twi, 1, radix, 0f);
            return;
        }
        for (int r = 1; r < radix; r <<= 1) {
            float a = (float) (r * k) * (-TWO_PI / (float) (ns * radix));
            g.twr[r] = (float) Math.cos(a);
            g.twi[r] = (float) Math.sin(a);
        }
        for (int r = 3; r < radix; r++) {
            int hi = r >= 4 ? 4 : 2, lo = r - hi;
            if (lo == 0) continue;
            g.twr[r] = g.twr[hi] * g.twr[lo] - g.twi[hi] * g.twi[lo];
            g.twi[r] = g.twr[hi] * g.twi[lo] + g.twi[hi] * g.twr[lo];
        }
    }

    /** One butterfly: load, twiddle, R-point DFT, store in natural order. */
    private static void butterfly(Side src, Side dst, Regs g, int j, int k, int n, int ns, int radix) {
        float[] vr = g.vr, vi = g.vi;
        for (int r = 0; r < radix; r++) {
            int i = j + r * (n / radix);
            vr[r] = src.re(i);
            vi[r] = src.im(i);
        }
        store(dst, g, j, k, ns, radix);
    }

    /** The second half of a butterfly (fft.cl's BF_STORE): twiddle the values in g, DFT, store in natural order. */
    private static void store(Side dst, Regs g, int j, int k, int ns, int radix) {
        float[] vr = g.vr, vi = g.vi;
        for (int r = 1; r < radix; r++) {
            float xr = vr[r], xi = vi[r];
            vr[r] = xr * g.twr[r] - xi * g.twi[r];
            vi[r] = xr * g.twi[r] + xi * g.twr[r];
        }
        dft(vr, vi, radix);
        int d = (j - k) * radix + k;
        for (int m = 0; m < radix; m++) {
            int q = rev(m, radix);
            dst.put(d + m * ns, vr[q], vi[q]);
        }
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

    /** Float operations of one R-point butterfly: the twiddle products and the DFT's (nontrivial products counted). */
    static long butterflyFlops(int radix) {
        long f = 6L * (radix - 1);
        for (int h = radix / 2; h >= 1; h >>= 1) {
            for (int i = 0; i < radix; i++) {
                if ((i & h) != 0) continue;
                f += (i & (h - 1)) == 0 ? 4 : 10;
            }
        }
        return f;
    }

    /**
     * Declares a pass's work for the emulator's cost model: the butterflies' float operations, two
     * special functions per computed twiddle, index arithmetic, and the local-memory loads and stores
     * of {@code localSides} sides (0, 1 or 2) of each butterfly. Global traffic is seen by the views.
     */
    private static void charge(WorkGroup g, FftConfig cfg, int radix, long butterflies, long twiddleSets, int localSides) {
        charge(g, cfg, radix, butterflies, twiddleSets, localSides, radix - 1);
    }

    /** {@link #charge} where a computed twiddle set makes {@code pairs} sin/cos pairs and the rest as complex products (twiddles_pow). */
    private static void charge(WorkGroup g, FftConfig cfg, int radix, long butterflies, long twiddleSets, int localSides, int pairs) {
        g.ops(Op.FLOAT, butterflies * butterflyFlops(radix) + (cfg.table() ? 0 : twiddleSets * (pairs + 6L * (radix - 1 - pairs))));
        if (!cfg.table()) g.ops(Op.SPECIAL, twiddleSets * 2L * pairs);
        g.ops(Op.INT, butterflies * 6L * radix);
        if (localSides > 0) g.ops(Op.LOCAL_MEM, butterflies * 2L * radix * localSides);
    }
}
