package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.DOUBLE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * GEMM of seed 001 (workloads' GemmKernels, gemm.cl) in TornadoVM's Kernel API, float and double
 * from one template: the tiled kernel of the indirect path on packed tile multiples (Ap k·Mp + m,
 * Bp k·Np + n, Cp n·Mp + m), the pad/unpad copies around it, and the direct kernel. Same work per
 * work-item, same owned elements, same packed layouts as the OpenCL C kernels.
 *
 * <p>The tiling parameters are scalar arguments, which TornadoVM compiles in: every configuration
 * is a kernel of its own with MWG, NWG, KWG, MDIMC, NDIMC, MDIMA, NDIMB, VWM, VWN, STRM, STRN, SA,
 * SB (WGD, MDIMCD, NDIMCD) as constants, and the private register tile ({@code new float[n]}) and
 * the local tiles get their sizes from them. What the route cannot express:
 * <ul>
 *   <li><b>VWM, VWN</b>: no vector loads of a FloatArray; a vector is VWM (VWN) consecutive
 *       scalars, so the widths decide which elements a work-item owns, not its load width.</li>
 *   <li><b>KWI</b>: no unroll pragma in Java; the k loop steps by KWI around an inner loop of KWI
 *       steps, which TornadoVM unrolls (a loop over a compiled-in constant).</li>
 *   <li>A task takes at most 20 arguments, so MDIMA and NDIMB travel packed in one int and the
 *       flags SA, SB, STRM, STRN, VWM, VWN in another (still compile-time constants), and the
 *       direct kernel's offsets of A and C in one long.</li>
 *   <li>No fma: a product and a sum, as FMA fusion is off (bin/tornado-jvm-args); NVIDIA's compiler
 *       contracts them (the PTX has fma.rn.f32, docs/routes.md).</li>
 * </ul>
 */
@AutoService(KernelLibrary.class)
public final class GemmTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public GemmTornado() {
        super(GemmTornado::register);
    }

    /** mdima | ndimb << 16. */
    static int loaders(Constants c) {
        return c.getInt("MDIMA") | c.getInt("NDIMB") << 16;
    }

    /** sa | sb << 1 | strm << 2 | strn << 3 | vwm << 4 | vwn << 8 | kwi << 12. */
    static int flags(Constants c) {
        return c.getInt("SA") | c.getInt("SB") << 1 | c.getInt("STRM") << 2 | c.getInt("STRN") << 3 | c.getInt("VWM") << 4
                | c.getInt("VWN") << 8 | c.getInt("KWI") << 12;
    }

    static int mwi(Constants c) {
        return c.getInt("MWG") / c.getInt("MDIMC");
    }

    static int nwi(Constants c) {
        return c.getInt("NWG") / c.getInt("NDIMC");
    }

    static void register(List<TornadoKernel> into) {
//#for T=float,double Ty=Float,Double E=FLOAT,DOUBLE Arr=floats,doubles Arg=floatArg,doubleArg
        into.add(new TornadoKernel("gemm.xgemm.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, $E$, PRIVATE, $E$, LOCAL, $E$, LOCAL, $E$), false, a -> {
            Constants c = a.constants();
            a.graph().task(a.task(), GemmTornado::xgemm$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3), a.intArg(4),
                    a.intArg(5), a.$Arg$(6), a.$Arg$(7), c.getInt("MWG"), c.getInt("NWG"), c.getInt("KWG"), c.getInt("MDIMC"),
                    c.getInt("NDIMC"), loaders(c), flags(c), a.localLength(8), a.localLength(9), mwi(c) * nwi(c), mwi(c) + nwi(c));
        }).withWriteFirstWhenZero(2, 7));   // C (or split k's planes) is only written when beta is 0
        var copy$Ty$ = sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, INT);
        into.add(new TornadoKernel("gemm.pad.$T$", copy$Ty$, false, a -> a.graph().task(a.task(), GemmTornado::pad$Ty$, a.context(),
                a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8))));
        into.add(new TornadoKernel("gemm.unpad.$T$", copy$Ty$, false, a -> a.graph().task(a.task(), GemmTornado::unpad$Ty$, a.context(),
                a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3), a.intArg(4), a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8))));
        into.add(new TornadoKernel("gemm.ksum.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, $E$), false,
                a -> a.graph().task(a.task(), GemmTornado::ksum$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3),
                        a.$Arg$(4))).withWriteFirstWhenZero(1, 4));
        into.add(new TornadoKernel("gemm.direct.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, $E$, PRIVATE, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, LOCAL, $E$, LOCAL, $E$), false, a -> {
            Constants c = a.constants();
            int wgd = c.getInt("WGD");
            long aco = (a.intArg(8) & 0xFFFFFFFFL) | (long) a.intArg(14) << 32;
            a.graph().task(a.task(), GemmTornado::direct$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3), a.intArg(4),
                    a.intArg(5), a.$Arg$(6), a.$Arg$(7), aco, a.intArg(9), a.intArg(10), a.intArg(11), a.intArg(12), a.intArg(13),
                    a.intArg(15), a.intArg(16), wgd | c.getInt("MDIMCD") << 10 | c.getInt("NDIMCD") << 20, a.localLength(17),
                    (wgd / c.getInt("MDIMCD")) * (wgd / c.getInt("NDIMCD")));
        }));
//#end
    }

//#def mOf
                int mv = $i$ / vwm;
                int $m$ = (strm == 0 ? mv + tm * (mwi / vwm) : tm + mv * mdimc) * vwm + $i$ % vwm;
//#end
//#def nOf
                int nv = $i$ / vwn;
                int $n$ = (strn == 0 ? nv + tn * (nwi / vwn) : tn + nv * ndimc) * vwn + $i$ % vwn;
//#end
//#def stage
                // one operand's KWG×WG tile into local memory (A: MWG, B: NWG), loader shape DIM × (threads/DIM)
                int kw = kwg / (threads / $dim$);
                int xw = $wg$ / $dim$;
                for (int xi = 0; xi < xw / $vw$; xi++) {
                    int xg = $str$ == 0 ? xi + (tid % $dim$) * (xw / $vw$) : tid % $dim$ + xi * $dim$;
                    for (int ki = 0; ki < kw; ki++) {
                        int kg = ki + (tid / $dim$) * kw;
                        for (int l = 0; l < $vw$; l++) {
                            $lm$[kg * $wg$ + xg * $vw$ + l] = $gm$.get((k0 + kg) * $ld$ + $g$ * $wg$ + xg * $vw$ + l);
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
        for (int k0 = z * kper; k0 < z * kper + kper; k0 += kwg) {
            if (sa == 1) {
//#use stage dim=mdima wg=mwg vw=vwm str=strm lm=alm gm=agm ld=mp g=gm
            }
            if (sb == 1) {
//#use stage dim=ndimb wg=nwg vw=vwn str=strn lm=blm gm=bgm ld=np g=gn
            }
            ctx.localBarrier();
            // KWI steps of k in one iteration: a loop over a constant, which TornadoVM unrolls (Java has no unroll pragma)
            for (int kb = 0; kb < kwg; kb += kwi) {
                for (int ku = 0; ku < kwi; ku++) {
                    int k = kb + ku;
                    for (int mi = 0; mi < mwi; mi++) {
//#use mOf i=mi m=m
                        opd[mi] = sa == 1 ? alm[k * mwg + m] : agm.get((k0 + k) * mp + gm * mwg + m);
                    }
                    for (int ni = 0; ni < nwi; ni++) {
//#use nOf i=ni n=n
                        opd[mwi + ni] = sb == 1 ? blm[k * nwg + n] : bgm.get((k0 + k) * np + gn * nwg + n);
                    }
                    for (int ni = 0; ni < nwi; ni++) {
                        for (int mi = 0; mi < mwi; mi++) {
                            acc[ni * mwi + mi] += opd[mi] * opd[mwi + ni];
                        }
                    }
                }
            }
            ctx.localBarrier();
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
}
