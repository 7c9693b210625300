//#if R=wg
import dev.perfport.core.wg.GlobalDoubles;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import static dev.perfport.workloads.gemm.GemmKernels.*;
//#elif R=aparapi
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
//#else
import dev.perfport.core.kernel.Constants;
//#end
/**
 * GEMM of seed 001 (gemm.cl) in the Java routes, float and double: the tiled kernel of the indirect
 * path on packed tile multiples (Ap k·Mp + m, Bp k·Np + n, Cp n·Mp + m), the pad/unpad copies
 * around it, the split-k sum and the direct kernel. Same work per work-item, same owned elements and
 * same packed layouts as the OpenCL C kernels; arguments follow the definitions (workloads'
 * GemmKernels). Each route keeps its own form, saying why; which elements a work-item owns in its
 * register tile is written once below.
 */
//#def mOf
                int mv = $i$ / vwm;
                int $m$ = (strm == 0 ? mv + tm * (mwi / vwm) : tm + mv * mdimc) * vwm + $i$ % vwm;
//#end
//#def nOf
                int nv = $i$ / vwn;
                int $n$ = (strn == 0 ? nv + tn * (nwi / vwn) : tn + nv * ndimc) * vwn + $i$ % vwn;
//#end
//#if R=wg
    // its own form: in double, rounded to the precision, with the staged tiles' DMA and the emulator's cost charges
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
        // db: the tile being multiplied is in half `cur` of each local array, the next one's DMA runs meanwhile
        int cur = 0, aHalf = c.kwg() * c.mwg(), bHalf = c.kwg() * c.nwg();
        if (c.db() == 1) {
            g.waitEvents(stageTile(g, p, almF, almD, 0, z * kper, c.kwg(), c.mwg(), mp, m0, 0));
            g.waitEvents(stageTile(g, p, blmF, blmD, 1, z * kper, c.kwg(), c.nwg(), np, n0, 0));
        }
        for (int kwg = z * kper; kwg < (z + 1) * kper; kwg += c.kwg()) {
            long[] nextA = {}, nextB = {};
            if (c.db() == 1) {
                // phase 1: the next tiles' DMA into the other half, waited for after this tile's products
                if (kwg + c.kwg() < (z + 1) * kper) {
                    nextA = stageTile(g, p, almF, almD, 0, kwg + c.kwg(), c.kwg(), c.mwg(), mp, m0, (1 - cur) * aHalf);
                    nextB = stageTile(g, p, blmF, blmD, 1, kwg + c.kwg(), c.kwg(), c.nwg(), np, n0, (1 - cur) * bHalf);
                }
            } else {
                // phase 1: stage the tiles (one DMA per tile row: a row of Ap/Bp's tile is contiguous)
                if (c.sa() == 1) g.waitEvents(stageTile(g, p, almF, almD, 0, kwg, c.kwg(), c.mwg(), mp, m0, 0));
                if (c.sb() == 1) g.waitEvents(stageTile(g, p, blmF, blmD, 1, kwg, c.kwg(), c.nwg(), np, n0, 0));
            }
            int ao = cur * aHalf, bo = cur * bHalf;
            // barrier; phase 2: every work-item multiplies its register tile over the k-tile
            for (int tn = 0; tn < c.ndimc(); tn++) {
                for (int tm = 0; tm < c.mdimc(); tm++) {
                    int base = (tm + c.mdimc() * tn) * per;
                    for (int k = 0; k < c.kwg(); k++) {
                        for (int mi = 0; mi < mwi; mi++) {
                            int m = mOf[tm][mi];
                            ap[mi] = c.sa() == 1 ? (almF != null ? almF[ao + k * c.mwg() + m] : almD[ao + k * c.mwg() + m])
                                    : a.get((kwg + k) * mp + m0 + m);
                        }
                        for (int ni = 0; ni < nwi; ni++) {
                            int n = nOf[tn][ni];
                            bp[ni] = c.sb() == 1 ? (blmF != null ? blmF[bo + k * c.nwg() + n] : blmD[bo + k * c.nwg() + n])
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
            // barrier before the next k-tile overwrites the staged tiles (db: once the next tiles have arrived)
            g.waitEvents(nextA);
            g.waitEvents(nextB);
            cur = c.db() * (1 - cur);
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

    /**
     * Phase 1 for one operand (argument arg): its rows×width tile at column off into local memory from element lo on,
     * one DMA per tile row (contiguous in Ap/Bp); {@return the DMAs' events, to wait for}
     */
    private static long[] stageTile(WorkGroup g, Precision p, float[] lmF, double[] lmD, int arg, int kwg, int rows,
                                    int width, int ld, int off, int lo) {
        long[] ev = new long[rows];
        for (int k = 0; k < rows; k++) {
            int src = (kwg + k) * ld + off;
            ev[k] = p == Precision.FLOAT ? g.asyncCopy(lmF, lo + k * width, g.floats(arg), src, width)
                    : g.asyncCopy(lmD, lo + k * width, g.doubles(arg), src, width);
        }
        return ev;
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
//#elif R=aparapi
    // its own form: the tiling parameters are final fields that Specialiser makes literals, the private arrays hold CAP values
    /*
     * What Aparapi cannot express, and what takes its place:
     * <ul>
     *   <li><b>Compile-time constants</b>: Aparapi has no {@code -D} and passes every field a kernel
     *       reads as a kernel argument, final or not. The tiling parameters (MWG, NWG, KWG, MDIMC,
     *       NDIMC, MDIMA, NDIMB, VWM, VWN, STRM, STRN, SA, SB, DB; WGD, MDIMCD, NDIMCD) are final fields of
     *       the template, and {@link Specialiser} makes a class per configuration whose {@code run()}
     *       has them as literal constants, so the OpenCL compiler can unroll the register-tile loops and
     *       keep the private arrays in registers (on the H100 37× faster than the template's run-time
     *       values at 128×128×16: docs/results/gpu/h100.md).</li>
     *   <li><b>KWI</b> (the unroll of the k loop) has no Aparapi counterpart (no pragma): accepted, no effect.</li>
     *   <li><b>VWM, VWN</b>: no vector types; a vector of VWM (VWN) is VWM consecutive scalars, so
     *       the widths still decide which elements a work-item owns (STRM/STRN with them), not the
     *       width of its loads.</li>
     *   <li><b>Private arrays</b> need a size fixed in the class: at most {@value #CAP} results per
     *       work-item (MWI·NWI = (MWG/MDIMC)·(NWG/NDIMC), and (WGD/MDIMCD)·(WGD/NDIMCD) for the direct
     *       kernel); a configuration beyond that is refused when it is compiled, with that reason.</li>
     *   <li>No {@code fma}: a product and a sum (OpenCL C may contract them; the check's bound holds either way).</li>
     *   <li><b>DB</b>: the next k-tile goes straight from global into the other half before this tile's
     *       products (a local array cannot be staged through a private one of a size fixed per
     *       configuration), so its reads do not overlap the products as in gemm.cl; one barrier a tile.</li>
     * </ul>
     */
    /** Results (and operands) per work-item the private arrays hold. */
    public static final int CAP = 128;

    /** The 14 tiling parameters (KWI ignored; ks is the launch's) after checking what the private arrays hold. */
    static int[] shape(Constants c) {
        String[] names = {"MWG", "NWG", "KWG", "MDIMC", "NDIMC", "MDIMA", "NDIMB", "VWM", "VWN", "STRM", "STRN", "SA", "SB", "DB"};
        int[] v = new int[names.length];
        for (int i = 0; i < names.length; i++) v[i] = c.getInt(names[i]);
        if (v[3] < 1 || v[4] < 1 || v[0] % v[3] != 0 || v[1] % v[4] != 0) {
            throw new IllegalArgumentException("MWG must be a multiple of MDIMC and NWG of NDIMC");
        }
        checkCap(v[0] / v[3], v[1] / v[4], "(MWG/MDIMC)*(NWG/NDIMC)");
        return v;
    }

    static int[] directShape(Constants c) {
        int wgd = c.getInt("WGD"), md = c.getInt("MDIMCD"), nd = c.getInt("NDIMCD");
        if (md < 1 || nd < 1 || wgd % md != 0 || wgd % nd != 0) throw new IllegalArgumentException("WGD must be a multiple of MDIMCD and NDIMCD");
        checkCap(wgd / md, wgd / nd, "(WGD/MDIMCD)*(WGD/NDIMCD)");
        return new int[]{wgd, md, nd};
    }

    private static void checkCap(int mwi, int nwi, String what) {
        if ((long) mwi * nwi > CAP || mwi + nwi > CAP) {
            throw new UnsupportedFeatureException(what + " = " + mwi + "*" + nwi + " results per work-item exceed the " + CAP
                    + " the Aparapi GEMM kernels hold in private memory (Aparapi needs private-array sizes fixed in the class)");
        }
    }

//#def privates
        /** Every work-item thread of the Java thread pool runs a clone: it needs private arrays of its own. */
        @Override
        public $K$$Ty$ clone() {
            $K$$Ty$ k = ($K$$Ty$) super.clone();
            k.acc = new $T$[CAP];
//#if opd=yes
            k.opd = new $T$[CAP];
//#end
            return k;
        }

        @Override
        public void run() {
            int tm = getLocalId(0);
            int tn = getLocalId(1);
//#end
//#def store
                    $T$ r = alpha * acc[$e$];
                    if (beta == $Z$) {
                        $c$[idx] = r;
                    } else {
                        $c$[idx] = r + beta * $c$[idx];
                    }
//#end
//#def stageIndexed
                    // one operand's KWG×WG tile of k from $k$ into local memory from $o$ (A: MWG, B: NWG), loader shape DIM × (threads/DIM)
                    int kw = kwg / (threads / $dim$);
                    int xw = $wg$ / $dim$;
                    for (int xi = 0; xi < xw / $vw$; xi++) {
                        int xg = $str$ == 0 ? xi + (tid % $dim$) * (xw / $vw$) : tid % $dim$ + xi * $dim$;
                        for (int ki = 0; ki < kw; ki++) {
                            int kg = ki + (tid / $dim$) * kw;
                            for (int l = 0; l < $vw$; l++) $lm$[$o$ + kg * $wg$ + xg * $vw$ + l] = $gm$[($k$ + kg) * $ld$ + $g$ * $wg$ + xg * $vw$ + l];
                        }
                    }
//#end
//#for T=float,double Ty=Float,Double Z=0f,0.0
    /** gemm_xgemm in $T$: tile multiples, packed Ap (k·Mp + m), Bp (k·Np + n), Cp (n·Mp + m). */
    public static class Xgemm$Ty$ extends PerfportKernel {
        $T$[] agm;
        $T$[] bgm;
        $T$[] cgm;
        int mp;
        int np;
        int kp;
        $T$ alpha;
        $T$ beta;
        @Local $T$[] alm;
        @Local $T$[] blm;
        final int mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, vwm, vwn, strm, strn, sa, sb, db;
        @PrivateMemorySpace(CAP) $T$[] acc = new $T$[CAP];
        /** The work-item's MWI values of A, then its NWI values of B, of one k. */
        @PrivateMemorySpace(CAP) $T$[] opd = new $T$[CAP];

        /** The 14 values of {@code shape(Constants)}, in CLBlast's groups. */
        Xgemm$Ty$(int[] v) {
            mwg = v[0]; nwg = v[1]; kwg = v[2];                  // work-group tile
            mdimc = v[3]; ndimc = v[4];                          // threads
            mdima = v[5]; ndimb = v[6];                          // tile loaders
            vwm = v[7]; vwn = v[8]; strm = v[9]; strn = v[10];   // vector widths, strided access
            sa = v[11]; sb = v[12]; db = v[13];                  // local-memory staging, double-buffered
        }

//#use privates K=Xgemm opd=yes
            int gm = getGroupId(0);
            // split k: dimension 1 holds ks slices of np/nwg groups, slice z sums its share of k into plane z
            int ngn = np / nwg;
            int z = getGroupId(1) / ngn;
            int kper = kp / (getNumGroups(1) / ngn);
            int gn = getGroupId(1) % ngn;
            int tid = tm + mdimc * tn;
            int threads = mdimc * ndimc;
            int mwi = mwg / mdimc;
            int nwi = nwg / ndimc;
            for (int i = 0; i < mwi * nwi; i++) acc[i] = $Z$;
            // db: the tile being multiplied is in half `cur` of alm and blm; each k-tile stages the next into the other
            // half before its products (db 0: its own tile into half 0, then a barrier)
            int cur = 0;
            if (db == 1) {
                if (sa == 1) {
//#use stageIndexed dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm k=z*kper o=0
                }
                if (sb == 1) {
//#use stageIndexed dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn k=z*kper o=0
                }
                localBarrier();
            }
            for (int k0 = z * kper; k0 < z * kper + kper; k0 += kwg) {
                int kn = k0 + db * kwg;
                int sh = db * (1 - cur);
                if (kn < z * kper + kper) {
                    if (sa == 1) {
//#use stageIndexed dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm k=kn o=sh*kwg*mwg
                    }
                    if (sb == 1) {
//#use stageIndexed dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn k=kn o=sh*kwg*nwg
                    }
                }
                if (db == 0 && (sa == 1 || sb == 1)) localBarrier();
                int ao = cur * kwg * mwg;
                int bo = cur * kwg * nwg;
                for (int k = 0; k < kwg; k++) {
                    for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                        if (sa == 1) {
                            opd[mi] = alm[ao + k * mwg + m];
                        } else {
                            opd[mi] = agm[(k0 + k) * mp + gm * mwg + m];
                        }
                    }
                    for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
                        if (sb == 1) {
                            opd[mwi + ni] = blm[bo + k * nwg + n];
                        } else {
                            opd[mwi + ni] = bgm[(k0 + k) * np + gn * nwg + n];
                        }
                    }
                    for (int ni = 0; ni < nwi; ni++) {
                        for (int mi = 0; mi < mwi; mi++) acc[ni * mwi + mi] += opd[mi] * opd[mwi + ni];
                    }
                }
                if (sa == 1 || sb == 1) localBarrier();   // before the next k-tile overwrites the staged tiles
                cur = db * (1 - cur);
            }
            // C = alpha·AB + beta·C; beta = 0 never reads C
            for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
                for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                    int idx = z * mp * np + (gn * nwg + n) * mp + gm * mwg + m;
//#use store e=ni*mwi+mi c=cgm
                }
            }
        }
    }

    /** gemm_pad (unpad = 0: dst[y·W+x] = src[off+x·sx+y·sy] or 0) and gemm_unpad (1: the reverse inside X×Y), $T$. */
    public static final class Copy$Ty$ extends PerfportKernel {
        $T$[] src;
        $T$[] dst;
        int off;
        int sx;
        int sy;
        int xs;
        int ys;
        int w;
        int h;
        final int unpad;

        Copy$Ty$(int unpad) {
            this.unpad = unpad;
        }

        @Override
        public void run() {
            int x = getGlobalId(0);
            int y = getGlobalId(1);
            if (unpad == 1) {
                if (x < xs && y < ys) dst[off + x * sx + y * sy] = src[y * w + x];
            } else if (x < w && y < h) {
                $T$ v = $Z$;
                if (x < xs && y < ys) v = src[off + x * sx + y * sy];
                dst[y * w + x] = v;
            }
        }
    }

    /** gemm_ksum in $T$: c[i] = the ks planes' w[z·mn + i] added (alpha is in them) + beta·c[i]. */
    public static final class Ksum$Ty$ extends PerfportKernel {
        $T$[] w;
        $T$[] c;
        int mn;
        int ks;
        $T$ beta;

        @Override
        public void run() {
            int i = getGlobalId(0);
            if (i < mn) {
                $T$ r = $Z$;
                for (int z = 0; z < ks; z++) r += w[z * mn + i];
                if (beta == $Z$) {
                    c[i] = r;
                } else {
                    c[i] = r + beta * c[i];
                }
            }
        }
    }

    /** gemm_direct in $T$: any sizes and strides, bounds-checked WGD×WGD tiles through local memory. */
    public static class Direct$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] b;
        $T$[] c;
        int mm;
        int nn;
        int kk;
        $T$ alpha;
        $T$ beta;
        int ao;
        int asi;
        int ask;
        int bo;
        int bsk;
        int bsj;
        int co;
        int csi;
        int csj;
        @Local $T$[] als;
        @Local $T$[] bls;
        final int wgd, mdimcd, ndimcd;
        @PrivateMemorySpace(CAP) $T$[] acc = new $T$[CAP];

        Direct$Ty$(int[] v) {
            wgd = v[0];
            mdimcd = v[1];
            ndimcd = v[2];
        }

//#use privates K=Direct opd=no
            int i0 = getGroupId(0) * wgd;
            int j0 = getGroupId(1) * wgd;
            int tid = tm + mdimcd * tn;
            int mwid = wgd / mdimcd;
            int nwid = wgd / ndimcd;
            for (int e = 0; e < mwid * nwid; e++) acc[e] = $Z$;
            for (int k0 = 0; k0 < kk; k0 += wgd) {
                for (int e = tid; e < wgd * wgd; e += mdimcd * ndimcd) {
                    // als[q][r] = op(A)(i0+r, k0+q); bls[q][r] = op(B)(k0+q, j0+r), zero beyond the edges
                    int r = e % wgd;
                    int ka = k0 + e / wgd;
                    $T$ av = $Z$;
                    $T$ bv = $Z$;
                    if (i0 + r < mm && ka < kk) av = a[ao + (i0 + r) * asi + ka * ask];
                    if (j0 + r < nn && ka < kk) bv = b[bo + ka * bsk + (j0 + r) * bsj];
                    als[e] = av;
                    bls[e] = bv;
                }
                localBarrier();
                for (int q = 0; q < wgd; q++) {
                    for (int nj = 0; nj < nwid; nj++) {
                        $T$ bq = bls[q * wgd + tn + nj * ndimcd];
                        for (int mi = 0; mi < mwid; mi++) acc[nj * mwid + mi] += als[q * wgd + tm + mi * mdimcd] * bq;
                    }
                }
                localBarrier();
            }
            for (int nj = 0; nj < nwid; nj++) {
                for (int mi = 0; mi < mwid; mi++) {
                    int i = i0 + tm + mi * mdimcd;
                    int j = j0 + tn + nj * ndimcd;
                    if (i < mm && j < nn) {
                        int idx = co + i * csi + j * csj;
//#use store e=nj*mwid+mi c=c
                    }
                }
            }
        }
    }
//#end
//#for T=float,double Ty=Float,Double
//#register
KernelSpec.of("gemm.xgemm.$T$", Xgemm$Ty$.class, c -> Specialiser.of(Xgemm$Ty$.class, shape(c)), XGEMM)
//#end
//#register
KernelSpec.of("gemm.pad.$T$", Copy$Ty$.class, c -> new Copy$Ty$(0), COPY)
//#end
//#register
KernelSpec.of("gemm.unpad.$T$", Copy$Ty$.class, c -> new Copy$Ty$(1), COPY)
//#end
//#register
KernelSpec.of("gemm.ksum.$T$", Ksum$Ty$.class, c -> new Ksum$Ty$(), KSUM)
//#end
//#register
KernelSpec.of("gemm.direct.$T$", Direct$Ty$.class, c -> Specialiser.of(Direct$Ty$.class, directShape(c)), DIRECT)
//#end
//#end

    private static final String[] XGEMM = {"agm", "bgm", "cgm", "mp", "np", "kp", "alpha", "beta", "alm", "blm"};
    private static final String[] COPY = {"src", "dst", "off", "sx", "sy", "xs", "ys", "w", "h"};
    private static final String[] KSUM = {"w", "c", "mn", "ks", "beta"};
    private static final String[] DIRECT = {"a", "b", "c", "mm", "nn", "kk", "alpha", "beta", "ao", "asi", "ask", "bo", "bsk", "bsj", "co",
            "csi", "csj", "als", "bls"};
//#else
    // its own form: the tiling parameters are scalars it compiles in (packed: a task takes at most 20 arguments), KWI an unrolled loop
    /*
     * The tiling parameters are scalar arguments, which TornadoVM compiles in: every configuration
     * is a kernel of its own with MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, VWM, VWN, STRM, STRN, SA,
     * SB (WGD, MDIMCD, NDIMCD) as constants, and the private register tile ({@code new float[n]}) and
     * the local tiles get their sizes from them. What the route cannot express:
     * <ul>
     *   <li><b>VWM, VWN</b>: no vector loads of a FloatArray; a vector is VWM (VWN) consecutive
     *       scalars, so the widths decide which elements a work-item owns, not its load width.</li>
     *   <li><b>KWI</b>: no unroll pragma in Java; the k loop steps by KWI around an inner loop of KWI
     *       steps, which TornadoVM unrolls (a loop over a compiled-in constant).</li>
     *   <li>A task takes at most 20 arguments, so MDIMA and NDIMB travel packed in one int and the
     *       flags SA, SB, STRM, STRN, VWM, VWN, KWI, DB in another (still compile-time constants), and the
     *       direct kernel's offsets of A and C in one long.</li>
     *   <li><b>DB</b>: as Aparapi's, the next k-tile goes straight from global into the other half before
     *       this tile's products; one barrier a tile. A staging copy in a private array, as gemm.cl keeps, is
     *       expressible here (sized by the compiled-in constants) and not tried.</li>
     *   <li>No fma: a product and a sum, as FMA fusion is off (bin/tornado-jvm-args); NVIDIA's compiler
     *       contracts them (the PTX has fma.rn.f32, docs/routes.md).</li>
     * </ul>
     */
    /** mdima | ndimb << 16. */
    static int loaders(Constants c) {
        return c.getInt("MDIMA") | c.getInt("NDIMB") << 16;
    }

    /** sa | sb << 1 | strm << 2 | strn << 3 | vwm << 4 | vwn << 8 | kwi << 12 | db << 20. */
    static int flags(Constants c) {
        return c.getInt("SA") | c.getInt("SB") << 1 | c.getInt("STRM") << 2 | c.getInt("STRN") << 3 | c.getInt("VWM") << 4
                | c.getInt("VWN") << 8 | c.getInt("KWI") << 12 | c.getInt("DB") << 20;
    }

    static int mwi(Constants c) {
        return c.getInt("MWG") / c.getInt("MDIMC");
    }

    static int nwi(Constants c) {
        return c.getInt("NWG") / c.getInt("NDIMC");
    }

//#for T=float,double Ty=Float,Double E=FLOAT,DOUBLE Arr=floats,doubles Arg=floatArg,doubleArg
    // xgemm's C (or split k's planes) is only written when beta is 0: withWriteFirstWhenZero(2, 7)
//#register
new TornadoKernel("gemm.xgemm.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
        PRIVATE, $E$, PRIVATE, $E$, LOCAL, $E$, LOCAL, $E$), false, a -> {
    Constants c = a.constants();
    a.graph().task(a.task(), GemmTornado::xgemm$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3), a.intArg(4),
            a.intArg(5), a.$Arg$(6), a.$Arg$(7), c.getInt("MWG"), c.getInt("NWG"), c.getInt("KWG"), c.getInt("MDIMC"),
            c.getInt("NDIMC"), loaders(c), flags(c), a.localLength(8), a.localLength(9), mwi(c) * nwi(c), mwi(c) + nwi(c));
}).withWriteFirstWhenZero(2, 7)
//#end
//#register
new TornadoKernel("gemm.pad.$T$", copySig($E$), false, a -> a.graph().task(a.task(), GemmTornado::pad$Ty$, a.context(),
        a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8)))
//#end
//#register
new TornadoKernel("gemm.unpad.$T$", copySig($E$), false, a -> a.graph().task(a.task(), GemmTornado::unpad$Ty$, a.context(),
        a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8)))
//#end
//#register
new TornadoKernel("gemm.ksum.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, $E$), false,
        a -> a.graph().task(a.task(), GemmTornado::ksum$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3),
                a.$Arg$(4))).withWriteFirstWhenZero(1, 4)
//#end
//#register
new TornadoKernel("gemm.direct.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
        PRIVATE, $E$, PRIVATE, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
        PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, LOCAL, $E$, LOCAL, $E$), false, a -> {
    Constants c = a.constants();
    int wgd = c.getInt("WGD");
    long aco = (a.intArg(8) & 0xFFFFFFFFL) | (long) a.intArg(14) << 32;
    a.graph().task(a.task(), GemmTornado::direct$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3), a.intArg(4),
            a.intArg(5), a.$Arg$(6), a.$Arg$(7), aco, a.intArg(9), a.intArg(10), a.intArg(11), a.intArg(12), a.intArg(13),
            a.intArg(15), a.intArg(16), wgd | c.getInt("MDIMCD") << 10 | c.getInt("NDIMCD") << 20, a.localLength(17),
            (wgd / c.getInt("MDIMCD")) * (wgd / c.getInt("NDIMCD")));
})
//#end
//#end

    /** pad's and unpad's signature: src, dst and seven ints. */
    private static List<TornadoKernel.Sig> copySig(dev.perfport.core.memory.ElemType e) {
        return sig(GLOBAL, e, GLOBAL, e, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT);
    }

//#def stageGet
                // one operand's KWG×WG tile of k from $k$ into local memory from $o$ (A: MWG, B: NWG), loader shape DIM × (threads/DIM)
                int kw = kwg / (threads / $dim$);
                int xw = $wg$ / $dim$;
                for (int xi = 0; xi < xw / $vw$; xi++) {
                    int xg = $str$ == 0 ? xi + (tid % $dim$) * (xw / $vw$) : tid % $dim$ + xi * $dim$;
                    for (int ki = 0; ki < kw; ki++) {
                        int kg = ki + (tid / $dim$) * kw;
                        for (int l = 0; l < $vw$; l++) {
                            $lm$[$o$ + kg * $wg$ + xg * $vw$ + l] = $gm$.get(($k$ + kg) * $ld$ + $g$ * $wg$ + xg * $vw$ + l);
                        }
                    }
                }
//#end
//#for T=float,double Ty=Float,Double Z=0.0f,0.0
    /** gemm_xgemm in $T$; see the class comment for the packed {@code loaders} and {@code flags}. */
    public static void xgemm$Ty$(KernelContext ctx, $Ty$Array agm, $Ty$Array bgm, $Ty$Array cgm, int mp, int np, int kp, $T$ alpha,
                                 $T$ beta, int mwg, int nwg, int kwg, int mdimc, int ndimc, int loaders, int flags, int almLength,
                                 int blmLength, int accLength, int opdLength) {
        int mdima = loaders & 0xFFFF;
        int ndimb = loaders >> 16;
        int sa = flags & 1;
        int sb = (flags >> 1) & 1;
        int strm = (flags >> 2) & 1;
        int strn = (flags >> 3) & 1;
        int vwm = (flags >> 4) & 15;
        int vwn = (flags >> 8) & 15;
        int kwi = (flags >> 12) & 255;
        int db = (flags >> 20) & 1;
        int tm = ctx.localIdx;
        int tn = ctx.localIdy;
        int gm = ctx.groupIdx;
        // split k: dimension 1 holds ks slices of np/nwg groups, slice z sums its share of k into plane z
        int ngn = np / nwg;
        int z = ctx.groupIdy / ngn;
        int kper = kp / (ctx.globalGroupSizeY / ctx.localGroupSizeY / ngn);
        int gn = ctx.groupIdy % ngn;
        int tid = tm + mdimc * tn;
        int threads = mdimc * ndimc;
        int mwi = mwg / mdimc;
        int nwi = nwg / ndimc;
        $T$[] alm = ctx.allocate$Ty$LocalArray(almLength);
        $T$[] blm = ctx.allocate$Ty$LocalArray(blmLength);
        $T$[] acc = new $T$[accLength];
        $T$[] opd = new $T$[opdLength];
        for (int i = 0; i < accLength; i++) {
            acc[i] = $Z$;
        }
        // db: the tile being multiplied is in half `cur` of alm and blm; each k-tile stages the next into the other
        // half before its products (db 0: its own tile into half 0, then a barrier), as Aparapi's kernel does
        int cur = 0;
        if (db == 1) {
            if (sa == 1) {
//#use stageGet dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm k=z*kper o=0
            }
            if (sb == 1) {
//#use stageGet dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn k=z*kper o=0
            }
            ctx.localBarrier();
        }
        for (int k0 = z * kper; k0 < z * kper + kper; k0 += kwg) {
            int kn = k0 + db * kwg;
            int sh = db * (1 - cur);
            if (kn < z * kper + kper) {
                if (sa == 1) {
//#use stageGet dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm k=kn o=sh*kwg*mwg
                }
                if (sb == 1) {
//#use stageGet dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn k=kn o=sh*kwg*nwg
                }
            }
            if (db == 0) {
                ctx.localBarrier();
            }
            int ao = cur * kwg * mwg;
            int bo = cur * kwg * nwg;
            // KWI steps of k in one iteration: a loop over a constant, which TornadoVM unrolls (Java has no unroll pragma)
            for (int kb = 0; kb < kwg; kb += kwi) {
                for (int ku = 0; ku < kwi; ku++) {
                    int k = kb + ku;
                    for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                        opd[mi] = sa == 1 ? alm[ao + k * mwg + m] : agm.get((k0 + k) * mp + gm * mwg + m);
                    }
                    for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
                        opd[mwi + ni] = sb == 1 ? blm[bo + k * nwg + n] : bgm.get((k0 + k) * np + gn * nwg + n);
                    }
                    for (int ni = 0; ni < nwi; ni++) {
                        for (int mi = 0; mi < mwi; mi++) {
                            acc[ni * mwi + mi] += opd[mi] * opd[mwi + ni];
                        }
                    }
                }
            }
            ctx.localBarrier();
            cur = db * (1 - cur);
        }
        for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
            for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                int idx = z * mp * np + (gn * nwg + n) * mp + gm * mwg + m;
                $T$ r = alpha * acc[ni * mwi + mi];
                cgm.set(idx, beta == $Z$ ? r : r + beta * cgm.get(idx));
            }
        }
    }

    /** gemm_ksum in $T$: c[i] = the ks planes' w[z·mn + i] added (alpha is in them) + beta·c[i]. */
    public static void ksum$Ty$(KernelContext ctx, $Ty$Array w, $Ty$Array c, int mn, int ks, $T$ beta) {
        int i = ctx.globalIdx;
        if (i < mn) {
            $T$ r = $Z$;
            for (int z = 0; z < ks; z++) {
                r += w.get(z * mn + i);
            }
            c.set(i, beta == $Z$ ? r : r + beta * c.get(i));
        }
    }

    /** gemm_pad in $T$: dst[y·W+x] = src[off+x·sx+y·sy] inside X×Y, 0 in the rest of W×H. */
    public static void pad$Ty$(KernelContext ctx, $Ty$Array src, $Ty$Array dst, int off, int sx, int sy, int xs, int ys, int w, int h) {
        int x = ctx.globalIdx;
        int y = ctx.globalIdy;
        if (x < w && y < h) {
            dst.set(y * w + x, x < xs && y < ys ? src.get(off + x * sx + y * sy) : $Z$);
        }
    }

    /** gemm_unpad in $T$: dst[off+x·sx+y·sy] = src[y·W+x] inside X×Y. */
    public static void unpad$Ty$(KernelContext ctx, $Ty$Array src, $Ty$Array dst, int off, int sx, int sy, int xs, int ys, int w, int h) {
        int x = ctx.globalIdx;
        int y = ctx.globalIdy;
        if (x < xs && y < ys) {
            dst.set(off + x * sx + y * sy, src.get(y * w + x));
        }
    }

    /**
     * gemm_direct in $T$: any sizes and strides; {@code aco} is the offsets of A and C {@code (ao | co << 32)},
     * {@code shape} is {@code WGD | MDIMCD << 10 | NDIMCD << 20} (TornadoVM's task takes at most 20 arguments).
     * The group's shape comes in as an argument, not from {@code ctx.localGroupSizeX/Y}:
     * TornadoVM compiles scalar arguments in, so mwid and nwid are constants, the loops over acc have
     * constant trip counts and the driver keeps acc in registers. From get_local_size they were run-time
     * values, acc lived in local memory (ptxas: a 16-byte stack frame, ld.local/st.local in the k loop),
     * and TRSM, which runs mostly on this kernel, took 2.9x jocl's kernel time on the H100.
     */
    public static void direct$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array b, $Ty$Array c, int mm, int nn, int kk, $T$ alpha, $T$ beta,
                                  long aco, int asi, int ask, int bo, int bsk, int bsj, int csi, int csj, int shape, int tileLength,
                                  int accLength) {
        int ao = (int) (aco & 0xFFFFFFFFL);
        int co = (int) (aco >> 32);
        int wgd = shape & 1023;
        int mdimcd = (shape >> 10) & 1023;
        int ndimcd = shape >> 20;
        int tm = ctx.localIdx;
        int tn = ctx.localIdy;
        int i0 = ctx.groupIdx * wgd;
        int j0 = ctx.groupIdy * wgd;
        int tid = tm + mdimcd * tn;
        int mwid = wgd / mdimcd;
        int nwid = wgd / ndimcd;
        $T$[] als = ctx.allocate$Ty$LocalArray(tileLength);
        $T$[] bls = ctx.allocate$Ty$LocalArray(tileLength);
        $T$[] acc = new $T$[accLength];
        for (int e = 0; e < accLength; e++) {
            acc[e] = $Z$;
        }
        for (int k0 = 0; k0 < kk; k0 += wgd) {
            for (int e = tid; e < wgd * wgd; e += mdimcd * ndimcd) {
                int r = e % wgd;
                int ka = k0 + e / wgd;
                // (x | y) >= 0 for x >= 0 && y >= 0: with the sizes compiled in, TornadoVM proves ka < kk in
                // some unrolled copies and then fails on the && ("logic node LogicConstantNode")
                als[e] = (mm - 1 - (i0 + r) | kk - 1 - ka) >= 0 ? a.get(ao + (i0 + r) * asi + ka * ask) : $Z$;
                bls[e] = (nn - 1 - (j0 + r) | kk - 1 - ka) >= 0 ? b.get(bo + ka * bsk + (j0 + r) * bsj) : $Z$;
            }
            ctx.localBarrier();
            for (int q = 0; q < wgd; q++) {
                for (int nj = 0; nj < nwid; nj++) {
                    $T$ bq = bls[q * wgd + tn + nj * ndimcd];
                    for (int mi = 0; mi < mwid; mi++) {
                        acc[nj * mwid + mi] += als[q * wgd + tm + mi * mdimcd] * bq;
                    }
                }
            }
            ctx.localBarrier();
        }
        for (int nj = 0; nj < nwid; nj++) {
            for (int mi = 0; mi < mwid; mi++) {
                int i = i0 + tm + mi * mdimcd;
                int j = j0 + tn + nj * ndimcd;
                if ((mm - 1 - i | nn - 1 - j) >= 0) {
                    int idx = co + i * csi + j * csj;
                    $T$ r = alpha * acc[nj * mwid + mi];
                    c.set(idx, beta == $Z$ ? r : r + beta * c.get(idx));
                }
            }
        }
    }
//#end
//#end
