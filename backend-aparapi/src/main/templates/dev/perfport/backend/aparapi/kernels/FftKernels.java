package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The FFT of seed 004 (workloads' fft.cl) as Aparapi kernels: Stockham passes of radix 2, 4 or 8,
 * {@link Fused} (one work-group per transform, every pass, exchange through local or global
 * memory) and {@link Pass} (one pass over the batch). Found as a {@link KernelLibrary} service.
 *
 * <p>How the knobs map: Aparapi has no {@code -D}, so RADIX, SOA, LOCALX, TWTABLE and SHARE arrive
 * through the constructor as final fields; Aparapi passes them to the OpenCL kernel as arguments,
 * so the radix loops are not unrolled at compile time as in OpenCL C (the registers are private
 * arrays of 8, {@code @PrivateMemorySpace}). Every knob is expressed; the exchange between the
 * fused passes is a {@code localGlobalBarrier()}.
 */
@AutoService(KernelLibrary.class)
public final class FftKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public FftKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("fft.fused", Fused.class, Fused::new, "in", "out", "tmp", "tw", "n", "batch", "lre", "lim"),
                KernelSpec.of("fft.pass", Pass.class, Pass::new, "src", "dst", "tw", "n", "batch", "ns", "radix"));
    }

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
            if (c.has("FFT_MATH") && c.getInt("FFT_MATH") != 0) {   // Java rounds every product and has no native sin/cos
                throw new UnsupportedFeatureException("fft math=fma and math=relaxed are OpenCL C only; Aparapi's kernels round as Java does: use math=precise");
            }
            kRadix = c.getInt("RADIX");
            kSoa = c.getInt("SOA");
            kLocal = c.getInt("LOCALX");
            kTable = c.getInt("TWTABLE");
            kShare = c.getInt("SHARE");
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

//#def twiddles
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
                for (int r = 1; r < radix; r++) {
                    float xr = vr[r];
                    float xi = vi[r];
                    vr[r] = xr * twr[r] - xi * twi[r];
                    vi[r] = xr * twi[r] + xi * twr[r];
                }
                // the radix-point DFT in registers: radix-2 decimation in frequency, output bit-reversed
                for (int h = radix / 2; h >= 1; h = h / 2) {
                    for (int i = 0; i < radix; i++) {
                        if ((i & h) == 0) {
                            int e = (i & (h - 1)) * (4 / h);
                            float ar = vr[i];
                            float ai = vi[i];
                            float br = vr[i + h];
                            float bi = vi[i + h];
                            vr[i] = ar + br;
                            vi[i] = ai + bi;
                            float dr = ar - br;
                            float di = ai - bi;
                            if (e == 0) {
                                vr[i + h] = dr;
                                vi[i + h] = di;
                            } else {
                                // exp(-2*pi*i*e/8), e = 1..3
                                float wr = e == 2 ? 0f : (e == 1 ? C8 : -C8);
                                float wi = e == 2 ? -1f : -C8;
                                vr[i + h] = dr * wr - di * wi;
                                vi[i + h] = dr * wi + di * wr;
                            }
                        }
                    }
                }
                int d = (j - k) * radix + k;
                for (int m = 0; m < radix; m++) {
                    // bit reversal from a table of nibbles: LLVM makes the shift-and-mask form llvm.bitreverse.i3, which Oclgrind cannot run
                    int q = radix == 8 ? (0x73516240 >> (4 * m)) & 7 : (radix == 4 ? (0x3120 >> (4 * m)) & 3 : m);
                    $STORE$;
                }
//#end

    /** One pass over every butterfly of the batch (fft.cl's fft_pass). */
    public static final class Pass extends FftBase {
        float[] src;
        float[] dst;
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
//#use twiddles
//#use butterfly LOADRE="kSoa == 1 ? src[base + i] : src[2 * (base + i)]" LOADIM="kSoa == 1 ? src[total + base + i] : src[2 * (base + i) + 1]" STORE="store(base + d + m * ns, total, vr[q], vi[q])"
            }
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
                int per = n / radix;
                int cnt = per / wg;
                int same = n / (radix * ns);
                for (int t = 0; t < cnt; t++) {
                    int j = lid + t * wg;
                    int k = j & (ns - 1);
                    int fresh = 1;
                    if (kShare == 1) {
                        int q = lid * cnt + t;
                        int s = q % same;
                        k = q / same;
                        j = s * ns + k;
                        fresh = t == 0 || s == 0 ? 1 : 0;
                    }
                    if (fresh == 1) {
//#use twiddles
                    }
//#use butterfly LOADRE="load(rsel, 0, base, i, total)" LOADIM="load(rsel, 1, base, i, total)" STORE="store(wsel, base, d + m * ns, total, vr[q], vi[q])"
                }
                ns = ns * radix;
                localGlobalBarrier();
            }
        }
    }
}
