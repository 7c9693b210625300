package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.ArrayList;
import java.util.List;

/**
 * GEMM of seed 001 (the workloads module's {@code gemm.cl}: the tiled kernel of the indirect path,
 * its pad/unpad copies and the direct kernel) as Aparapi kernels, float and double from one
 * template. Same algorithm, same packed layouts, same tiling parameters and the same element each
 * work-item owns as the OpenCL C kernels, so the rows verify against the same reference.
 *
 * <p>What Aparapi cannot express, and what takes its place:
 * <ul>
 *   <li><b>Compile-time constants</b>: Aparapi has no {@code -D} and passes every field a kernel
 *       reads as a kernel argument, final or not. The tiling parameters (MWG, NWG, KWG, MDIMC,
 *       NDIMC, MDIMA, NDIMB, VWM, VWN, STRM, STRN, SA, SB; WGD, MDIMCD, NDIMCD) are final fields of
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
 * </ul>
 */
@AutoService(KernelLibrary.class)
public final class GemmKernels implements KernelLibrary {
    /** Results (and operands) per work-item the private arrays hold. */
    public static final int CAP = 128;

    /** Made by {@link java.util.ServiceLoader}. */
    public GemmKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        String[] xgemm = {"agm", "bgm", "cgm", "mp", "np", "kp", "alpha", "beta", "alm", "blm"};
        String[] copy = {"src", "dst", "off", "sx", "sy", "xs", "ys", "w", "h"};
        String[] ksum = {"w", "c", "mn", "ks", "beta"};
        String[] direct = {"a", "b", "c", "mm", "nn", "kk", "alpha", "beta", "ao", "asi", "ask", "bo", "bsk", "bsj", "co", "csi", "csj",
                "als", "bls"};
        List<KernelSpec> l = new ArrayList<>();
//#for T=float,double Ty=Float,Double
        l.add(KernelSpec.of("gemm.xgemm.$T$", Xgemm$Ty$.class, c -> Specialiser.of(Xgemm$Ty$.class, shape(c)), xgemm));
        l.add(KernelSpec.of("gemm.pad.$T$", Copy$Ty$.class, c -> new Copy$Ty$(0), copy));
        l.add(KernelSpec.of("gemm.unpad.$T$", Copy$Ty$.class, c -> new Copy$Ty$(1), copy));
        l.add(KernelSpec.of("gemm.ksum.$T$", Ksum$Ty$.class, c -> new Ksum$Ty$(), ksum));
        l.add(KernelSpec.of("gemm.direct.$T$", Direct$Ty$.class, c -> Specialiser.of(Direct$Ty$.class, directShape(c)), direct));
//#end
        return l;
    }

    /** The 13 tiling parameters (KWI ignored; ks is the launch's) after checking what the private arrays hold. */
    static int[] shape(Constants c) {
        String[] names = {"MWG", "NWG", "KWG", "MDIMC", "NDIMC", "MDIMA", "NDIMB", "VWM", "VWN", "STRM", "STRN", "SA", "SB"};
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

//#def mOf
                    int mv = $i$ / vwm;
                    int $m$ = (strm == 0 ? mv + tm * (mwi / vwm) : tm + mv * mdimc) * vwm + $i$ % vwm;
//#end
//#def nOf
                    int nv = $i$ / vwn;
                    int $n$ = (strn == 0 ? nv + tn * (nwi / vwn) : tn + nv * ndimc) * vwn + $i$ % vwn;
//#end
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
//#def stage
                    // one operand's KWG×WG tile into local memory (A: MWG, B: NWG), loader shape DIM × (threads/DIM)
                    int kw = kwg / (threads / $dim$);
                    int xw = $wg$ / $dim$;
                    for (int xi = 0; xi < xw / $vw$; xi++) {
                        int xg = $str$ == 0 ? xi + (tid % $dim$) * (xw / $vw$) : tid % $dim$ + xi * $dim$;
                        for (int ki = 0; ki < kw; ki++) {
                            int kg = ki + (tid / $dim$) * kw;
                            for (int l = 0; l < $vw$; l++) $lm$[kg * $wg$ + xg * $vw$ + l] = $gm$[(k0 + kg) * $ld$ + $g$ * $wg$ + xg * $vw$ + l];
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
        final int mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, vwm, vwn, strm, strn, sa, sb;
        @PrivateMemorySpace(CAP) $T$[] acc = new $T$[CAP];
        /** The work-item's MWI values of A, then its NWI values of B, of one k. */
        @PrivateMemorySpace(CAP) $T$[] opd = new $T$[CAP];

        /** The 13 values of {@code shape(Constants)}, in CLBlast's groups. */
        Xgemm$Ty$(int[] v) {
            mwg = v[0]; nwg = v[1]; kwg = v[2];                  // work-group tile
            mdimc = v[3]; ndimc = v[4];                          // threads
            mdima = v[5]; ndimb = v[6];                          // tile loaders
            vwm = v[7]; vwn = v[8]; strm = v[9]; strn = v[10];   // vector widths, strided access
            sa = v[11]; sb = v[12];                              // local-memory staging
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
            for (int k0 = z * kper; k0 < z * kper + kper; k0 += kwg) {
                if (sa == 1) {
//#use stage dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm
                }
                if (sb == 1) {
//#use stage dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn
                }
                if (sa == 1 || sb == 1) localBarrier();
                for (int k = 0; k < kwg; k++) {
                    for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                        if (sa == 1) {
                            opd[mi] = alm[k * mwg + m];
                        } else {
                            opd[mi] = agm[(k0 + k) * mp + gm * mwg + m];
                        }
                    }
                    for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
                        if (sb == 1) {
                            opd[mwi + ni] = blm[k * nwg + n];
                        } else {
                            opd[mwi + ni] = bgm[(k0 + k) * np + gn * nwg + n];
                        }
                    }
                    for (int ni = 0; ni < nwi; ni++) {
                        for (int mi = 0; mi < mwi; mi++) acc[ni * mwi + mi] += opd[mi] * opd[mwi + ni];
                    }
                }
                if (sa == 1 || sb == 1) localBarrier();   // before the next k-tile overwrites the staged tiles
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
}
