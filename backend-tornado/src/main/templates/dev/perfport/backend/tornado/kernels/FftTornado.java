package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.math.TornadoMath;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The FFT of seed 004 (workloads' fft.cl) in TornadoVM's Kernel API: Stockham passes of radix 2,
 * 4 or 8, {@code fused} (one work-group per transform, every pass, exchange through local or
 * global memory) and {@code pass} (one pass over the batch). The knobs (RADIX, SOA, LOCALX,
 * TWTABLE, SHARE) are scalar arguments, which TornadoVM compiles in, so each configuration is its
 * own compiled kernel as with OpenCL's -D. Every knob is expressed. The code is inline (snippets)
 * rather than in helpers: TornadoVM miscompiles some helper calls (see ReductionTornado).
 *
 * <p>Two TornadoVM 5.2 compiler failures shape the code once the radix is a constant: an uncounted
 * stage loop in the DFT ({@code h /= 2}) ended in "logic node LogicConstantNode", so the stages are
 * a counted loop; and TornadoVM folds the sine and cosine of a constant argument, which it cannot
 * compute ("unable to compute op COS"), even in code it then drops, so no pass with ns = 1 (all
 * twiddles 1) contains a twiddle computation.
 */
@AutoService(KernelLibrary.class)
public final class FftTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public FftTornado() {
        super(FftTornado::register);
    }

    /** Java rounds every product and has no native sin/cos: math other than precise would be claimed, not run. */
    private static void requirePreciseMath(Constants c) {
        if (c.has("FFT_MATH") && c.getInt("FFT_MATH") != 0) {
            throw new UnsupportedFeatureException("fft math=fma and math=relaxed are OpenCL C only; TornadoVM's kernels round as Java does: use math=precise");
        }
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("fft.fused", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT,
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
        }));
        into.add(new TornadoKernel("fft.pass", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, INT), false, a -> {
            Constants c = a.constants();
            requirePreciseMath(c);
            a.graph().task(a.task(), FftTornado::pass, a.context(), a.floats(0), a.floats(1), a.floats(2),
                    a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), c.getInt("SOA"), c.getInt("TWTABLE"));
        }).withNvidiaMaxRegisters(TornadoKernel.NVIDIA_LARGEST_LIMIT));   // 2^20: 1.77 -> 1.47x jocl (raw/i16-tornado-limit-call12)
    }

//#def twiddles
            for (int r = 1; r < radix; r++) {
                if (ktable == 1) {
                    int m = r * k * (n / (ns * radix));
                    twr[r] = tw.get(2 * m);
                    twi[r] = tw.get(2 * m + 1);
                } else {
                    // fft.cl's SINCOSPI: t = -2 m / M is exact and cospi/sinpi reduce it exactly, the same
                    // arithmetic as jocl's rows (against cos and sin of radians: no change measured on the H100)
                    float tp = (float) (r * k) * (-2.0f / (float) (ns * radix));
                    twr[r] = TornadoMath.cospi(tp);
                    twi[r] = TornadoMath.sinpi(tp);
                }
            }
//#end
//#def dft
//#if first=0
            for (int r = 1; r < radix; r++) {
                float xr = vr[r];
                float xi = vi[r];
                vr[r] = xr * twr[r] - xi * twi[r];
                vi[r] = xr * twi[r] + xi * twr[r];
            }
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
                    float ar = vr[i];
                    float ai = vi[i];
                    float br = vr[i + h];
                    float bi = vi[i + h];
                    vr[i] = ar + br;
                    vi[i] = ai + bi;
                    float dr = ar - br;
                    float di = ai - bi;
                    // exp(-2*pi*i*e/8), e = 0..3
                    float wr = e == 0 ? 1f : (e == 2 ? 0f : (e == 1 ? 0.70710678118654752f : -0.70710678118654752f));
                    float wi = e == 0 ? 0f : (e == 2 ? -1f : -0.70710678118654752f);
                    vr[i + h] = e == 0 ? dr : dr * wr - di * wi;
                    vi[i + h] = e == 0 ? di : dr * wi + di * wr;
                }
            }
            int d = (j - k) * radix + k;
//#end
//#def revq
                int q = radix == 8 ? ((m & 1) << 2) | (m & 2) | (m >> 2) : (radix == 4 ? ((m & 1) << 1) | (m >> 1) : m);
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
//#use twiddles
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
            int per = n / radix;
            int cnt = per / wg;
            int same = n / (radix * ns);
            for (int t = 0; t < cnt; t++) {
                int j = lid + t * wg;
                int k = j & (ns - 1);
                int fresh = 1;
                if (kshare == 1) {
                    int q0 = lid * cnt + t;
                    int s = q0 % same;
                    k = q0 / same;
                    j = s * ns + k;
                    fresh = t == 0 || s == 0 ? 1 : 0;
                }
//#if first=0
                if (fresh == 1) {
//#use twiddles
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
}
