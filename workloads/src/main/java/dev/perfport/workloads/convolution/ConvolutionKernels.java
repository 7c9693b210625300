package dev.perfport.workloads.convolution;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.Arrays;

/**
 * The kernels of the convolution study (seed 002 §4): their definitions, the OpenCL C
 * ({@code convolution.cl}) and the Java work-group implementations. Aparapi and TornadoVM
 * implementations live in their backends.
 *
 * <p>Arguments: {@code in} (the input with its border, Iw = W+Fw-1 wide), {@code filt} (Fw×Fh,
 * row-major; CONSTANT memory, or GLOBAL for the {@code _gf} definitions and the naive kernel),
 * {@code out} (W×H), then the scalars W, H, Iw, fw, fh; the tiled kernel adds the tile factors tx,
 * ty, the local row stride sw and the LOCAL tile of (BH·ty+Fh-1)·sw floats. The separable passes
 * are {@code rows} (in, fr, tmp, W, rows, Iw, fw, tx) and {@code cols} (tmp, fc, out, W, H, fh, ty).
 *
 * <p>The Java kernels are what a Cell programmer writes: the tiled kernel brings its tile and
 * border into the local store by DMA (one copy per tile row) and the filter once per group, and
 * sends each row of results back by DMA; the naive kernel and the separable passes read through
 * the software cache. They declare one FLOAT per multiply-add.
 */
public final class ConvolutionKernels {
    static final String SOURCE = Sources.load(ConvolutionKernels.class, "convolution.cl");
    /** Argument index of the local tile of the tiled kernel. */
    static final int TILE_ARG = 11;

    private ConvolutionKernels() {
    }

    /** The definition with its two implementations: the OpenCL C entry point and the Java work-group body. */
    private static KernelDef withImpls(KernelDef.Builder definition, String entry, WorkGroupKernel group) {
        return definition.impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(c -> group, 0))
                .build();
    }

    /** Naive: one work-item per output, filter in global memory (thesis Fig. 3.1b). */
    public static KernelDef naive() {
        return withImpls(args("convolution.naive", false)
                .defaults(Constants.of("FILTER_GLOBAL", 1)),
                "conv_naive", ConvolutionKernels::naiveGroup);
    }

    /** Tiled in local memory, tx×ty outputs per work-item; the filter in constant or global memory. */
    public static KernelDef tiled(boolean constantFilter) {
        return withImpls(args(constantFilter ? "convolution.tiled" : "convolution.tiled_gf", constantFilter)
                .scalar("tx", ElemType.INT).scalar("ty", ElemType.INT).scalar("sw", ElemType.INT)
                .local("tile", ElemType.FLOAT)
                .defaults(Constants.of("FILTER_GLOBAL", constantFilter ? 0 : 1)),
                "conv_tiled", ConvolutionKernels::tiledGroup);
    }

    /** Separable, horizontal pass: tmp(y, x) = Σ in(y, x+i)·fr(i) over every input row. */
    public static KernelDef rows() {
        return withImpls(KernelDef.builder("convolution.rows")
                .global("in", ElemType.FLOAT, Access.READ).constantBuffer("fr", ElemType.FLOAT)
                .global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("rows", ElemType.INT).scalar("Iw", ElemType.INT)
                .scalar("fw", ElemType.INT).scalar("tx", ElemType.INT),
                "conv_rows", ConvolutionKernels::rowsGroup);
    }

    /** Separable, vertical pass: out(y, x) = Σ tmp(y+j, x)·fc(j). */
    public static KernelDef cols() {
        return withImpls(KernelDef.builder("convolution.cols")
                .global("in", ElemType.FLOAT, Access.READ).constantBuffer("fc", ElemType.FLOAT)
                .global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("H", ElemType.INT).scalar("fh", ElemType.INT).scalar("ty", ElemType.INT),
                "conv_cols", ConvolutionKernels::colsGroup);
    }

    private static KernelDef.Builder args(String name, boolean constantFilter) {
        KernelDef.Builder b = KernelDef.builder(name).global("in", ElemType.FLOAT, Access.READ);
        b = constantFilter ? b.constantBuffer("filt", ElemType.FLOAT) : b.global("filt", ElemType.FLOAT, Access.READ);
        return b.global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("W", ElemType.INT).scalar("H", ElemType.INT).scalar("Iw", ElemType.INT)
                .scalar("fw", ElemType.INT).scalar("fh", ElemType.INT);
    }

    // ---- Java work-group implementations ---------------------------------------------------
    // Argument indices: 0 in, 1 filt, 2 out, 3 W, 4 H, 5 Iw, 6 fw, 7 fh, 8 tx, 9 ty, 10 sw, 11 tile.

    private static void naiveGroup(WorkGroup g) {
        GlobalFloats in = g.floats(0), f = g.floats(1), out = g.floats(2);
        int w = g.intArg(3), h = g.intArg(4), iw = g.intArg(5), fw = g.intArg(6), fh = g.intArg(7);
        int bw = g.localSize(0), bh = g.localSize(1);
        int x0 = (int) g.groupId(0) * bw, y0 = (int) g.groupId(1) * bh;
        long active = 0;
        for (int ly = 0; ly < bh; ly++) {
            int y = y0 + ly;
            for (int lx = 0; lx < bw; lx++) {
                int x = x0 + lx;
                if (x >= w || y >= h) continue;
                float sum = 0f;
                for (int j = 0; j < fh; j++) {
                    for (int i = 0; i < fw; i++) {
                        float p = in.get((y + j) * iw + x + i) * f.get(j * fw + i);
                        sum += p;
                    }
                }
                out.set(y * w + x, sum);
                active++;
            }
        }
        g.ops(Op.FLOAT, active * fw * fh);
        g.ops(Op.INT, (long) bw * bh * 4);
    }

    private static void tiledGroup(WorkGroup g) {
        GlobalFloats in = g.floats(0), f = g.floats(1), out = g.floats(2);
        int w = g.intArg(3), h = g.intArg(4), iw = g.intArg(5), fw = g.intArg(6), fh = g.intArg(7);
        int tx = g.intArg(8), ty = g.intArg(9), sw = g.intArg(10);
        float[] tile = g.localFloats(TILE_ARG);
        int bw = g.localSize(0), bh = g.localSize(1);
        int ox0 = (int) g.groupId(0) * bw * tx, oy0 = (int) g.groupId(1) * bh * ty;
        int tw = bw * tx + fw - 1, th = bh * ty + fh - 1, ih = h + fh - 1;
        // the tile and its border by DMA, one copy per row, clipped at the image's edge; the
        // filter once per group (at most 33×33 floats, 4.3 KB of the local store)
        int n = Math.max(0, Math.min(tw, iw - ox0));
        long last = 0;
        for (int j = 0; j < th; j++) {
            int gy = oy0 + j;
            if (gy < ih && n > 0) last = Math.max(last, g.asyncCopy(tile, j * sw, in, gy * iw + ox0, n));
            Arrays.fill(tile, j * sw + (gy < ih ? n : 0), j * sw + tw, 0f);
        }
        float[] wts = new float[fw * fh];
        last = Math.max(last, g.asyncCopy(wts, 0, f, 0, fw * fh));
        g.waitEvents(last);
        int rowLen = bw * tx;
        float[] row = new float[rowLen];
        long outEvent = 0;
        long active = 0;
        for (int a = 0; a < ty; a++) {
            for (int ly = 0; ly < bh; ly++) {
                int y = oy0 + ly + a * bh;
                if (y >= h) continue;
                // one output row of the group: every work-item ly's b-th output of row a
                for (int c = 0; c < rowLen; c++) {
                    float sum = 0f;
                    int base = (ly + a * bh) * sw + c;
                    for (int j = 0; j < fh; j++) {
                        int t = base + j * sw, fj = j * fw;
                        for (int i = 0; i < fw; i++) {
                            float p = tile[t + i] * wts[fj + i];
                            sum += p;
                        }
                    }
                    row[c] = sum;
                }
                int m = Math.min(rowLen, w - ox0);
                if (m > 0) {
                    if (outEvent != 0) g.waitEvents(outEvent);   // the staging row is reused
                    outEvent = g.asyncCopy(out, y * w + ox0, row, 0, m);
                    active += m;
                }
            }
        }
        if (outEvent != 0) g.waitEvents(outEvent);
        g.ops(Op.FLOAT, active * fw * fh);
        g.ops(Op.LOCAL_MEM, (long) th * tw);
        g.ops(Op.INT, (long) bw * bh * tx * ty * 4);
    }

    private static void rowsGroup(WorkGroup g) {
        GlobalFloats in = g.floats(0), f = g.floats(1), out = g.floats(2);
        int w = g.intArg(3), rows = g.intArg(4), iw = g.intArg(5), fw = g.intArg(6), tx = g.intArg(7);
        int bw = g.localSize(0), bh = g.localSize(1);
        int x0 = (int) g.groupId(0) * bw * tx, y0 = (int) g.groupId(1) * bh;
        long active = 0;
        for (int ly = 0; ly < bh; ly++) {
            int y = y0 + ly;
            if (y >= rows) continue;
            for (int c = 0; c < bw * tx; c++) {
                int x = x0 + c;
                if (x >= w) break;
                float sum = 0f;
                for (int i = 0; i < fw; i++) {
                    float p = in.get(y * iw + x + i) * f.get(i);
                    sum += p;
                }
                out.set(y * w + x, sum);
                active++;
            }
        }
        g.ops(Op.FLOAT, active * fw);
        g.ops(Op.INT, (long) bw * bh * tx * 4);
    }

    private static void colsGroup(WorkGroup g) {
        GlobalFloats in = g.floats(0), f = g.floats(1), out = g.floats(2);
        int w = g.intArg(3), h = g.intArg(4), fh = g.intArg(5), ty = g.intArg(6);
        int bw = g.localSize(0), bh = g.localSize(1);
        int x0 = (int) g.groupId(0) * bw, y0 = (int) g.groupId(1) * bh * ty;
        long active = 0;
        for (int r = 0; r < bh * ty; r++) {
            int y = y0 + r;
            if (y >= h) break;
            for (int lx = 0; lx < bw; lx++) {
                int x = x0 + lx;
                if (x >= w) break;
                float sum = 0f;
                for (int j = 0; j < fh; j++) {
                    float p = in.get((y + j) * w + x) * f.get(j);
                    sum += p;
                }
                out.set(y * w + x, sum);
                active++;
            }
        }
        g.ops(Op.FLOAT, active * fh);
        g.ops(Op.INT, (long) bw * bh * ty * 4);
    }
}
