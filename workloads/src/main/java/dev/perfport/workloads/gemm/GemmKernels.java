package dev.perfport.workloads.gemm;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalDoubles;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GroupShape;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

import java.util.EnumMap;
import java.util.Map;

/**
 * The GEMM kernels: the fast tiled kernel of the indirect path ({@code gemm_xgemm}), the pad and
 * unpad copies around it, and the direct single kernel, each defined once per {@link Precision}
 * with an OpenCL C implementation ({@code gemm.cl}, one source, specialised by {@code -D}) and a
 * Java work-group implementation of the same algorithm with the same tiling parameters (for the
 * emulator). The route-native implementations (Aparapi, TornadoVM) live in their backends
 * ({@code GemmKernels} of backend-aparapi, {@code GemmTornado} of backend-tornado), found by
 * name through {@code KernelLibrary}; each says there which parameters its route cannot make
 * compile-time constants.
 *
 * <p>The Java kernels compute in double and round each result to the precision (so float rows
 * round like float FMAs); their private accumulators are double arrays (8 B per value, declared as
 * such to the emulator's local store). Work they charge to the emulator's cost model: one FLOAT
 * (DOUBLE) operation per 128-bit vector FMA (4 floats or 2 doubles per instruction, as an SPU
 * issues them) on the critical path, LOCAL_MEM for tile loads from local memory and for the
 * accumulators saved across barriers; tiles staged in local memory (SA, SB) arrive by DMA, one
 * transfer per tile row (Ap and Bp keep a tile row contiguous); unstaged operands are read through
 * the global path (the emulator's software cache).
 */
public final class GemmKernels {
    static final String SOURCE = Sources.load(GemmKernels.class, "gemm.cl");

    private static final Map<Precision, KernelDef> XGEMM = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> PAD = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> UNPAD = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> DIRECT = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> KSUM = new EnumMap<>(Precision.class);

    static {
        for (Precision p : Precision.values()) {
            XGEMM.put(p, xgemmDef(p));
            PAD.put(p, copyDef(p, "pad", "gemm_pad", false));
            UNPAD.put(p, copyDef(p, "unpad", "gemm_unpad", true));
            DIRECT.put(p, directDef(p));
            KSUM.put(p, ksumDef(p));
        }
    }

    private GemmKernels() {
    }

    public static KernelDef xgemm(Precision p) {
        return XGEMM.get(p);
    }

    public static KernelDef pad(Precision p) {
        return PAD.get(p);
    }

    public static KernelDef unpad(Precision p) {
        return UNPAD.get(p);
    }

    public static KernelDef direct(Precision p) {
        return DIRECT.get(p);
    }

    /** Split k's sum of the planes: {@code gemm_ksum}. */
    public static KernelDef ksum(Precision p) {
        return KSUM.get(p);
    }

    /** Args: 0 w (ks planes of mn), 1 c, 2 mn, 3 ks, 4 beta. */
    private static KernelDef ksumDef(Precision p) {
        return KernelDef.builder("gemm.ksum." + p.label)
                .global("w", p.elem, Access.READ).global("c", p.elem, Access.READ_WRITE)
                .scalar("mn", ElemType.INT).scalar("ks", ElemType.INT).scalar("beta", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_ksum"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> ksumGroup(g, p), 0)
                        .withCost(KernelCost.of(op(p), g -> (long) g.localItems() * g.intArg(3))))
                .build();
    }

    /** gemm_ksum: c[i] = sum of the ks planes' w[z·mn + i] + beta·c[i], summed in the precision. */
    static void ksumGroup(WorkGroup g, Precision p) {
        Mem w = Mem.of(g, 0, p), cm = Mem.of(g, 1, p);
        int mn = g.intArg(2), ks = g.intArg(3);
        double beta = scalar(g, 4, p);
        g.forEachItem(lid -> {
            int i = (int) g.globalId(0, lid);
            if (i >= mn) return;
            double r = 0;
            for (int z = 0; z < ks; z++) r = p.round(r + w.get(z * mn + i));
            cm.set(i, beta == 0 ? r : p.round(r + p.round(beta * cm.get(i))));
        });
    }

    /** Args: 0 A(p), 1 B(p), 2 C(p), 3 Mp, 4 Np, 5 Kp, 6 alpha, 7 beta, 8 alm, 9 blm. */
    private static KernelDef xgemmDef(Precision p) {
        return KernelDef.builder("gemm.xgemm." + p.label)
                .global("A", p.elem, Access.READ).global("B", p.elem, Access.READ).global("C", p.elem, Access.READ_WRITE)
                .scalar("Mp", ElemType.INT).scalar("Np", ElemType.INT).scalar("Kp", ElemType.INT)
                .scalar("alpha", p.elem).scalar("beta", p.elem)
                .local("alm", p.elem).local("blm", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_xgemm"))
                .impl(new KernelImpl.JavaWorkGroup(c -> {
                    GemmConfig cfg = GemmConfig.of(c);
                    return g -> xgemmGroup(g, cfg, p);
                }, c -> 8L * (GemmConfig.of(c).mwg() / GemmConfig.of(c).mdimc()) * (GemmConfig.of(c).nwg() / GemmConfig.of(c).ndimc()))
                        .withCost(c -> storeCost(p, (GemmConfig.of(c).mwg() / GemmConfig.of(c).mdimc()) * (GemmConfig.of(c).nwg() / GemmConfig.of(c).ndimc()),
                                16 / p.bytes())))
                .build();
    }

    /** Args: 0 src, 1 dst, 2 off, 3 sx, 4 sy, 5 X, 6 Y, 7 W, 8 H. */
    private static KernelDef copyDef(Precision p, String what, String entry, boolean unpad) {
        return KernelDef.builder("gemm." + what + "." + p.label)
                .global("src", p.elem, Access.READ).global("dst", p.elem, Access.WRITE)
                .scalar("off", ElemType.INT).scalar("sx", ElemType.INT).scalar("sy", ElemType.INT)
                .scalar("X", ElemType.INT).scalar("Y", ElemType.INT).scalar("W", ElemType.INT).scalar("H", ElemType.INT)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> copyGroup(g, p, unpad), 0)
                        .withCost(KernelCost.of(Op.INT, g -> 6L * copied(g, unpad))))
                .build();
    }

    /** Args: 0 a, 1 b, 2 c, 3 M, 4 N, 5 K, 6 alpha, 7 beta, 8 ao, 9 asi, 10 ask, 11 bo, 12 bsk, 13 bsj, 14 co, 15 csi, 16 csj, 17 als, 18 bls. */
    private static KernelDef directDef(Precision p) {
        KernelDef.Builder b = KernelDef.builder("gemm.direct." + p.label)
                .global("a", p.elem, Access.READ).global("b", p.elem, Access.READ).global("c", p.elem, Access.READ_WRITE)
                .scalar("M", ElemType.INT).scalar("N", ElemType.INT).scalar("K", ElemType.INT)
                .scalar("alpha", p.elem).scalar("beta", p.elem);
        for (String s : new String[]{"ao", "asi", "ask", "bo", "bsk", "bsj", "co", "csi", "csj"}) b.scalar(s, ElemType.INT);
        return b.local("als", p.elem).local("bls", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_direct"))
                .impl(new KernelImpl.JavaWorkGroup(c -> {
                    int wgd = GemmSpec.DIRECT_KERNEL.get(0).in(c), md = GemmSpec.DIRECT_KERNEL.get(1).in(c), nd = GemmSpec.DIRECT_KERNEL.get(2).in(c);
                    return g -> directGroup(g, p, wgd, md, nd);
                }, c -> 8L * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(1).in(c)) * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(2).in(c)))
                        .withCost(c -> storeCost(p, (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(1).in(c)) * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(2).in(c)), 1)))
                .build();
    }

    // ---- Java work-group implementations ---------------------------------------------------

    /**
     * Phase 3 of xgemm and direct (C = alpha·acc + beta·C), charged after the group: per work-item
     * 2·per results' multiply-adds (per results each, in vectors of {@code lanes}) and 8 index operations.
     */
    private static KernelCost storeCost(Precision p, int per, int lanes) {
        return KernelCost.of(op(p), g -> 2L * g.localItems() * per / lanes).andPerItem(Op.INT, 8);
    }

    /** Elements a pad (unpad = false: inside W×H) or unpad (inside X×Y) group copies: its part of that rectangle. */
    static long copied(GroupShape g, boolean unpad) {
        int xs = g.intArg(unpad ? 5 : 7), ys = g.intArg(unpad ? 6 : 8);
        return inside(g, 0, xs) * inside(g, 1, ys);
    }

    private static long inside(GroupShape g, int d, int limit) {
        long first = g.groupId(d) * g.localSize(d);
        return Math.max(0, Math.min(g.localSize(d), limit - first));
    }

    /** A global buffer of either precision seen as doubles. */
    public interface Mem {
        double get(int i);

        void set(int i, double v);

        /** Argument {@code arg} of the group's kernel as doubles. */
        static Mem of(WorkGroup g, int arg, Precision p) {
            if (p == Precision.FLOAT) {
                GlobalFloats f = g.floats(arg);
                return new Mem() {
                    public double get(int i) {
                        return f.get(i);
                    }

                    public void set(int i, double v) {
                        f.set(i, (float) v);
                    }
                };
            }
            GlobalDoubles d = g.doubles(arg);
            return new Mem() {
                public double get(int i) {
                    return d.get(i);
                }

                public void set(int i, double v) {
                    d.set(i, v);
                }
            };
        }
    }

    private static double scalar(WorkGroup g, int arg, Precision p) {
        return p == Precision.FLOAT ? g.floatArg(arg) : g.doubleArg(arg);
    }

    private static Op op(Precision p) {
        return p == Precision.FLOAT ? Op.FLOAT : Op.DOUBLE;
    }

    /** Instructions per vector of {@code width} elements on a 128-bit SIMD unit. */
    private static int simd(int width, Precision p) {
        int lanes = 16 / p.bytes();
        return (width + lanes - 1) / lanes;
    }

    /** gemm_xgemm: the same tiling as the OpenCL kernel, work-item by work-item. */
    static void xgemmGroup(WorkGroup g, GemmConfig c, Precision p) {
        Mem a = Mem.of(g, 0, p), b = Mem.of(g, 1, p), cm = Mem.of(g, 2, p);
        int mp = g.intArg(3), np = g.intArg(4), kp = g.intArg(5);
        double alpha = scalar(g, 6, p), beta = scalar(g, 7, p);
        // split k: dimension 1 holds ks slices of Np/NWG groups (see gemm.cl)
        int ngn = np / c.nwg(), z = (int) g.groupId(1) / ngn, kper = kp / ((int) g.numGroups(1) / ngn);
        int gm = (int) g.groupId(0), gn = (int) g.groupId(1) % ngn;
        int mwi = c.mwg() / c.mdimc(), nwi = c.nwg() / c.ndimc(), per = mwi * nwi;
        int items = c.threads();
        // tile-local m (n) of each thread's mi-th (ni-th) element: vector index by STRM (STRN), then lane
        int[][] mOf = tileIndex(c.mdimc(), mwi, c.vwm(), c.strm());
        int[][] nOf = tileIndex(c.ndimc(), nwi, c.vwn(), c.strn());
        double[] acc = g.privateDoubles(per);
        java.util.Arrays.fill(acc, 0, items * per, 0.0);
        float[] almF = null, blmF = null;
        double[] almD = null, blmD = null;
        if (c.sa() == 1) {
            if (p == Precision.FLOAT) almF = g.localFloats(8);
            else almD = g.localDoubles(8);
        }
        if (c.sb() == 1) {
            if (p == Precision.FLOAT) blmF = g.localFloats(9);
            else blmD = g.localDoubles(9);
        }
        int m0 = gm * c.mwg(), n0 = gn * c.nwg();
        double[] ap = new double[mwi], bp = new double[nwi];
        for (int kwg = z * kper; kwg < (z + 1) * kper; kwg += c.kwg()) {
            // phase 1: stage the tiles (one DMA per tile row: a row of Ap/Bp's tile is contiguous)
            if (c.sa() == 1) stageTile(g, p, almF, almD, 0, kwg, c.kwg(), c.mwg(), mp, m0);
            if (c.sb() == 1) stageTile(g, p, blmF, blmD, 1, kwg, c.kwg(), c.nwg(), np, n0);
            // barrier; phase 2: every work-item multiplies its register tile over the k-tile
            for (int tn = 0; tn < c.ndimc(); tn++) {
                for (int tm = 0; tm < c.mdimc(); tm++) {
                    int base = (tm + c.mdimc() * tn) * per;
                    for (int k = 0; k < c.kwg(); k++) {
                        for (int mi = 0; mi < mwi; mi++) {
                            int m = mOf[tm][mi];
                            ap[mi] = c.sa() == 1 ? (almF != null ? almF[k * c.mwg() + m] : almD[k * c.mwg() + m])
                                    : a.get((kwg + k) * mp + m0 + m);
                        }
                        for (int ni = 0; ni < nwi; ni++) {
                            int n = nOf[tn][ni];
                            bp[ni] = c.sb() == 1 ? (blmF != null ? blmF[k * c.nwg() + n] : blmD[k * c.nwg() + n])
                                    : b.get((kwg + k) * np + n0 + n);
                        }
                        for (int ni = 0; ni < nwi; ni++) {
                            for (int mi = 0; mi < mwi; mi++) {
                                int i = base + ni * mwi + mi;
                                acc[i] = p.round(Math.fma(ap[mi], bp[ni], acc[i]));
                            }
                        }
                    }
                }
            }
            long steps = (long) items * c.kwg();
            g.ops(op(p), steps * nwi * (mwi / c.vwm()) * simd(c.vwm(), p));
            long localLoads = (c.sa() == 1 ? mwi / c.vwm() : 0) + (c.sb() == 1 ? nwi / c.vwn() : 0);
            g.ops(Op.LOCAL_MEM, steps * localLoads + 2L * items * per / Math.max(1, 16 / p.bytes()));
            // barrier before the next k-tile overwrites the staged tiles
        }
        // phase 3: C = alpha·acc + beta·C (beta = 0 never reads C)
        for (int tn = 0; tn < c.ndimc(); tn++) {
            for (int tm = 0; tm < c.mdimc(); tm++) {
                int base = (tm + c.mdimc() * tn) * per;
                for (int ni = 0; ni < nwi; ni++) {
                    int n = n0 + nOf[tn][ni];
                    for (int mi = 0; mi < mwi; mi++) {
                        int idx = z * mp * np + n * mp + m0 + mOf[tm][mi];
                        double r = p.round(alpha * acc[base + ni * mwi + mi]);
                        cm.set(idx, beta == 0 ? r : p.round(r + p.round(beta * cm.get(idx))));
                    }
                }
            }
        }
    }

    /** gemm_pad (dst[y·W+x] = src[off+x·sx+y·sy] or 0) and gemm_unpad (the reverse, inside X×Y). */
    static void copyGroup(WorkGroup g, Precision p, boolean unpad) {
        Mem src = Mem.of(g, 0, p), dst = Mem.of(g, 1, p);
        int off = g.intArg(2), sx = g.intArg(3), sy = g.intArg(4), xs = g.intArg(5), ys = g.intArg(6), w = g.intArg(7), h = g.intArg(8);
        for (int ly = 0; ly < g.localSize(1); ly++) {
            int y = (int) g.groupId(1) * g.localSize(1) + ly;
            for (int lx = 0; lx < g.localSize(0); lx++) {
                int x = (int) g.groupId(0) * g.localSize(0) + lx;
                if (unpad) {
                    if (x >= xs || y >= ys) continue;
                    dst.set(off + x * sx + y * sy, src.get(y * w + x));
                } else {
                    if (x >= w || y >= h) continue;
                    dst.set(y * w + x, x < xs && y < ys ? src.get(off + x * sx + y * sy) : 0.0);
                }
            }
        }
    }

    /** gemm_direct: any sizes and strides, bounds-checked WGD×WGD tiles through local memory. */
    static void directGroup(WorkGroup g, Precision p, int wgd, int mdimcd, int ndimcd) {
        Mem a = Mem.of(g, 0, p), b = Mem.of(g, 1, p), c = Mem.of(g, 2, p);
        int m = g.intArg(3), n = g.intArg(4), kk = g.intArg(5);
        double alpha = scalar(g, 6, p), beta = scalar(g, 7, p);
        int ao = g.intArg(8), asi = g.intArg(9), ask = g.intArg(10), bo = g.intArg(11), bsk = g.intArg(12), bsj = g.intArg(13);
        int co = g.intArg(14), csi = g.intArg(15), csj = g.intArg(16);
        float[] alF = p == Precision.FLOAT ? g.localFloats(17) : null, blF = p == Precision.FLOAT ? g.localFloats(18) : null;
        double[] alD = p == Precision.DOUBLE ? g.localDoubles(17) : null, blD = p == Precision.DOUBLE ? g.localDoubles(18) : null;
        int i0 = (int) g.groupId(0) * wgd, j0 = (int) g.groupId(1) * wgd;
        int mwi = wgd / mdimcd, nwi = wgd / ndimcd, per = mwi * nwi, items = mdimcd * ndimcd;
        double[] acc = g.privateDoubles(per);
        java.util.Arrays.fill(acc, 0, items * per, 0.0);
        for (int k0 = 0; k0 < kk; k0 += wgd) {
            for (int e = 0; e < wgd * wgd; e++) {
                int r = e % wgd, q = e / wgd, i = i0 + r, ka = k0 + q, j = j0 + r;
                double av = i < m && ka < kk ? a.get(ao + i * asi + ka * ask) : 0.0;
                double bv = j < n && ka < kk ? b.get(bo + ka * bsk + j * bsj) : 0.0;
                if (alF != null) {
                    alF[e] = (float) av;
                    blF[e] = (float) bv;
                } else {
                    alD[e] = av;
                    blD[e] = bv;
                }
            }
            for (int tn = 0; tn < ndimcd; tn++) {
                for (int tm = 0; tm < mdimcd; tm++) {
                    int base = (tm + mdimcd * tn) * per;
                    for (int q = 0; q < wgd; q++) {
                        for (int nj = 0; nj < nwi; nj++) {
                            int bi = q * wgd + tn + nj * ndimcd;
                            double bv = blF != null ? blF[bi] : blD[bi];
                            for (int mi = 0; mi < mwi; mi++) {
                                int ai = q * wgd + tm + mi * mdimcd;
                                double av = alF != null ? alF[ai] : alD[ai];
                                acc[base + nj * mwi + mi] = p.round(Math.fma(av, bv, acc[base + nj * mwi + mi]));
                            }
                        }
                    }
                }
            }
            g.ops(op(p), (long) items * wgd * per);
            g.ops(Op.LOCAL_MEM, (long) items * wgd * (mwi + nwi) + 2L * wgd * wgd);
        }
        for (int tn = 0; tn < ndimcd; tn++) {
            for (int tm = 0; tm < mdimcd; tm++) {
                int base = (tm + mdimcd * tn) * per;
                for (int nj = 0; nj < nwi; nj++) {
                    for (int mi = 0; mi < mwi; mi++) {
                        int i = i0 + tm + mi * mdimcd, j = j0 + tn + nj * ndimcd;
                        if (i >= m || j >= n) continue;
                        int idx = co + i * csi + j * csj;
                        double r = p.round(alpha * acc[base + nj * mwi + mi]);
                        c.set(idx, beta == 0 ? r : p.round(r + p.round(beta * c.get(idx))));
                    }
                }
            }
        }
    }

    /** Phase 1 for one operand (argument arg): its rows×width tile at column off into local memory, one DMA per tile row (contiguous in Ap/Bp). */
    private static void stageTile(WorkGroup g, Precision p, float[] lmF, double[] lmD, int arg, int kwg, int rows,
                                  int width, int ld, int off) {
        long[] ev = new long[rows];
        for (int k = 0; k < rows; k++) {
            int src = (kwg + k) * ld + off;
            ev[k] = p == Precision.FLOAT ? g.asyncCopy(lmF, k * width, g.floats(arg), src, width)
                    : g.asyncCopy(lmD, k * width, g.doubles(arg), src, width);
        }
        g.waitEvents(ev);
    }

    /** [t][i]: the tile-local index of thread t's i-th element, of dims threads, wi each, vw-wide vectors placed by str (STRM/STRN). */
    private static int[][] tileIndex(int dims, int wi, int vw, int str) {
        int[][] of = new int[dims][wi];
        for (int t = 0; t < dims; t++) {
            for (int i = 0; i < wi; i++) {
                int v = i / vw, lane = i % vw;
                int vec = str == 0 ? v + t * (wi / vw) : t + v * dims;
                of[t][i] = vec * vw + lane;
            }
        }
        return of;
    }
}
