//#if R=wg
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import static dev.perfport.workloads.fft.FftKernels.*;
//#elif R=aparapi
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
//#else
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import uk.ac.manchester.tornado.api.math.TornadoMath;
//#end
/**
 * The FFT of seed 004 (fft.cl) in the Java routes: Stockham passes of radix 2, 4 or 8, fft.fused
 * (one work-group per transform, every pass, exchange through local or global memory), fft.pass (one
 * pass over the batch) and fft.cols (the four-step path's columns).
 * Arguments follow the definitions (workloads' FftKernels). Each route keeps its own form, saying
 * why; the twiddle multiply, the radix-2 butterfly's sum and difference, the bit-reversed output order and a
 * fused pass's butterflies of a work-item are written once below.
 */
//#def twiddleMul
            for (int r = 1; r < radix && ns > 1; r++) {   // a first pass's twiddles are all 1
                float xr = vr[r];
                float xi = vi[r];
                vr[r] = xr * twr[r] - xi * twi[r];
                vi[r] = xr * twi[r] + xi * twr[r];
            }
//#end
//#def revq
                // bit reversal from a table of nibbles: LLVM makes the shift-and-mask form llvm.bitreverse.i3, which Oclgrind cannot run
                int q = radix == 8 ? (0x73516240 >> (4 * m)) & 7 : (radix == 4 ? (0x3120 >> (4 * m)) & 3 : m);
//#end
//#def sumDiff
                    // one radix-2 butterfly on elements i and i + h: their sum in place of i, their difference in dr, di
                    float ar = vr[i];
                    float ai = vi[i];
                    float br = vr[i + h];
                    float bi = vi[i + h];
                    vr[i] = ar + br;
                    vi[i] = ai + bi;
                    float dr = ar - br;
                    float di = ai - bi;
//#end
//#def passItems
                // a fused pass's butterflies, cnt per work-item: by stride wg, or with SHARE on consecutive
                // ones grouped by k, whose twiddles are then computed only where k changes (fresh)
                int per = n / radix;
                int cnt = per / wg;
                int same = n / (radix * ns);
                for (int t = 0; t < cnt; t++) {
                    int j = lid + t * wg;
                    int k = j & (ns - 1);
                    int fresh = 1;
                    if ($SHARE$ == 1) {
                        int q0 = lid * cnt + t;
                        int s = q0 % same;
                        k = q0 / same;
                        j = s * ns + k;
                        fresh = t == 0 || s == 0 ? 1 : 0;
                    }
//#end
//#if R=wg
    // its own form: the work-items as loops over records of the two sides, with the emulator's cost charges
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

    /** fft.cl's LPAD: element i of a column of fft.cols's local pair sits at i + i/8 (the banks of a radix-8 pass). */
    private static int lpad(int i) {
        return i + (i >> 3);
    }

    /** The local pair from off on: fft.fused's halves as they are, or ({@code padded}) a column of fft.cols. */
    private record LocalSide(float[] lre, float[] lim, int off, boolean padded) implements Side {
        private int at(int i) {
            return off + (padded ? lpad(i) : i);
        }

        public float re(int i) {
            return lre[at(i)];
        }

        public float im(int i) {
            return lim[at(i)];
        }

        public void put(int i, float re, float im) {
            lre[at(i)] = re;
            lim[at(i)] = im;
        }
    }

    /** Element i of one column of a four-step launch's output: dst at i·outs + off. */
    private record ColumnSide(GlobalSide dst, int outs, int off) implements Side {
        public float re(int i) {
            return dst.re(i * outs + off);
        }

        public float im(int i) {
            return dst.im(i * outs + off);
        }

        public void put(int i, float re, float im) {
            dst.put(i * outs + off, re, im);
        }
    }

    /** Registers of one work-item: the R values and twiddles. */
    private static final class Regs {
        final float[] vr = new float[8], vi = new float[8], twr = new float[8], twi = new float[8];
    }

    static WorkGroupKernel fusedGroup(Constants c) {
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
                x1 = new LocalSide(g.localFloats(6), g.localFloats(7), 0, false);
                x2 = new LocalSide(g.localFloats(6), g.localFloats(7), n, false);
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

    static WorkGroupKernel passGroup(Constants c) {
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
     * fft.cols (fft.cl's fft_cols): cb = wg·RADIX/len columns per group; each sub-FFT pass reads
     * every work-item's RADIX values (the first pass from global memory), then twiddles, transforms
     * and stores them to local memory; a twisted launch's copy-out then twists and writes, and an untwisted
     * launch's last pass writes its output itself.
     */
    static WorkGroupKernel colsGroup(Constants c) {
        FftConfig cfg = config(c);
        return g -> {
            int n = g.intArg(3), batch = g.intArg(4), len = g.intArg(5), cols = g.intArg(6), outs = g.intArg(7), outc = g.intArg(8);
            boolean twist = g.intArg(9) == 1, pow = c.has(TWPOW) && c.getInt(TWPOW) == 1;
            int wg = g.localItems(), radixMax = cfg.radix(), cb = wg * radixMax / len, gpt = cols / cb;
            int grp = (int) g.groupLinearId(), b = grp / gpt, c0 = (grp - b * gpt) * cb;
            int total = n * batch, pitch = (int) Fft.pitch(len);
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
                            vr[lid][t * r + q] = p == 0 ? src.re(i * cols + c0 + col) : lre[col * pitch + lpad(i)];
                            vi[lid][t * r + q] = p == 0 ? src.im(i * cols + c0 + col) : lim[col * pitch + lpad(i)];
                        }
                    }
                }
                // an untwisted launch's last pass stores its output itself (fft.cl's CSTG)
                boolean direct = !twist && ns * r == len;
                for (int lid = 0; lid < wg; lid++) {
                    int col = lid % cb, j0 = lid / cb;
                    Side to = direct ? new ColumnSide(dst, outs, (c0 + col) * outc) : new LocalSide(lre, lim, col * pitch, true);
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
                charge(g, cfg, r, bf, bf, (p == 0 ? 0 : 1) + (direct ? 0 : 1), pow ? 1 : r - 1);
                ns *= r;
            }
            if (!twist) return;
            for (int q = 0; q < cb * len; q++) {
                int cc = outc == 1 ? q % cb : q / len, k = outc == 1 ? q / cb : q % len;
                float re = lre[cc * pitch + lpad(k)], im = lim[cc * pitch + lpad(k)];
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
                dst.put(k * outs + (c0 + cc) * outc, re, im);
            }
            // the copy-out: a local load per value, and the twist's product and (computed) twiddle
            g.ops(Op.LOCAL_MEM, 2L * cb * len);
            g.ops(Op.FLOAT, 6L * cb * len + (cfg.table() ? 0 : 1L * cb * len));
            if (!cfg.table()) g.ops(Op.SPECIAL, 2L * cb * len);
        };
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

    /** fft.cl's twiddles_pow: w^k from sin/cos, w^2k and w^4k by squaring, the others as products of two of them; 1 for k = 0. */
    private static void twiddlesPow(Regs g, int k, int ns, int radix) {
        if (k == 0) {
            java.util.Arrays.fill(g.twr, 1, radix, 1f);
            java.util.Arrays.fill(g.twi, 1, radix, 0f);
            return;
        }
        float a = (float) k * (-TWO_PI / (float) (ns * radix));
        g.twr[1] = (float) Math.cos(a);
        g.twi[1] = (float) Math.sin(a);
        for (int r = 2; r < radix; r <<= 1) {
            g.twr[r] = g.twr[r / 2] * g.twr[r / 2] - g.twi[r / 2] * g.twi[r / 2];
            g.twi[r] = g.twr[r / 2] * g.twi[r / 2] + g.twi[r / 2] * g.twr[r / 2];
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
        for (int r = 1; r < radix && ns > 1; r++) {   // a first pass's twiddles are all 1
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
//#elif R=aparapi
    // its own form: the knobs are final fields (no -D) and the registers private arrays of 8, as Aparapi passes knobs as arguments
    /** The knobs and the registers of one work-item. */
    public abstract static class FftBase extends PerfportKernel {
        static final float C8 = 0.70710678118654752f;
        static final float TWO_PI = 6.28318530717958648f;
        final int kRadix;
        final int kSoa;
        final int kLocal;
        final int kTable;
        final int kShare;
        float[] tw;
        int n;
        int batch;
        @PrivateMemorySpace(8) float[] vr = new float[8];
        @PrivateMemorySpace(8) float[] vi = new float[8];
        @PrivateMemorySpace(8) float[] twr = new float[8];
        @PrivateMemorySpace(8) float[] twi = new float[8];

        FftBase(Constants c) {
            this(knobs(c));
        }

        /** The knobs as {@link #knobs} gives them: radix, soa, local exchange, twiddle table, share. */
        FftBase(int[] k) {
            kRadix = k[0];
            kSoa = k[1];
            kLocal = k[2];
            kTable = k[3];
            kShare = k[4];
        }

        static int[] knobs(Constants c) {
            if (c.has("FFT_MATH") && c.getInt("FFT_MATH") != 0) {   // Java rounds every product and has no native sin/cos
                throw new UnsupportedFeatureException("fft math=fma and math=relaxed are OpenCL C only; Aparapi's kernels round as Java does: use math=precise");
            }
            return new int[]{c.getInt("RADIX"), c.getInt("SOA"), c.getInt("LOCALX"), c.getInt("TWTABLE"), c.getInt("SHARE")};
        }

        /** Every work-item thread of the Java thread pool runs a clone: it needs registers of its own. */
        @Override
        public FftBase clone() {
            FftBase c = (FftBase) super.clone();
            c.vr = new float[8];
            c.vi = new float[8];
            c.twr = new float[8];
            c.twi = new float[8];
            return c;
        }
    }

//#def twiddlesRadians
                for (int r = 1; r < radix; r++) {
                    if (kTable == 1) {
                        int m = r * k * (n / (ns * radix));
                        twr[r] = tw[2 * m];
                        twi[r] = tw[2 * m + 1];
                    } else {
                        float a = (float) (r * k) * (-TWO_PI / (float) (ns * radix));
                        twr[r] = cos(a);
                        twi[r] = sin(a);
                    }
                }
//#end
//#def butterfly
                for (int r = 0; r < radix; r++) {
                    int i = j + r * (n / radix);
                    vr[r] = $LOADRE$;
                    vi[r] = $LOADIM$;
                }
//#use twiddleMul
                // the radix-point DFT in registers: radix-2 decimation in frequency, output bit-reversed
                for (int h = radix / 2; h >= 1; h = h / 2) {
                    for (int i = 0; i < radix; i++) {
                        if ((i & h) == 0) {
                            int e = (i & (h - 1)) * (4 / h);
//#use sumDiff
                            if (e == 0) {
                                vr[i + h] = dr;
                                vi[i + h] = di;
                            } else if (e == 2) {
                                // times -i: a swap, where the product by 0 would cost 6 operations
                                vr[i + h] = di;
                                vi[i + h] = -dr;
                            } else {
                                // exp(-2*pi*i*e/8), e = 1, 3
                                float wr = e == 1 ? C8 : -C8;
                                float wi = -C8;
                                vr[i + h] = dr * wr - di * wi;
                                vi[i + h] = dr * wi + di * wr;
                            }
                        }
                    }
                }
                int d = (j - k) * radix + k;
                for (int m = 0; m < radix; m++) {
//#use revq
                    $STORE$;
                }
//#end

    /** The kernels that read the batch from src and write it to dst in the data's layout (fft.cl's LD and ST). */
    public abstract static class FftSrcDst extends FftBase {
        float[] src;
        float[] dst;

        FftSrcDst(Constants c) {
            super(c);
        }

        FftSrcDst(int[] k) {
            super(k);
        }

        /** Element i of src, its real part when part is 0. */
        float ld(int i, int total, int part) {
            return kSoa == 1 ? src[part * total + i] : src[2 * i + part];
        }

        void store(int i, int total, float re, float im) {
            if (kSoa == 1) {
                dst[i] = re;
                dst[total + i] = im;
            } else {
                dst[2 * i] = re;
                dst[2 * i + 1] = im;
            }
        }
    }

    /** One pass over every butterfly of the batch (fft.cl's fft_pass). */
    public static final class Pass extends FftSrcDst {
        int ns;
        int radix;

        Pass(Constants c) {
            super(c);
        }

        @Override
        public void run() {
            int gid = getGlobalId();
            int per = n / radix;
            int total = n * batch;
            if (gid < batch * per) {
                int b = gid / per;
                int j = gid - b * per;
                int k = j & (ns - 1);
                int base = b * n;
//#use twiddlesRadians
//#use butterfly LOADRE="ld(base + i, total, 0)" LOADIM="ld(base + i, total, 1)" STORE="store(base + d + m * ns, total, vr[q], vi[q])"
            }
        }
    }

    /** Every pass of one transform in one work-group (fft.cl's fft_fused). */
    public static final class Fused extends FftBase {
        float[] in;
        float[] out;
        float[] tmp;
        @Local float[] lre;
        @Local float[] lim;

        Fused(Constants c) {
            super(c);
        }

        /** Element i of the buffer sel (0 in, 1 and 2 the exchange buffers), real part when part is 0. */
        float load(int sel, int part, int base, int i, int total) {
            int li = (sel - 1) * n + i;
            int at = kSoa == 1 ? part * total + base + i : 2 * (base + i) + part;
            // one expression: Aparapi 3.0.2 scopes a local declared before an if/else into both branches
            // global: exchange buffer 1 is out and 2 is tmp, so that the pass before the last writes tmp
            return sel != 0 && kLocal == 1 ? (part == 0 ? lre[li] : lim[li]) : (sel == 0 ? in[at] : (sel == 1 ? out[at] : tmp[at]));
        }

        /** Stores element i of buffer sel (1 and 2 the exchange buffers, 3 out). */
        void store(int sel, int base, int i, int total, float re, float im) {
            if (sel != 3 && kLocal == 1) {
                lre[(sel - 1) * n + i] = re;
                lim[(sel - 1) * n + i] = im;
            } else {
                int at = kSoa == 1 ? base + i : 2 * (base + i);
                int step = kSoa == 1 ? total : 1;
                if (sel == 2) {
                    tmp[at] = re;
                    tmp[at + step] = im;
                } else {
                    out[at] = re;
                    out[at + step] = im;
                }
            }
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int base = getGroupId() * n;
            int total = n * batch;
            int passes = 0;
            int rest = n;
            while (rest >= kRadix) {
                rest = rest / kRadix;
                passes++;
            }
            if (rest > 1) passes++;
            int ns = 1;
            for (int p = 0; p < passes; p++) {
                int radix = ns * kRadix <= n ? kRadix : n / ns;
                int rsel = p == 0 ? 0 : 1 + (passes - p) % 2;
                int wsel = p == passes - 1 ? 3 : 1 + (passes - 1 - p) % 2;
//#use passItems SHARE=kShare
                    if (fresh == 1) {
//#use twiddlesRadians
                    }
//#use butterfly LOADRE="load(rsel, 0, base, i, total)" LOADIM="load(rsel, 1, base, i, total)" STORE="store(wsel, base, d + m * ns, total, vr[q], vi[q])"
                }
                ns = ns * radix;
                localGlobalBarrier();
            }
        }
    }
//#def colsPass
                int cnt = kRadix / radix;
                // an untwisted launch's last pass stores its output itself (fft.cl's CSTG)
                int direct = kTwist == 0 && ns * radix == kLen ? 1 : 0;
                for (int t = 0; t < cnt; t++) {
                    int jl = j0 + t * (kLen / kRadix);
                    for (int r = 0; r < radix; r++) {
                        int il = jl + r * (kLen / radix);
                        hr[t * radix + r] = p == 0 ? ld(base + il * kCols + c0 + col, total, 0) : lre[col * pitch + lpad(il)];
                        hi[t * radix + r] = p == 0 ? ld(base + il * kCols + c0 + col, total, 1) : lim[col * pitch + lpad(il)];
                    }
                }
                if (p > 0 && direct == 0) {
                    localBarrier();   // every value of the previous pass is read before this one overwrites it
                }
                for (int t = 0; t < cnt; t++) {
                    int j = j0 + t * (kLen / kRadix);
                    int k = j & (ns - 1);
//#use twiddlesRadians
//#use butterfly LOADRE="hr[t * radix + r]" LOADIM="hi[t * radix + r]" STORE="if (direct == 1) store(base + (d + m * ns) * kOuts + (c0 + col) * kOutc, total, vr[q], vi[q]); else cst(col * pitch + lpad(d + m * ns), vr[q], vi[q])"
                }
                if (direct == 0) {
                    localBarrier();
                }
//#end
    /**
     * The four-step path's columns (fft.cl's fft_cols): cb = wg·RADIX/len adjacent columns per group, each sub-FFT pass
     * exchanged through local memory (padded as fft.cl's LPAD), a twisted launch's copy-out twisted and written (an untwisted
     * launch's last pass writes its output itself). Aparapi has no -D:
     * the OpenCL C form's COLS_* constants come as final fields, which the Specialiser folds into one class per launch.
     */
    public static class Cols extends FftSrcDst {   // not final: the Specialiser subclasses it
        // the launch's arguments, bound but not read: the kernel reads the same shape as the constants below
        int len;
        int cols;
        int outs;
        int outc;
        int twist;
        // the launch's shape (fft.cl's COLS_*), folded into the code by the Specialiser: one class per launch, as
        // OpenCL C builds one program per launch, so that the compiler sees constant sub-FFT lengths and strides
        final int kLen;
        final int kCols;
        final int kOuts;
        final int kOutc;
        final int kTwist;
        final int kWg;
        // the passes: kFull of radix kRadix (2^kLog), then one of kLast when kLast > 1
        final int kLog;
        final int kFull;
        final int kLast;
        @Local float[] lre;
        @Local float[] lim;
        // a work-item's RADIX values between the loads of a pass and its butterflies (vr, vi hold one butterfly)
        @PrivateMemorySpace(8) float[] hr = new float[8];
        @PrivateMemorySpace(8) float[] hi = new float[8];

        Cols(int[] k) {
            super(k);
            kLen = k[5];
            kCols = k[6];
            kOuts = k[7];
            kOutc = k[8];
            kTwist = k[9];
            kWg = k[10];
            kLog = Integer.numberOfTrailingZeros(kRadix);
            kFull = Integer.numberOfTrailingZeros(kLen) / kLog;
            kLast = 1 << (Integer.numberOfTrailingZeros(kLen) % kLog);
        }

        /** The knobs, then the launch's shape: Fft compiles fft.cols once per launch with its COLS_* constants. */
        static int[] shape(Constants c) {
            int[] k = knobs(c);
            if (!c.has("COLS_LEN")) throw new IllegalArgumentException("fft.cols needs its launch's shape as the constants COLS_LEN, ...");
            return new int[]{k[0], k[1], k[2], k[3], k[4], c.getInt("COLS_LEN"), c.getInt("COLS_COLS"), c.getInt("COLS_OUTS"),
                    c.getInt("COLS_OUTC"), c.getInt("COLS_TWIST"), c.getInt("COLS_WG")};
        }

        @Override
        public Cols clone() {
            Cols c = (Cols) super.clone();
            c.hr = new float[8];
            c.hi = new float[8];
            return c;
        }

        /** fft.cl's LPAD: element i of a column sits at i + i/8 (the banks of a radix-8 pass). */
        int lpad(int i) {
            return i + (i >> 3);
        }

        void cst(int at, float re, float im) {
            lre[at] = re;
            lim[at] = im;
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = kWg;
            int cb = wg * kRadix / kLen;
            int gpt = kCols / cb;
            int grp = getGroupId();
            int b = grp / gpt;
            int c0 = (grp - b * gpt) * cb;
            int base = b * n;
            int total = n * batch;
            int pitch = lpad(kLen) + 1;   // Fft.pitch
            int col = lid % cb;
            int j0 = lid / cb;
            // the passes of the full radix, then at most one of kLast (2 or 4): the loops are counted, so that the
            // compiler unrolls them with each pass's radix and ns constant and hr, hi, vr, vi indexed by constants
            for (int p = 0; p < kFull; p++) {
                int ns = 1 << (p * kLog);
                int radix = kRadix;
//#use colsPass
            }
            if (kLast > 1) {
                int p = kFull;
                int ns = kLen / kLast;
                int radix = kLast;
//#use colsPass
            }
            // a twisted launch's copy-out (an untwisted one's last pass stored its output)
            for (int q = lid; kTwist == 1 && q < cb * kLen; q += wg) {
                int cc = kOutc == 1 ? q % cb : q / kLen;
                int k = kOutc == 1 ? q / cb : q % kLen;
                float re = lre[cc * pitch + lpad(k)];
                float im = lim[cc * pitch + lpad(k)];
                int e = ((c0 + cc) * k) & (n - 1);
                float a = (float) e * (-TWO_PI / (float) n);
                float wr = kTable == 1 ? tw[2 * e] : cos(a);
                float wi = kTable == 1 ? tw[2 * e + 1] : sin(a);
                float xr = re;
                re = xr * wr - im * wi;
                im = xr * wi + im * wr;
                store(base + k * kOuts + (c0 + cc) * kOutc, total, re, im);
            }
        }
    }
//#register
KernelSpec.of("fft.fused", Fused.class, Fused::new, "in", "out", "tmp", "tw", "n", "batch", "lre", "lim")
//#end
//#register
KernelSpec.of("fft.cols", Cols.class, c -> Specialiser.of(Cols.class, Cols.shape(c)), "src", "dst", "tw", "n", "batch", "len", "cols", "outs", "outc", "twist", "lre", "lim")
//#end
//#register
KernelSpec.of("fft.pass", Pass.class, Pass::new, "src", "dst", "tw", "n", "batch", "ns", "radix")
//#end
//#else
    // its own form: the knobs are scalars it compiles in, each fused pass written for a fixed radix, and no twiddle of ns = 1
    /*
     * Two TornadoVM 5.2 compiler failures shape the code once the radix is a constant: an uncounted
     * stage loop in the DFT ({@code h /= 2}) ended in "logic node LogicConstantNode", so the stages are
     * a counted loop; and TornadoVM folds the sine and cosine of a constant argument, which it cannot
     * compute ("unable to compute op COS"), even in code it then drops, so no pass with ns = 1 (all
     * twiddles 1) contains a twiddle computation.
     */
    /** Java rounds every product and has no native sin/cos: math other than precise would be claimed, not run. */
    private static void requirePreciseMath(Constants c) {
        if (c.has("FFT_MATH") && c.getInt("FFT_MATH") != 0) {
            throw new UnsupportedFeatureException("fft math=fma and math=relaxed are OpenCL C only; TornadoVM's kernels round as Java does: use math=precise");
        }
    }

//#register
new TornadoKernel("fft.fused", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT,
        LOCAL, FLOAT, LOCAL, FLOAT), false, a -> {
    Constants c = a.constants();
    requirePreciseMath(c);
    int n = a.intArg(4);
    int radix = c.getInt("RADIX");
    int full = 0;
    int rest = n;
    while (rest >= radix) {
        rest = rest / radix;
        full++;
    }
    a.graph().task(a.task(), FftTornado::fused, a.context(), a.floats(0), a.floats(1), a.floats(2), a.floats(3),
            n, a.intArg(5), a.localLength(6), radix, c.getInt("SOA") * 2 + c.getInt("LOCALX"),
            c.getInt("TWTABLE") * 2 + c.getInt("SHARE"), full, rest);
})
//#end
    // fft.pass at 2^20 with the register limit: 1.77 -> 1.47x jocl's time on the H100
//#register
new TornadoKernel("fft.pass", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
        PRIVATE, INT), false, a -> {
    Constants c = a.constants();
    requirePreciseMath(c);
    a.graph().task(a.task(), FftTornado::pass, a.context(), a.floats(0), a.floats(1), a.floats(2),
            a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), c.getInt("SOA"), c.getInt("TWTABLE"));
}).withNvidiaMaxRegisters(TornadoKernel.NVIDIA_LARGEST_LIMIT)
//#end
//#def twiddlesT
            // angle=pi: fft.cl's SINCOSPI, t = -2 m / M exact and reduced exactly by cospi/sinpi, the same arithmetic as
            // jocl's rows (against cos and sin of radians: no change measured on the H100); angle=radians: cos and sin,
            // as Aparapi's form, for fft.cols, whose cospi and sinpi gave wrong twiddles on PoCL at some shapes (radix 2
            // at 32 and 64 points), where jocl's cospi and the same kernel's cos do not
            for (int r = 1; r < radix; r++) {
                if (ktable == 1) {
                    int m = r * k * (n / (ns * radix));
                    twr[r] = tw.get(2 * m);
                    twi[r] = tw.get(2 * m + 1);
                } else {
//#if angle=pi
                    float tp = (float) (r * k) * (-2.0f / (float) (ns * radix));
                    twr[r] = TornadoMath.cospi(tp);
                    twi[r] = TornadoMath.sinpi(tp);
//#else
                    float ang = (float) (r * k) * (-6.28318530717958648f / (float) (ns * radix));
                    twr[r] = TornadoMath.cos(ang);
                    twi[r] = TornadoMath.sin(ang);
//#end
                }
            }
//#end
//#def dft
//#if first=0
//#use twiddleMul
//#end
            // the radix-point DFT in registers: radix-2 decimation in frequency, output bit-reversed;
            // counted loops over the stages and the radix/2 butterflies of each, so that with the
            // radix fixed they unroll and every index is a constant
            int lg = radix == 8 ? 3 : (radix == 4 ? 2 : 1);
            for (int st = 0; st < lg; st++) {
                int h = radix >> (st + 1);
                for (int g = 0; g < radix / 2; g++) {
                    int low = g & (h - 1);
                    int i = ((g - low) << 1) + low;
                    int e = low * (4 / h);
//#use sumDiff
                    // exp(-2*pi*i*e/8), e = 0..3; e = 2 (times -i) a swap, where the product by 0 would cost 6 operations
                    float wr = e == 1 ? 0.70710678118654752f : -0.70710678118654752f;
                    float wi = -0.70710678118654752f;
                    vr[i + h] = e == 0 ? dr : (e == 2 ? di : dr * wr - di * wi);
                    vi[i + h] = e == 0 ? di : (e == 2 ? -dr : dr * wi + di * wr);
                }
            }
            int d = (j - k) * radix + k;
//#end

    /** One pass over every butterfly of the batch (fft.cl's fft_pass). */
    public static void pass(KernelContext ctx, FloatArray src, FloatArray dst, FloatArray tw, int n, int batch, int ns, int radix,
                            int ksoa, int ktable) {
        int gid = ctx.globalIdx;
        int per = n / radix;
        int total = n * batch;
        float[] vr = new float[8];
        float[] vi = new float[8];
        float[] twr = new float[8];
        float[] twi = new float[8];
        if (gid < batch * per) {
            int b = gid / per;
            int j = gid - b * per;
            int k = j & (ns - 1);
            int base = b * n;
            int step = ksoa == 1 ? total : 1;
            if (ns > 1) {
//#use twiddlesT angle=pi
            } else {
                // the first pass's twiddles are all 1: written out, since TornadoVM (which compiles ns
                // in) fails on cos and sin of a constant ("unable to compute op COS")
                for (int r = 1; r < radix; r++) {
                    twr[r] = 1.0f;
                    twi[r] = 0.0f;
                }
            }
            for (int r = 0; r < radix; r++) {
                int at = ksoa == 1 ? base + j + r * per : 2 * (base + j + r * per);
                vr[r] = src.get(at);
                vi[r] = src.get(at + step);
            }
//#use dft first=0
            for (int m = 0; m < radix; m++) {
//#use revq
                int at = ksoa == 1 ? base + d + m * ns : 2 * (base + d + m * ns);
                dst.set(at, vr[q]);
                dst.set(at + step, vi[q]);
            }
        }
    }

//#def fusedPass
//#use passItems SHARE=kshare
//#if first=0
                if (fresh == 1) {
//#use twiddlesT angle=pi
                }
//#end
                for (int r = 0; r < radix; r++) {
                    int i = j + r * per;
                    int at = ksoa == 1 ? base + i : 2 * (base + i);
                    if (rsel != 0 && klocal == 1) {
                        vr[r] = lre[(rsel - 1) * n + i];
                        vi[r] = lim[(rsel - 1) * n + i];
                    } else if (rsel == 0) {
                        vr[r] = in.get(at);
                        vi[r] = in.get(at + step);
                    } else if (rsel == 1) {
                        vr[r] = out.get(at);
                        vi[r] = out.get(at + step);
                    } else {
                        vr[r] = tmp.get(at);
                        vi[r] = tmp.get(at + step);
                    }
                }
//#use dft
                for (int m = 0; m < radix; m++) {
//#use revq
                    int i = d + m * ns;
                    int at = ksoa == 1 ? base + i : 2 * (base + i);
                    if (wsel != 3 && klocal == 1) {
                        lre[(wsel - 1) * n + i] = vr[q];
                        lim[(wsel - 1) * n + i] = vi[q];
                    } else if (wsel == 2) {
                        tmp.set(at, vr[q]);
                        tmp.set(at + step, vi[q]);
                    } else {
                        out.set(at, vr[q]);
                        out.set(at + step, vi[q]);
                    }
                }
            }
            ns = ns * radix;
            // the exchange buffers are local or global: fence both
            ctx.localBarrier();
            ctx.globalBarrier();
//#end
    /**
     * Every pass of one transform in one work-group (fft.cl's fft_fused). {@code layoutExchange} is
     * SOA·2 + LOCALX, {@code twiddleShare} TWTABLE·2 + SHARE; {@code full} passes of radix
     * {@code kradix}, then one of radix {@code tail} where tail > 1 (the host counts them).
     * TornadoVM compiles scalars in, but it does not evaluate a loop that counts passes, nor fold
     * a radix that changes inside the pass loop: so each pass body is written for a radix fixed in
     * it, its loops over the radix unroll, and vr, vi, twr, twi live in registers (with a radix
     * chosen per pass they were indexed at run time: 4.9x jocl on the H100).
     */
    public static void fused(KernelContext ctx, FloatArray in, FloatArray out, FloatArray tmp, FloatArray tw, int n, int batch,
                             int localLength, int kradix, int layoutExchange, int twiddleShare, int full, int tail) {
        int ksoa = layoutExchange / 2;
        int klocal = layoutExchange % 2;
        int ktable = twiddleShare / 2;
        int kshare = twiddleShare % 2;
        float[] lre = ctx.allocateFloatLocalArray(localLength);
        float[] lim = ctx.allocateFloatLocalArray(localLength);
        float[] vr = new float[8];
        float[] vi = new float[8];
        float[] twr = new float[8];
        float[] twi = new float[8];
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
        int base = ctx.groupIdx * n;
        int total = n * batch;
        int step = ksoa == 1 ? total : 1;
        int passes = tail > 1 ? full + 1 : full;
        int ns = 1;
        // the first pass (ns = 1) has no twiddles: a copy without them, for TornadoVM folds cos and sin of
        // a constant and fails ("unable to compute op COS"), even in code it is about to drop
        if (full > 0) {
            int radix = kradix;
            // read what pass p-1 wrote (0: in; 1, 2: exchange), write 1, 2 or 3 (out); global: 1 is out, 2 is tmp
            int rsel = 0;
            int wsel = passes == 1 ? 3 : 1 + (passes - 1) % 2;
//#use fusedPass first=1
        } else {
            int radix = tail;
            int rsel = 0;
            int wsel = 3;
//#use fusedPass first=1
        }
        for (int p = 1; p < full; p++) {
            int radix = kradix;
            int rsel = 1 + (passes - p) % 2;
            int wsel = p == passes - 1 ? 3 : 1 + (passes - 1 - p) % 2;
//#use fusedPass first=0
        }
        if (full > 0 && tail > 1) {
            int radix = tail;
            int rsel = 2;                               // what the pass before wrote (its wsel)
            int wsel = 3;
//#use fusedPass first=0
        }
    }

    // fft.cols: the shape comes as scalars, which TornadoVM compiles in, as OpenCL C builds one program per launch
//#register
new TornadoKernel("fft.cols", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
        PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, LOCAL, FLOAT, LOCAL, FLOAT), false, a -> {
    Constants c = a.constants();
    requirePreciseMath(c);
    int len = a.intArg(5);
    int radix = c.getInt("RADIX");
    int log = Integer.numberOfTrailingZeros(radix);
    int full = Integer.numberOfTrailingZeros(len) / log;
    int last = 1 << (Integer.numberOfTrailingZeros(len) % log);
    a.graph().task(a.task(), FftTornado::cols, a.context(), a.floats(0), a.floats(1), a.floats(2), a.intArg(3), a.intArg(4),
            len, a.intArg(6), a.intArg(7), a.intArg(8), a.localLength(10), radix,
            a.intArg(9) * 4 + c.getInt("SOA") * 2 + c.getInt("TWTABLE"), full * 8 + last);
})
//#end
//#def colsPassT
                int cnt = kradix / radix;
                // an untwisted launch's last pass stores its output itself (fft.cl's CSTG)
                int direct = ktwist == 0 && ns * radix == len ? 1 : 0;
                for (int t = 0; t < cnt; t++) {
                    int jl = j0 + t * (len / kradix);
                    for (int r = 0; r < radix; r++) {
                        int il = jl + r * (len / radix);
//#if first=1
                        int at = base + il * cols + c0 + col;
                        int ai = ksoa == 1 ? at : 2 * at;
                        hr[t * radix + r] = src.get(ai);
                        hi[t * radix + r] = src.get(ai + step);
//#else
                        hr[t * radix + r] = lre[col * pitch + il + (il >> 3)];
                        hi[t * radix + r] = lim[col * pitch + il + (il >> 3)];
//#end
                    }
                }
//#if first=0
                if (direct == 0) {
                    ctx.localBarrier();   // every value of the previous pass is read before this one overwrites it
                }
//#end
                for (int t = 0; t < cnt; t++) {
                    int j = j0 + t * (len / kradix);
                    int k = j & (ns - 1);
//#if first=0
//#use twiddlesT angle=radians
//#end
                    for (int r = 0; r < radix; r++) {
                        vr[r] = hr[t * radix + r];
                        vi[r] = hi[t * radix + r];
                    }
//#use dft
                    for (int m = 0; m < radix; m++) {
//#use revq
                        int o = d + m * ns;
                        if (direct == 1) {
                            int at = base + o * outs + (c0 + col) * outc;
                            int ai = ksoa == 1 ? at : 2 * at;
                            dst.set(ai, vr[q]);
                            dst.set(ai + step, vi[q]);
                        } else {
                            lre[col * pitch + o + (o >> 3)] = vr[q];
                            lim[col * pitch + o + (o >> 3)] = vi[q];
                        }
                    }
                }
                if (direct == 0) {
                    ctx.localBarrier();
                }
//#end
    /**
     * The four-step path's columns (fft.cl's fft_cols): cb = wg·RADIX/len adjacent columns a group, each sub-FFT pass
     * exchanged through local memory (padded as fft.cl's LPAD), a twisted launch's copy-out twisted and written, an
     * untwisted launch's last pass writing its output itself. {@code flags} is TWIST·4 + SOA·2 + TWTABLE and
     * {@code passes} full·8 + last: full passes of {@code kradix}, then one of radix last where last > 1. As in fused,
     * each pass is written for a radix fixed in it, and the first (ns = 1) has no twiddles.
     */
    public static void cols(KernelContext ctx, FloatArray src, FloatArray dst, FloatArray tw, int n, int batch, int len, int cols,
                            int outs, int outc, int localLength, int kradix, int flags, int passes) {
        int ktwist = flags / 4;
        int ksoa = (flags / 2) % 2;
        int ktable = flags % 2;
        int full = passes / 8;
        int last = passes % 8;
        float[] lre = ctx.allocateFloatLocalArray(localLength);
        float[] lim = ctx.allocateFloatLocalArray(localLength);
        // a work-item's RADIX values between a pass's loads and its butterflies; vr, vi hold one butterfly
        float[] hr = new float[8];
        float[] hi = new float[8];
        float[] vr = new float[8];
        float[] vi = new float[8];
        float[] twr = new float[8];
        float[] twi = new float[8];
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
        int cb = wg * kradix / len;
        int gpt = cols / cb;
        int grp = ctx.groupIdx;
        int b = grp / gpt;
        int c0 = (grp - b * gpt) * cb;
        int base = b * n;
        int total = n * batch;
        int step = ksoa == 1 ? total : 1;
        int pitch = len + (len >> 3) + 1;   // Fft.pitch
        int col = lid % cb;
        int j0 = lid / cb;
        int klog = kradix == 8 ? 3 : (kradix == 4 ? 2 : 1);
        if (full > 0) {
            int ns = 1;
            int radix = kradix;
//#use colsPassT first=1
        } else {
            int ns = 1;
            int radix = last;
//#use colsPassT first=1
        }
        for (int p = 1; p < full; p++) {
            int ns = 1 << (p * klog);
            int radix = kradix;
//#use colsPassT first=0
        }
        if (full > 0 && last > 1) {
            int ns = len / last;
            int radix = last;
//#use colsPassT first=0
        }
        // a twisted launch's copy-out (an untwisted one's last pass stored its output)
        if (ktwist == 1) {
            for (int qq = lid; qq < cb * len; qq += wg) {
                int cc = outc == 1 ? qq % cb : qq / len;
                int kk = outc == 1 ? qq / cb : qq % len;
                float re = lre[cc * pitch + kk + (kk >> 3)];
                float im = lim[cc * pitch + kk + (kk >> 3)];
                int e = ((c0 + cc) * kk) & (n - 1);
                float wr;
                float wi;
                if (ktable == 1) {
                    wr = tw.get(2 * e);
                    wi = tw.get(2 * e + 1);
                } else {
                    float ang = (float) e * (-6.28318530717958648f / (float) n);
                    wr = TornadoMath.cos(ang);
                    wi = TornadoMath.sin(ang);
                }
                float xr = re;
                re = xr * wr - im * wi;
                im = xr * wi + im * wr;
                int at = base + kk * outs + (c0 + cc) * outc;
                int ai = ksoa == 1 ? at : 2 * at;
                dst.set(ai, re);
                dst.set(ai + step, im);
            }
        }
    }
//#end
