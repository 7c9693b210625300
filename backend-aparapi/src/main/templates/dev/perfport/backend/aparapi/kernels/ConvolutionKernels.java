package dev.perfport.backend.aparapi.kernels;

import com.aparapi.Kernel.Constant;
import com.aparapi.Kernel.Local;
import com.aparapi.Kernel.PrivateMemorySpace;
import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The convolution study of seed 002 (workloads' {@code convolution.cl}) as Aparapi kernels: naive,
 * tiled in local memory (tx×ty outputs per work-item; filter in constant or global memory, one
 * class each, from this template), and the separable row and column passes. Dimension 0 runs along
 * x, dimension 1 along y. Also the line detection's pixel-wise max ({@code lazy.pixmax}).
 *
 * <p>What Aparapi cannot say: it has no private arrays of a size given at launch, so a work-item
 * of the tiled kernel accumulates its tx·ty outputs one after another (each reloads the filter
 * weight, which OpenCL C keeps in a register for all of them); no {@code restrict} (the
 * {@code readOnly} knob has no effect); no unroll pragma. The adaptive variant's compile-time
 * filter size and tile factors (FW, FH, TX, TY) become constants of a class per configuration
 * ({@link Specialiser}), so the OpenCL compiler sees literal loop bounds, as with convolution.cl's -D.
 */
@AutoService(KernelLibrary.class)
public final class ConvolutionKernels implements KernelLibrary {
    /** Outputs per work-item the tiled kernels hold in private memory (the workload's largest tile factors: 8×8). */
    public static final int OUTPUTS = 64;

    /** Made by {@link java.util.ServiceLoader}. */
    public ConvolutionKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("convolution.naive", Naive.class, c -> new Naive(), "in", "filt", "out", "W", "H", "Iw", "fw", "fh"),
                KernelSpec.of("convolution.tiled", TiledConst.class, c -> Specialiser.of(TiledConst.class, compiledIn(c)),
                        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile"),
                KernelSpec.of("convolution.tiled_gf", TiledGlobal.class, c -> Specialiser.of(TiledGlobal.class, compiledIn(c)),
                        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile"),
                KernelSpec.of("convolution.rows", Rows.class, c -> new Rows(), "in", "f", "out", "W", "rows", "Iw", "fw", "tx"),
                KernelSpec.of("convolution.cols", Cols.class, c -> new Cols(), "in", "f", "out", "W", "H", "fh", "ty"),
                KernelSpec.of("lazy.pixmax", PixelMax.class, c -> new PixelMax(), "r", "c", "n"));
    }

    /**
     * FW, FH, TX, TY where the definition's constants give them (the adaptive variant compiles the
     * filter size and tile factors in, as convolution.cl's -D does), else zeros: the tiled kernels
     * then read them from their arguments. {@link Specialiser} makes them constants of the class.
     */
    static int[] compiledIn(Constants c) {
        // without specialising, constants would stay kernel arguments and acc's indices run-time values
        // (its array then lives in slow memory: 9x on the H100); the argument path is the comparison
        if (!Specialiser.enabled() || !c.has("FW") || !c.has("FH") || !c.has("TX") || !c.has("TY")) return new int[4];
        return new int[]{c.getInt("FW"), c.getInt("FH"), c.getInt("TX"), c.getInt("TY")};
    }

    /** The line detection's fold (workloads' LineDetection): r = max(r, c), one work-item per pixel. */
    public static final class PixelMax extends PerfportKernel {
        float[] r;
        float[] c;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) r[i] = max(r[i], c[i]);
        }
    }

    /** The image arguments of the 2-D kernels. */
    public abstract static class Args extends PerfportKernel {
        float[] in;
        float[] out;
        int W;
        int H;
        int Iw;
        int fw;
        int fh;
    }

    /** Naive: one work-item per output, filter in global memory. */
    public static final class Naive extends Args {
        float[] filt;

        @Override
        public void run() {
            int x = getGlobalId(0);
            int y = getGlobalId(1);
            if (x < W && y < H) {
                float sum = 0f;
                for (int j = 0; j < fh; j++) {
                    for (int i = 0; i < fw; i++) {
                        float p = in[(y + j) * Iw + x + i] * filt[j * fw + i];
                        sum += p;
                    }
                }
                out[y * W + x] = sum;
            }
        }
    }

//#for M=Const,Global
    /** Tiled in local memory, filter in $M$ memory: the cooperative tile load of the thesis's Fig. 3.7, then tx·ty outputs. */
    public static class Tiled$M$ extends Args {
//#if M=Const
        @Constant float[] filt;
//#else
        float[] filt;
//#end
        int tx;
        int ty;
        int sw;
        @Local float[] tile;
        /** The tx·ty outputs of a work-item when the tile factors are compiled in (at most {@value #OUTPUTS}). */
        @PrivateMemorySpace(OUTPUTS) float[] acc = new float[OUTPUTS];
        /** FW, FH, TX, TY compiled in (a specialised class folds them), or 0: the arguments'. They must agree with the arguments. */
        final int kfw;
        final int kfh;
        final int ktx;
        final int kty;

        Tiled$M$(int[] v) {
            if (v[2] * v[3] > OUTPUTS) {
                throw new UnsupportedFeatureException("TX*TY = " + v[2] * v[3] + " outputs per work-item exceed the " + OUTPUTS
                        + " the Aparapi kernel holds in private memory");
            }
            kfw = v[0];
            kfh = v[1];
            ktx = v[2];
            kty = v[3];
        }

        /** Every work-item thread of the Java thread pool runs a clone: it needs a private array of its own. */
        @Override
        public Tiled$M$ clone() {
            Tiled$M$ k = (Tiled$M$) super.clone();
            k.acc = new float[OUTPUTS];
            return k;
        }

        @Override
        public void run() {
            int fw = kfw > 0 ? kfw : this.fw;
            int fh = kfh > 0 ? kfh : this.fh;
            int tx = ktx > 0 ? ktx : this.tx;
            int ty = kty > 0 ? kty : this.ty;
            int lx = getLocalId(0);
            int ly = getLocalId(1);
            int bw = getLocalSize(0);
            int bh = getLocalSize(1);
            int ox0 = getGroupId(0) * bw * tx;
            int oy0 = getGroupId(1) * bh * ty;
            int tw = bw * tx + fw - 1;
            int th = bh * ty + fh - 1;
            int ih = H + fh - 1;
            for (int j = ly; j < th; j += bh) {
                int gy = oy0 + j;
                for (int i = lx; i < tw; i += bw) {
                    int gx = ox0 + i;
                    float v = 0f;
                    if (gy < ih && gx < Iw) v = in[gy * Iw + gx];
                    tile[j * sw + i] = v;
                }
            }
            localBarrier();
            if (ktx > 0) {
                // compiled in (adaptive): convolution.cl's order, each filter weight loaded once for the
                // tx·ty outputs, which a specialised class keeps in registers (constant indices)
                for (int o = 0; o < ty * tx; o++) acc[o] = 0f;
                for (int j = 0; j < fh; j++) {
                    for (int i = 0; i < fw; i++) {
                        float f = filt[j * fw + i];
                        for (int a = 0; a < ty; a++) {
                            for (int b = 0; b < tx; b++) {
                                float p = tile[(ly + a * bh + j) * sw + lx + b * bw + i] * f;
                                acc[a * tx + b] += p;
                            }
                        }
                    }
                }
                for (int a = 0; a < ty; a++) {
                    int y = oy0 + ly + a * bh;
                    for (int b = 0; b < tx; b++) {
                        int x = ox0 + lx + b * bw;
                        if (x < W && y < H) out[y * W + x] = acc[a * tx + b];
                    }
                }
            } else {
                // tile factors from the arguments: no private array of their size, one output after another
                for (int a = 0; a < ty; a++) {
                    for (int b = 0; b < tx; b++) {
                        float sum = 0f;
                        for (int j = 0; j < fh; j++) {
                            for (int i = 0; i < fw; i++) {
                                float p = tile[(ly + a * bh + j) * sw + lx + b * bw + i] * filt[j * fw + i];
                                sum += p;
                            }
                        }
                        int x = ox0 + lx + b * bw;
                        int y = oy0 + ly + a * bh;
                        if (x < W && y < H) out[y * W + x] = sum;
                    }
                }
            }
        }
    }

//#end
    /** The separable passes' arrays (f: the pass's 1-D filter, fr or fc) and their inner loop. */
    public abstract static class Pass extends PerfportKernel {
        float[] in;
        @Constant float[] f;
        float[] out;
        int W;

        /** out[o] = the sum over i < n of in[at + i*step] * f[i], in the order of the double-precision check. */
        void taps(int o, int at, int step, int n) {
            float sum = 0f;
            for (int i = 0; i < n; i++) {
                float p = in[at + i * step] * f[i];
                sum += p;
            }
            out[o] = sum;
        }
    }

    /** Separable, horizontal pass: tx outputs per work-item, one block apart along the row. */
    public static final class Rows extends Pass {
        int rows;
        int Iw;
        int fw;
        int tx;

        @Override
        public void run() {
            int bw = getLocalSize(0);
            int x0 = getGroupId(0) * bw * tx + getLocalId(0);
            int y = getGlobalId(1);
            if (y < rows) {
                for (int b = 0; b < tx; b++) {
                    int x = x0 + b * bw;
                    if (x < W) {
                        taps(y * W + x, y * Iw + x, 1, fw);
                    }
                }
            }
        }
    }

    /** Separable, vertical pass: ty outputs per work-item, one block apart down the column. */
    public static final class Cols extends Pass {
        int H;
        int fh;
        int ty;

        @Override
        public void run() {
            int bh = getLocalSize(1);
            int x = getGlobalId(0);
            int y0 = getGroupId(1) * bh * ty + getLocalId(1);
            if (x < W) {
                for (int a = 0; a < ty; a++) {
                    int y = y0 + a * bh;
                    if (y < H) {
                        taps(y * W + x, y * W + x, W, fh);
                    }
                }
            }
        }
    }
}
