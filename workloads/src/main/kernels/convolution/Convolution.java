import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import java.util.Arrays;

/**
 * The convolution study of seed 002 (convolution.cl) in the Java routes: naive, tiled in local
 * memory (tx×ty outputs per work-item; filter in constant or global memory), and the separable row
 * and column passes; dimension 0 runs along x, dimension 1 along y. Also the line detection's
 * pixel-wise max ({@code lazy.pixmax}).
 *
 * <p>What the Java routes cannot say: no private arrays of a size given at launch (the tiled
 * kernels' tx·ty outputs live in an array of {@code OUTPUTS}), no {@code restrict} (the
 * {@code readOnly} knob has no effect), no unroll pragma; TornadoVM has no {@code __constant}
 * parameters (a CONSTANT filter is a global array it only reads).
 */
    /** Outputs per work-item the tiled kernels hold in private memory (the workload's largest tile factors: 8×8). */
    public static final int OUTPUTS = 64;

    /**
     * Refuses the OpenCL C forms the Java kernels do not have, so that no row claims them: adjacent outputs (the Java tiled
     * kernels space a work-item's outputs one block apart) and fused multiply-adds (Java rounds each product).
     */
    static void requireJavaForm(Constants c, String route) {
        if (c.has("ADJACENT") && c.getInt("ADJACENT") == 1) {
            throw new UnsupportedFeatureException("convolution adjacent=1 is OpenCL C only: " + route + "'s tiled kernel spaces a work-item's "
                    + "outputs one block apart; use adjacent=0");
        }
        if (c.has("CONV_FMA") && c.getInt("CONV_FMA") == 1) {
            throw new UnsupportedFeatureException("convolution math=fma is OpenCL C only: " + route + " rounds each product as Java does; use math=precise");
        }
    }

//#if R=wg
    // its own forms: the emulator's tiled kernel moves its tile and results by DMA, and every kernel charges its group's operations
    // ---- Java work-group implementations ---------------------------------------------------
    // Argument indices: 0 in, 1 filt, 2 out, 3 W, 4 H, 5 Iw, 6 fw, 7 fh, 8 tx, 9 ty, 10 sw, 11 tile.

    static void naiveGroup(WorkGroup g) {
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

    static void tiledGroup(WorkGroup g) {
        GlobalFloats in = g.floats(0), f = g.floats(1), out = g.floats(2);
        int w = g.intArg(3), h = g.intArg(4), iw = g.intArg(5), fw = g.intArg(6), fh = g.intArg(7);
        int tx = g.intArg(8), ty = g.intArg(9), sw = g.intArg(10);
        float[] tile = g.localFloats(ConvolutionKernels.TILE_ARG);
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

    static void rowsGroup(WorkGroup g) {
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

    static void colsGroup(WorkGroup g) {
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
//#else
//#def taps
        float sum = 0.0f;
        for (int i = 0; i < $n$; i++) {
            float p = in.get($at$ + i * $step$) * $f$.get(i);
            sum += p;
        }
        out.set($o$, sum);
//#end
    /** Naive: one work-item per output, filter in global memory. */
//#kernel convolution.naive naive in:float[] filt:float[] out:float[] W:int H:int Iw:int fw:int fh:int
        int x = $gid0$;
        int y = $gid1$;
        if (x < W && y < H) {
            float sum = 0.0f;
            for (int j = 0; j < fh; j++) {
                for (int i = 0; i < fw; i++) {
                    float p = in.get((y + j) * Iw + x + i) * filt.get(j * fw + i);
                    sum += p;
                }
            }
            out.set(y * W + x, sum);
        }
//#end

    /** Separable, horizontal pass: tx outputs per work-item, one block apart along the row. */
//#kernel convolution.rows rows in:float[] fr:float[constant] out:float[] W:int rows:int Iw:int fw:int tx:int
        int bw = $lsize0$;
        int x0 = $group0$ * bw * tx + $lid0$;
        int y = $gid1$;
        if (y < rows) {
            for (int b = 0; b < tx; b++) {
                int x = x0 + b * bw;
                if (x < W) {
//#use taps o="y * W + x" at="y * Iw + x" step=1 n=fw f=fr
                }
            }
        }
//#end

    /** Separable, vertical pass: ty outputs per work-item, one block apart down the column. */
//#kernel convolution.cols cols in:float[] fc:float[constant] out:float[] W:int H:int fh:int ty:int
        int bh = $lsize1$;
        int x = $gid0$;
        int y0 = $group1$ * bh * ty + $lid1$;
        if (x < W) {
            for (int a = 0; a < ty; a++) {
                int y = y0 + a * bh;
                if (y < H) {
//#use taps o="y * W + x" at="y * W + x" step=W n=fh f=fc
                }
            }
        }
//#end

    // its Java work-group form is LineDetection's, beside the definition
    /** The line detection's fold (workloads' LineDetection): r = max(r, c), one work-item per pixel. */
//#kernel lazy.pixmax pixelMax r:float[] c:float[] n:int
        int i = $gid$;
        if (i < n) {
//#if R=aparapi
            r.set(i, max(r.get(i), c.get(i)));
//#else
            r.set(i, Math.max(r.get(i), c.get(i)));
//#end
        }
//#end

//#end
//#if R=aparapi
    // tiled, its own form: Aparapi has no private array of a launch-given size, so the adaptive variant's filter size and tile
    // factors (FW, FH, TX, TY) become constants of a class per configuration (Specialiser), as convolution.cl's -D does
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

//#for M=Const,Global
    /** Tiled in local memory, filter in $M$ memory: the cooperative tile load of the thesis's Fig. 3.7, then tx·ty outputs. */
    public static class Tiled$M$ extends PerfportKernel {
        float[] in;
        float[] out;
        int W;
        int H;
        int Iw;
        int fw;
        int fh;
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

//#register
KernelSpec.of("convolution.tiled", TiledConst.class, c -> {
            requireJavaForm(c, "Aparapi");
            return Specialiser.of(TiledConst.class, compiledIn(c));
        },
        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile")
//#end
//#register
KernelSpec.of("convolution.tiled_gf", TiledGlobal.class, c -> {
            requireJavaForm(c, "Aparapi");
            return Specialiser.of(TiledGlobal.class, compiledIn(c));
        },
        "in", "filt", "out", "W", "H", "Iw", "fw", "fh", "tx", "ty", "sw", "tile")
//#end
//#elif R=tornado
    // tiled, its own form: the filter size and tile factors are scalars TornadoVM compiles in, so one method serves both filters
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

//#for L=CONSTANT,GLOBAL K=tiled,tiled_gf
//#register
new TornadoKernel("convolution.$K$",
        sig(GLOBAL, FLOAT, $L$, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, LOCAL, FLOAT), false,
        a -> {
            requireJavaForm(a.constants(), "TornadoVM");
            if (a.intArg(8) * a.intArg(9) > OUTPUTS) {
                throw new UnsupportedFeatureException("tx*ty = " + a.intArg(8) * a.intArg(9)
                        + " outputs per work-item exceed the " + OUTPUTS + " the TornadoVM kernel holds in private memory");
            }
            a.graph().task(a.task(), ConvolutionTornado::tiled, a.context(), a.floats(0), a.floats(1), a.floats(2),
                    a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8), a.intArg(9), a.intArg(10),
                    a.localLength(11));
        })
//#end
//#end
//#end
