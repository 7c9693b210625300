package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.math.TornadoMath;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * Monte Carlo Value-at-Risk of seed 000 (workloads' VarKernels, var.cl) in TornadoVM's Kernel API:
 * the three memory variants (loadstore, singlebuffer, doublebuffer) in one method whose
 * {@code variant} argument TornadoVM compiles in, and the probe {@code var.normals}.
 *
 * <p>Differences from var.cl, each forced by TornadoVM 5.2:
 * <ul>
 *   <li>No vector types: an accumulator of VWIDTH floats is VWIDTH lanes of a private array of
 *       SIMBS·VWIDTH floats. Simulation j of work-item gid is gid·SIMBS·VWIDTH + j, as in var.cl.</li>
 *   <li>No Float.floatToRawIntBits / intBitsToFloat (its OpenCL backend leaves ReinterpretNode
 *       "unimplemented"): FloatMath's ln and the inverse-square-root seed of its sqrt take a
 *       float apart by exact scaling with powers of two instead of reading its bits. For the
 *       normal floats these functions see, the exponent and significand come out the same, so
 *       the random normals are bit-identical to the host's (VarNormalsTest checks it).</li>
 *   <li>No async_work_group_copy for these types: the buffered variants copy each block with
 *       the group's work-items and a barrier; double buffering copies the next block into the
 *       other buffer before computing the current one (no overlap without asynchronous copies).</li>
 * </ul>
 * And one TornadoVM bug worked around: it compiles Java's unsigned shift {@code x >>> s} of an
 * int to OpenCL's {@code x >> s}, which is arithmetic on a signed int, so the MT607 code shifts
 * and masks instead ({@code (x >> s) & (2^(32-s) - 1)}).
 * Float arithmetic keeps var.cl's order; perfport runs TornadoVM without FMA fusion and fast
 * math (bin/tornado-jvm-args), which the bit-exact functions need.
 */
@AutoService(KernelLibrary.class)
public final class VarTornado extends TornadoLibrary {
    static final int STOCK = 1;
    static final float INV_YEAR = 0x1.66db08p-9f;

    /** Made by {@link java.util.ServiceLoader}. */
    public VarTornado() {
        super(VarTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        var common = new Object[]{GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, INT, GLOBAL, FLOAT,
                PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT};
        into.add(new TornadoKernel("var.loadstore", sig(common), false, a -> bind(a, 0)));
        Object[] buffered = java.util.Arrays.copyOf(common, common.length + 6);
        buffered[common.length] = LOCAL;
        buffered[common.length + 1] = INT;
        buffered[common.length + 2] = LOCAL;
        buffered[common.length + 3] = FLOAT;
        buffered[common.length + 4] = LOCAL;
        buffered[common.length + 5] = INT;
        into.add(new TornadoKernel("var.singlebuffer", sig(buffered), false, a -> bind(a, 1)));
        into.add(new TornadoKernel("var.doublebuffer", sig(buffered), false, a -> bind(a, 2)));
        into.add(new TornadoKernel("var.normals", sig(GLOBAL, FLOAT, GLOBAL, INT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), VarTornado::normals, a.context(), a.floats(0), a.ints(1), a.intArg(2), a.intArg(3),
                        sims(a), a.constants().getInt("RNG"))));
    }

    private static int sims(LaunchArgs a) {
        return a.constants().getInt("SIMBS") * a.constants().getInt("VWIDTH");
    }

    private static void bind(LaunchArgs a, int variant) {
        if (a.constants().has("RELAXED") && a.constants().getInt("RELAXED") != 0) {
            throw new UnsupportedFeatureException("tornado has no relaxed-math VaR kernel (math=relaxed is OpenCL's native_exp2; use math=exact)");
        }
        // local elements per array: buffers · POSBS (1 for loadstore, which has none)
        int lbuf = variant == 0 ? 1 : a.localLength(10);
        a.graph().task(a.task(), VarTornado::var, a.context(), a.ints(0), a.floats(1), a.ints(2), a.floats(3), a.ints(4),
                a.floats(5), a.intArg(6), a.intArg(7), a.intArg(8), a.intArg(9), sims(a), a.constants().getInt("RNG"),
                variant, lbuf);
    }

    // ---- FloatMath without bit access ------------------------------------------------------

    /** (float) of x as unsigned, plus one, times 2^-32: in (0, 1]. */
    public static float uniform(int x) {
        float f = (float) (x & 0xFFFFFFFFL);
        f = f + 1.0f;
        return f * 0x1.0p-32f;
    }

//#def scaleToOneTwo
        int e = 0;
        while (m < 1.0f) {
            m = m * 2.0f;
            e = e - 1;
        }
        while (m >= 2.0f) {
            m = m * 0.5f;
            e = e + 1;
        }
//#end
    /** FloatMath.ln for u in (0, 1]: u = m·2^e with m in [1, 2) by exact doublings, then the same polynomial. */
    public static float ln(float u) {
        float m = u;
//#use scaleToOneTwo
        if (m > 0x1.6a09e6p+0f) {
            m = m * 0.5f;
            e = e + 1;
        }
        float f = m - 1.0f;
        float p = -0x1.38e072p-4f;
//#for c=0x1.087b72p-3f,-0x1.0f2c26p-3f,0x1.226874p-3f,-0x1.5427a8p-3f,0x1.99a476p-3f,-0x1.000428p-2f,0x1.55555p-2f,-0x1.fffff8p-2f,0x1.0p+0f
        p = p * f;
        p = p + $c$;
//#end
        float lf = f * p;
        float ef = (float) e;
        float hi = ef * 0x1.62e4p-1f;
        float lo = ef * 0x1.7f7d1cp-20f;
        lo = lo + lf;
        return hi + lo;
    }

    /**
     * FloatMath.sqrt: three Newton steps from the 0x5f3759df seed. The seed needs the bits of a
     * normal float a = m·2^e: {@code ((e + 127) << 23) | (m - 1)}·2^23, both exact; the seed's bits are
     * turned back into (1 + mantissa·2^-23)·2^exponent, exact too.
     */
    public static float sqrt(float a) {
        if (a == 0.0f) {
            return 0.0f;
        }
        float m = a;
//#use scaleToOneTwo
        int bits = ((e + 127) << 23) | (int) ((m - 1.0f) * 8388608.0f);
        int yb = 0x5f3759df - (bits >> 1);
        int ye = ((yb >> 23) & 0xff) - 127;
        float y = 1.0f + (float) (yb & 0x7fffff) * 0x1.0p-23f;
        while (ye > 0) {
            y = y * 2.0f;
            ye = ye - 1;
        }
        while (ye < 0) {
            y = y * 0.5f;
            ye = ye + 1;
        }
        float h = 0.5f * a;
        for (int i = 0; i < 3; i++) {
            float t = h * y;
            t = t * y;
            t = 1.5f - t;
            y = y * t;
        }
        return a * y;
    }

    /** FloatMath.sinCos2Pi's first result (sin 2πt); {@code cos} picks the second. */
    public static float sinCos2Pi(float t, int cos) {
        float t4 = t * 4.0f;
        t4 = t4 + 0.5f;
        int k = (int) t4;
        float kq = (float) k;
        kq = kq * 0.25f;
        float x = t - kq;
        float th = x * 0x1.921fb6p+2f;
        float th2 = th * th;
        float ps = 0x1.71de3ap-19f;
//#for c=-0x1.a01a02p-13f,0x1.111112p-7f,-0x1.555556p-3f
        ps = ps * th2;
        ps = ps + $c$;
//#end
        float th3 = th * th2;
        float sn = th3 * ps;
        sn = th + sn;
        float pc = -0x1.27e4fcp-22f;
//#for c=0x1.a01a02p-16f,-0x1.6c16c2p-10f,0x1.555556p-5f,-0x1.0p-1f
        pc = pc * th2;
        pc = pc + $c$;
//#end
        pc = pc * th2;
        float cs = 1.0f + pc;
        int q = k & 3;
        float s;
        float c;
        if (q == 0) {
            s = sn;
            c = cs;
        } else if (q == 1) {
            s = cs;
            c = -sn;
        } else if (q == 2) {
            s = -sn;
            c = -cs;
        } else {
            s = -cs;
            c = sn;
        }
        return cos == 1 ? c : s;
    }

    // ---- the kernels -----------------------------------------------------------------------

//#def revalue
                float a = $amount$;
                if ($type$ == STOCK) {
                    for (int j = 0; j < sims; j++) {
                        float v = a * ss[j];
                        sum[j] = sum[j] + v;
                    }
                } else {
                    float tau = (float) ($day$ - today);
                    tau = tau * INV_YEAR;
                    for (int j = 0; j < sims; j++) {
                        float e = -rr[j];
                        e = e * tau;
                        e = TornadoMath.exp(e);                 // float exp: Math.exp would compile to OpenCL's double exp
                        float v = a * xx[j];
                        v = v * e;
                        sum[j] = sum[j] + v;
                    }
                }
//#end
//#def draw
        int[] mt = new int[19];
        float[] zz = new float[3];
        int mi = 0;
        int ma = 0;
        int mb = 0;
        int mc = 0;
        float spare = 0.0f;
        int have = 0;
        if (rng == 1) {
            ma = mtp.get(4 * gid);
            mb = mtp.get(4 * gid + 1);
            mc = mtp.get(4 * gid + 2);
            mt[0] = mtp.get(4 * gid + 3) ^ seed0;
            for (int q = 1; q < 19; q++) {
                mt[q] = 1812433253 * (mt[q - 1] ^ ((mt[q - 1] >> 30) & 0x3)) + q;
            }
        }
        for (int j = 0; j < sims; j++) {
            int isim = gid * sims + j;
            if (rng == 0) {
                int c0 = isim;
                int c1 = 0;
                int c2 = 0;
                int c3 = 0;
                int k0 = seed0;
                int k1 = seed1;
                for (int r = 0; r < 10; r++) {
                    if (r > 0) {
                        k0 += 0x9E3779B9;
                        k1 += 0xBB67AE85;
                    }
                    long p0 = 0xD2511F53L * (c0 & 0xFFFFFFFFL);
                    long p1 = 0xCD9E8D57L * (c2 & 0xFFFFFFFFL);
                    int n0 = (int) (p1 >>> 32) ^ c1 ^ k0;
                    int n1 = (int) p1;
                    int n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
                    int n3 = (int) p0;
                    c0 = n0;
                    c1 = n1;
                    c2 = n2;
                    c3 = n3;
                }
                float r0 = sqrt(-2.0f * ln(uniform(c0)));
                float t0 = uniform(c1);
                zz[0] = r0 * sinCos2Pi(t0, 1);
                zz[1] = r0 * sinCos2Pi(t0, 0);
                float r1 = sqrt(-2.0f * ln(uniform(c2)));
                zz[2] = r1 * sinCos2Pi(uniform(c3), 1);
            } else {
                for (int q = 0; q < 3; q++) {
                    if (have == 1) {
                        have = 0;
                        zz[q] = spare;
                    } else {
                        int w0 = 0;
                        int w1 = 0;
                        for (int two = 0; two < 2; two++) {
                            int k1i = mi + 1 == 19 ? 0 : mi + 1;
                            int kmi = mi + 9 >= 19 ? mi + 9 - 19 : mi + 9;
                            int x = (mt[mi] & 0xFFFFFFFE) | (mt[k1i] & 0x1);
                            x = mt[kmi] ^ ((x >> 1) & 0x7FFFFFFF) ^ ((x & 1) != 0 ? ma : 0);
                            mt[mi] = x;
                            mi = k1i;
                            x ^= (x >> 12) & 0xFFFFF;
                            x ^= (x << 7) & mb;
                            x ^= (x << 15) & mc;
                            x ^= (x >> 18) & 0x3FFF;
                            if (two == 0) {
                                w0 = x;
                            } else {
                                w1 = x;
                            }
                        }
                        float r = sqrt(-2.0f * ln(uniform(w0)));
                        float t = uniform(w1);
                        zz[q] = r * sinCos2Pi(t, 1);
                        spare = r * sinCos2Pi(t, 0);
                        have = 1;
                    }
                }
            }
//#end
    /**
     * Draws the three normals of simulation j of work-item gid into z (Philox keyed by the
     * simulation index, or the next three of the work-item's MT607 stream, whose state mt holds
     * the 19 words; then i, a, b, c, the spare normal and whether it is pending). The same block,
     * one template snippet, is in {@link #var}: a helper that writes the kernel's private arrays was not tried, as
     * TornadoVM already miscompiles helpers that read KernelContext fields (see ReductionTornado).
     */
    public static void normals(KernelContext ctx, FloatArray z, IntArray mtp, int seed0, int seed1, int sims, int rng) {
        int gid = ctx.globalIdx;
//#use draw
            z.set(3 * isim, zz[0]);
            z.set(3 * isim + 1, zz[1]);
            z.set(3 * isim + 2, zz[2]);
        }
    }

    /**
     * The simulation: each work-item draws the market of its {@code sims} simulations, then
     * revalues the portfolio in each: variant 0 reads positions from global memory, 1 copies
     * blocks of POSBS into local memory first, 2 keeps two such blocks.
     */
    public static void var(KernelContext ctx, IntArray ptype, FloatArray pamount, IntArray pday, FloatArray simulation,
                           IntArray mtp, FloatArray market, int npos, int today, int seed0, int seed1, int sims, int rng,
                           int variant, int lbuf) {
        int gid = ctx.globalIdx;
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int[] ltype = ctx.allocateIntLocalArray(lbuf);
        float[] lamount = ctx.allocateFloatLocalArray(lbuf);
        int[] lday = ctx.allocateIntLocalArray(lbuf);
        float[] sum = new float[sims];
        float[] ss = new float[sims];
        float[] rr = new float[sims];
        float[] xx = new float[sims];
//#use draw
            // var_market: S, r, X from the normals and the Cholesky factor
            float ds = market.get(6) * zz[0];
            ds = market.get(3) + ds;
            ss[j] = market.get(0) + ds;
            float dr = market.get(7) * zz[0];
            float tt = market.get(8) * zz[1];
            dr = dr + tt;
            dr = market.get(4) + dr;
            rr[j] = market.get(1) + dr;
            float dx = market.get(9) * zz[0];
            tt = market.get(10) * zz[1];
            dx = dx + tt;
            tt = market.get(11) * zz[2];
            dx = dx + tt;
            dx = market.get(5) + dx;
            xx[j] = market.get(2) + dx;
            sum[j] = 0.0f;
        }
        if (variant == 0) {
            for (int p = 0; p < npos; p++) {
//#use revalue amount=pamount.get(p) type=ptype.get(p) day=pday.get(p)
            }
        } else {
            int posbs = lbuf / variant;
            int blocks = (npos + posbs - 1) / posbs;
            if (variant == 2) {
                int n0 = Math.min(posbs, npos);
                for (int i = lid; i < n0; i += size) {
                    ltype[i] = ptype.get(i);
                    lamount[i] = pamount.get(i);
                    lday[i] = pday.get(i);
                }
            }
            for (int b = 0; b < blocks; b++) {
                int base = b * posbs;
                int n = Math.min(posbs, npos - base);
                int o = 0;
                if (variant == 1) {
                    for (int i = lid; i < n; i += size) {
                        ltype[i] = ptype.get(base + i);
                        lamount[i] = pamount.get(base + i);
                        lday[i] = pday.get(base + i);
                    }
                } else {
                    o = (b & 1) * posbs;
                    if (b + 1 < blocks) {
                        int nb = Math.min(posbs, npos - base - posbs);
                        int on = ((b & 1) ^ 1) * posbs;
                        for (int i = lid; i < nb; i += size) {
                            ltype[on + i] = ptype.get(base + posbs + i);
                            lamount[on + i] = pamount.get(base + posbs + i);
                            lday[on + i] = pday.get(base + posbs + i);
                        }
                    }
                }
                ctx.localBarrier();                     // the block is in local memory
                for (int p = 0; p < n; p++) {
//#use revalue amount="lamount[o + p]" type="ltype[o + p]" day="lday[o + p]"
                }
                ctx.localBarrier();                     // nobody reads the block the next copy overwrites
            }
        }
        for (int j = 0; j < sims; j++) {
            simulation.set(gid * sims + j, sum[j]);
        }
    }
}
