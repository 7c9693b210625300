package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.CONSTANT;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The convolution study of seed 002 (workloads' convolution.cl) in TornadoVM's Kernel API: naive,
 * tiled in local memory, and the separable passes; dimension 0 along x (globalIdx), 1 along y.
 *
 * <p>What the Kernel API cannot say: no {@code __constant} parameters (a CONSTANT filter is a
 * global array the kernel only reads, so {@code tiled} and {@code tiled_gf} are the same method),
 * no {@code restrict} (readOnly has no effect), no private arrays of a launch-given size (the tiled
 * kernel's tx·ty outputs live in an array of {@value #OUTPUTS}). The filter size and tile factors
 * are scalar arguments, which TornadoVM compiles in, so its loops may unroll as OpenCL C's adaptive
 * kernel's do.
 */
@AutoService(KernelLibrary.class)
public final class ConvolutionTornado extends TornadoLibrary {
    /** Outputs per work-item the tiled kernel holds in private memory (the workload's largest tile factors: 8×8). */
    static final int OUTPUTS = 64;

    /** Made by {@link java.util.ServiceLoader}. */
    public ConvolutionTornado() {
        super(ConvolutionTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("convolution.naive",
                sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), ConvolutionTornado::naive, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7))));
        for (var level : List.of(CONSTANT, GLOBAL)) {
            into.add(new TornadoKernel(level == CONSTANT ? "convolution.tiled" : "convolution.tiled_gf",
                    sig(GLOBAL, FLOAT, level, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                            PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, LOCAL, FLOAT), false,
                    a -> {
                        if (a.intArg(8) * a.intArg(9) > OUTPUTS) {
                            throw new UnsupportedFeatureException("tx*ty = " + a.intArg(8) * a.intArg(9)
                                    + " outputs per work-item exceed the " + OUTPUTS + " the TornadoVM kernel holds in private memory");
                        }
                        a.graph().task(a.task(), ConvolutionTornado::tiled, a.context(), a.floats(0), a.floats(1), a.floats(2),
                                a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8), a.intArg(9), a.intArg(10),
                                a.localLength(11));
                    }));
        }
        into.add(new TornadoKernel("convolution.rows",
                sig(GLOBAL, FLOAT, CONSTANT, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), ConvolutionTornado::rows, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7))));
        into.add(new TornadoKernel("lazy.pixmax", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), ConvolutionTornado::pixelMax, a.context(), a.floats(0), a.floats(1), a.intArg(2))));
        into.add(new TornadoKernel("convolution.cols",
                sig(GLOBAL, FLOAT, CONSTANT, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), ConvolutionTornado::cols, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6))));
    }

    /** Naive: one work-item per output. */
    /** The line detection's fold (workloads' LineDetection): r = max(r, c), one work-item per pixel. */
    public static void pixelMax(KernelContext ctx, FloatArray r, FloatArray c, int n) {
        int i = ctx.globalIdx;
        if (i < n) r.set(i, Math.max(r.get(i), c.get(i)));
    }

    public static void naive(KernelContext ctx, FloatArray in, FloatArray filt, FloatArray out, int w, int h, int iw, int fw, int fh) {
        int x = ctx.globalIdx;
        int y = ctx.globalIdy;
        if (x < w && y < h) {
            float sum = 0.0f;
            for (int j = 0; j < fh; j++) {
                for (int i = 0; i < fw; i++) {
                    float p = in.get((y + j) * iw + x + i) * filt.get(j * fw + i);
                    sum += p;
                }
            }
            out.set(y * w + x, sum);
        }
    }

    /** Tiled: the cooperative tile load of the thesis's Fig. 3.7 into local memory, then tx·ty outputs per work-item. */
    public static void tiled(KernelContext ctx, FloatArray in, FloatArray filt, FloatArray out, int w, int h, int iw, int fw, int fh,
                             int tx, int ty, int sw, int tileLength) {
        float[] tile = ctx.allocateFloatLocalArray(tileLength);
        int lx = ctx.localIdx;
        int ly = ctx.localIdy;
        int bw = ctx.localGroupSizeX;
        int bh = ctx.localGroupSizeY;
        int ox0 = ctx.groupIdx * bw * tx;
        int oy0 = ctx.groupIdy * bh * ty;
        int tw = bw * tx + fw - 1;
        int th = bh * ty + fh - 1;
        int ih = h + fh - 1;
        for (int j = ly; j < th; j += bh) {
            int gy = oy0 + j;
            for (int i = lx; i < tw; i += bw) {
                int gx = ox0 + i;
                float v = 0.0f;
                if (gy < ih && gx < iw) {
                    v = in.get(gy * iw + gx);
                }
                tile[j * sw + i] = v;
            }
        }
        ctx.localBarrier();
        // convolution.cl's order: each filter weight loaded once for the tx·ty outputs, held in a
        // private array whose indices are constants once TornadoVM compiles tx and ty in (1.95x jocl
        // when the outputs were summed one after another, reloading every weight)
        float[] acc = new float[OUTPUTS];
        for (int o = 0; o < ty * tx; o++) {
            acc[o] = 0.0f;
        }
        for (int j = 0; j < fh; j++) {
            for (int i = 0; i < fw; i++) {
                float f = filt.get(j * fw + i);
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
                if (x < w && y < h) {
                    out.set(y * w + x, acc[a * tx + b]);
                }
            }
        }
    }

    /** out[o] = the sum over i < n of in[at + i*step] * f[i] (both separable passes; TornadoVM inlines it). */
    static void taps(FloatArray in, FloatArray f, FloatArray out, int o, int at, int step, int n) {
        float sum = 0.0f;
        for (int i = 0; i < n; i++) {
            float p = in.get(at + i * step) * f.get(i);
            sum += p;
        }
        out.set(o, sum);
    }

    /** Separable, horizontal pass: tx outputs per work-item along the row. */
    public static void rows(KernelContext ctx, FloatArray in, FloatArray fr, FloatArray out, int w, int rows, int iw, int fw, int tx) {
        int bw = ctx.localGroupSizeX;
        int x0 = ctx.groupIdx * bw * tx + ctx.localIdx;
        int y = ctx.globalIdy;
        if (y < rows) {
            for (int b = 0; b < tx; b++) {
                int x = x0 + b * bw;
                if (x < w) {
                    taps(in, fr, out, y * w + x, y * iw + x, 1, fw);
                }
            }
        }
    }

    /** Separable, vertical pass: ty outputs per work-item down the column. */
    public static void cols(KernelContext ctx, FloatArray in, FloatArray fc, FloatArray out, int w, int h, int fh, int ty) {
        int bh = ctx.localGroupSizeY;
        int x = ctx.globalIdx;
        int y0 = ctx.groupIdy * bh * ty + ctx.localIdy;
        if (x < w) {
            for (int a = 0; a < ty; a++) {
                int y = y0 + a * bh;
                if (y < h) {
                    taps(in, fc, out, y * w + x, y * w + x, w, fh);
                }
            }
        }
    }
}
