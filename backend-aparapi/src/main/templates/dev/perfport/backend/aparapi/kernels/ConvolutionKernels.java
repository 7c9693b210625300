package dev.perfport.backend.aparapi.kernels;

import com.aparapi.Kernel.Constant;
import com.aparapi.Kernel.Local;
import com.google.auto.service.AutoService;
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
 * {@code readOnly} knob has no effect); no compile-time filter size (the adaptive variant's
 * unrolling is OpenCL C's only; here the loops run to the arguments).
 */
@AutoService(KernelLibrary.class)
public final class ConvolutionKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public ConvolutionKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("convolution.naive", Naive.class, c -> new Naive(), "in", "filt", "out", "W", "H", "Iw", "fw", "fh"),
                KernelSpec.of("convolution.tiled", TiledConst.class, c -> new TiledConst(),
                        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile"),
                KernelSpec.of("convolution.tiled_gf", TiledGlobal.class, c -> new TiledGlobal(),
                        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile"),
                KernelSpec.of("convolution.rows", Rows.class, c -> new Rows(), "in", "f", "out", "W", "rows", "Iw", "fw", "tx"),
                KernelSpec.of("convolution.cols", Cols.class, c -> new Cols(), "in", "f", "out", "W", "H", "fh", "ty"),
                KernelSpec.of("lazy.pixmax", PixelMax.class, c -> new PixelMax(), "r", "c", "n"));
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
    public static final class Tiled$M$ extends Args {
//#if M=Const
        @Constant float[] filt;
//#else
        float[] filt;
//#end
        int tx;
        int ty;
        int sw;
        @Local float[] tile;

        @Override
        public void run() {
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
