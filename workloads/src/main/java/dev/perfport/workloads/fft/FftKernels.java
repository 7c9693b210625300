package dev.perfport.workloads.fft;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.JavaKernelFactory;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

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
                .scalar("radix", ElemType.INT), "fft_pass", FftKernels::passGroup);
    }

    /** The arguments after the data that both kernels take: the twiddle table, the transform size and the batch. */
    private static KernelDef.Builder twiddlesAndShape(KernelDef.Builder data) {
        return data.global("tw", ElemType.FLOAT, Access.READ)
                .scalar("n", ElemType.INT)
                .scalar("batch", ElemType.INT);
    }

    /** A kernel's defaults and its two implementations: the OpenCL C entry and the Java work-group body. */
    private static KernelDef def(KernelDef.Builder args, String entry, JavaKernelFactory group) {
        return args.defaults(FftConfig.PORTABLE.constants())
                .impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(group, PRIVATE_BYTES))
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
            long done = 0;
            for (int lid = 0; lid < g.localItems(); lid++) {
                long gid = g.globalId(0, lid);
                if (gid >= (long) batch * per) continue;
                int b = (int) (gid / per), j = (int) (gid - (long) b * per), k = j & (ns - 1);
                twiddles(regs, k, ns, r, n, cfg.table(), tw);
                butterfly(new GlobalSide(src, total, b * n, cfg.soa()), new GlobalSide(dst, total, b * n, cfg.soa()), regs, j, k, n, ns, r);
                done++;
            }
            charge(g, cfg, r, done, done, 0);
        };
    }

    private static FftConfig config(Constants c) {
        return new FftConfig(c.getInt("RADIX"), c.getInt("SOA") == 1, c.getInt("LOCALX") == 1, c.getInt("TWTABLE") == 1,
                c.getInt("SHARE") == 1);
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

    /** One butterfly: load, twiddle, R-point DFT, store in natural order. */
    private static void butterfly(Side src, Side dst, Regs g, int j, int k, int n, int ns, int radix) {
        float[] vr = g.vr, vi = g.vi;
        for (int r = 0; r < radix; r++) {
            int i = j + r * (n / radix);
            vr[r] = src.re(i);
            vi[r] = src.im(i);
        }
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
        g.ops(Op.FLOAT, butterflies * butterflyFlops(radix) + (cfg.table() ? 0 : twiddleSets * (radix - 1)));
        if (!cfg.table()) g.ops(Op.SPECIAL, twiddleSets * 2L * (radix - 1));
        g.ops(Op.INT, butterflies * 6L * radix);
        if (localSides > 0) g.ops(Op.LOCAL_MEM, butterflies * 2L * radix * localSides);
    }
}
