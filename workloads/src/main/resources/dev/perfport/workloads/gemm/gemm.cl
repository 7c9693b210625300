/* GEMM of seed 001: C = alpha·op(A)·op(B) + beta·C, one source for float and double, specialised
 * by -D options in the manner of CLBlast's Xgemm (anchors-wave2 §1.1; written for perfport, not
 * copied). Host: dev.perfport.workloads.gemm.Gemm; parameters and their constraints:
 * GemmConfig (checked before this source is compiled).
 *
 *   PRECISION   32 (float) or 64 (double; the device must support cl_khr_fp64)
 *   MWG, NWG    work-group tile of C (rows m, columns n)       KWG  k-tile
 *   MDIMC,NDIMC threads of a work-group; each computes MWI×NWI = (MWG/MDIMC)×(NWG/NDIMC)
 *   MDIMA,NDIMB loader shapes: the MDIMC·NDIMC threads re-shaped as MDIMA×(threads/MDIMA) to
 *               load the A tile, NDIMB×(threads/NDIMB) to load the B tile
 *   KWI         unroll of the k loop inside a tile
 *   VWM, VWN    vector widths along m (A and C) and n (B)
 *   STRM, STRN  0: a thread's elements are contiguous; 1: strided by the thread count
 *   SA, SB      1: stage the A / B tile in local memory; 0: read it from global memory
 *   DB          1: double-buffered tiles (needs SA = SB = 1): alm and blm hold two k-tiles each
 *   (ks, split k, is no -D constant: the kernel reads it from the launch, see gemm_xgemm)
 *
 * gemm_xgemm, the fast kernel of the indirect path, needs tile multiples and packed operands:
 *   Ap  Kp×Mp, element (m,k) at k·Mp + m          (m fastest)
 *   Bp  Kp×Np, element (k,n) at k·Np + n          (n fastest)
 *   Cp  Mp×Np, element (m,n) at n·Mp + m          (column-major)
 * gemm_pad / gemm_unpad copy between any layout (strides) and those packed forms, zero-padding to
 * the tiles. gemm_direct is the single-kernel path for small sizes: any M, N, K, any strides,
 * bounds-checked WGD×WGD tiles. No private array is ever indexed by a run-time value: every loop
 * over a private array has a compile-time trip count and is unrolled. */

#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
typedef double2 real2;
typedef double4 real4;
typedef double8 real8;
#define ZERO 0.0
#else
typedef float real;
typedef float2 real2;
typedef float4 real4;
typedef float8 real8;
#define ZERO 0.0f
#endif

#ifndef MWG
#define MWG 8
#endif
#ifndef NWG
#define NWG 8
#endif
#ifndef KWG
#define KWG 8
#endif
#ifndef MDIMC
#define MDIMC 8
#endif
#ifndef NDIMC
#define NDIMC 8
#endif
#ifndef MDIMA
#define MDIMA MDIMC
#endif
#ifndef NDIMB
#define NDIMB NDIMC
#endif
#ifndef KWI
#define KWI 1
#endif
#ifndef VWM
#define VWM 1
#endif
#ifndef VWN
#define VWN 1
#endif
#ifndef STRM
#define STRM 0
#endif
#ifndef STRN
#define STRN 0
#endif
#ifndef SA
#define SA 0
#endif
#ifndef SB
#define SB 0
#endif
#ifndef DB
#define DB 0
#endif
#ifndef WGD
#define WGD 8
#endif
#ifndef MDIMCD
#define MDIMCD 8
#endif
#ifndef NDIMCD
#define NDIMCD 8
#endif

#if VWM == 1
typedef real realM;
#elif VWM == 2
typedef real2 realM;
#elif VWM == 4
typedef real4 realM;
#elif VWM == 8
typedef real8 realM;
#endif
#if VWN == 1
typedef real realN;
#elif VWN == 2
typedef real2 realN;
#elif VWN == 4
typedef real4 realN;
#elif VWN == 8
typedef real8 realN;
#endif

#define MWI (MWG / MDIMC)
#define NWI (NWG / NDIMC)
#define THREADS (MDIMC * NDIMC)
#define KDIMA (THREADS / MDIMA)
#define KDIMB (THREADS / NDIMB)
#define MWA (MWG / MDIMA)
#define KWA (KWG / KDIMA)
#define NWB (NWG / NDIMB)
#define KWB (KWG / KDIMB)

/* A vector of VWN splits into VWN scalars of a private array (the index is a compile-time constant
 * after unrolling). */
#if VWN == 1
#define SPLITN(v, p) (p)[0] = (v)
#else
#define SPLITN_(n) vstore##n
#define SPLITN__(n) SPLITN_(n)
#define SPLITN(v, p) SPLITN__(VWN)((v), 0, (p))
#endif


/* TILE_TO_LOCAL: one operand's KWG×XWG tile from global into local memory (CLBlast's GlobalToLocalA
 * and GlobalToLocalB, written once): the loader shape is XDIM × (threads / XDIM) work-items, each
 * moving XW/VW vectors by KW rows, contiguous (STR 0) or XDIM apart (STR 1). STR is a -D constant,
 * so the selection folds away. */
#define TILE_TO_LOCAL(lm, gm, XDIM, XW, KW, XWG, VW, STR, vecs, gx) {                           \
        const int l0 = tid % XDIM, l1 = tid / XDIM;                                             \
        _Pragma("unroll")                                                                       \
        for (int xi = 0; xi < XW / VW; xi++) {                                                  \
            const int xg = STR == 0 ? xi + l0 * (XW / VW) : l0 + xi * XDIM;                     \
            _Pragma("unroll")                                                                   \
            for (int ki = 0; ki < KW; ki++) {                                                   \
                const int kg = ki + l1 * KW;                                                    \
                lm[kg * (XWG / VW) + xg] = gm[(kwg + kg) * vecs + gx * (XWG / VW) + xg];        \
            }                                                                                   \
        }                                                                                       \
    }

/* TILE_LOAD / TILE_STORE: TILE_TO_LOCAL split through private registers rg (DB 1): the next tile's
 * global reads are issued before this tile's products and stored to the other half after them, so
 * their latency hides behind the products and one barrier a k-tile suffices. */
#define TILE_LOAD(rg, gm, XDIM, XW, KW, XWG, VW, STR, vecs, gx, kb) {                            \
        const int l0 = tid % XDIM, l1 = tid / XDIM;                                             \
        _Pragma("unroll")                                                                       \
        for (int xi = 0; xi < XW / VW; xi++) {                                                  \
            const int xg = STR == 0 ? xi + l0 * (XW / VW) : l0 + xi * XDIM;                     \
            _Pragma("unroll")                                                                   \
            for (int ki = 0; ki < KW; ki++) rg[xi * KW + ki] = gm[((kb) + ki + l1 * KW) * vecs + gx * (XWG / VW) + xg]; \
        }                                                                                       \
    }
#define TILE_STORE(lm, rg, XDIM, XW, KW, XWG, VW, STR) {                                        \
        const int l0 = tid % XDIM, l1 = tid / XDIM;                                             \
        _Pragma("unroll")                                                                       \
        for (int xi = 0; xi < XW / VW; xi++) {                                                  \
            const int xg = STR == 0 ? xi + l0 * (XW / VW) : l0 + xi * XDIM;                     \
            _Pragma("unroll")                                                                   \
            for (int ki = 0; ki < KW; ki++) lm[(ki + l1 * KW) * (XWG / VW) + xg] = rg[xi * KW + ki]; \
        }                                                                                       \
    }

/* Thread tid's m-vector index of its mi-th vector (STRM), and n-vector index of its ni-th (STRN). */
#if STRM == 0
#define MVEC(mi, tid) ((mi) + (tid) * (MWI / VWM))
#else
#define MVEC(mi, tid) ((tid) + (mi) * MDIMC)
#endif
#if STRN == 0
#define NVEC(ni, tid) ((ni) + (tid) * (NWI / VWN))
#else
#define NVEC(ni, tid) ((tid) + (ni) * NDIMC)
#endif

__kernel __attribute__((reqd_work_group_size(MDIMC, NDIMC, 1)))
void gemm_xgemm(PP_PARAMS, __global const realM* restrict agm, __global const realN* restrict bgm,
                __global realM* cgm, const int Mp, const int Np, const int Kp,
                const real alpha, const real beta, __local realM* alm, __local realN* blm) {
    const int tm = get_local_id(0), tn = get_local_id(1);
    /* split k: dimension 1 holds ks slices of Np/NWG groups; slice z sums k in [z·Kp/ks, (z+1)·Kp/ks)
     * into its own Mp×Np plane of C (gemm_ksum adds the planes); ks = 1 is the plain kernel */
    const int ngn = Np / NWG, z = get_group_id(1) / ngn, kper = Kp / (get_num_groups(1) / ngn);
    const int gm = get_group_id(0), gn = get_group_id(1) % ngn;
    const int tid = tm + MDIMC * tn;
    const int mvecs = Mp / VWM, nvecs = Np / VWN;
    realM cpm[NWI][MWI / VWM];
    #pragma unroll
    for (int ni = 0; ni < NWI; ni++) {
        #pragma unroll
        for (int mi = 0; mi < MWI / VWM; mi++) cpm[ni][mi] = (realM) ZERO;
    }
#if DB == 1
    /* tile 0 staged before the loop; then each k-tile reads the next into registers, multiplies its
     * half, stores the next into the other half and meets the others at one barrier */
    realM ar[(MWA / VWM) * KWA];
    realN br[(NWB / VWN) * KWB];
    TILE_LOAD(ar, agm, MDIMA, MWA, KWA, MWG, VWM, STRM, mvecs, gm, z * kper)
    TILE_LOAD(br, bgm, NDIMB, NWB, KWB, NWG, VWN, STRN, nvecs, gn, z * kper)
    TILE_STORE(alm, ar, MDIMA, MWA, KWA, MWG, VWM, STRM)
    TILE_STORE(blm, br, NDIMB, NWB, KWB, NWG, VWN, STRN)
    barrier(CLK_LOCAL_MEM_FENCE);
    int buf = 0;
    for (int kwg = z * kper; kwg < (z + 1) * kper; kwg += KWG) {
        const bool more = kwg + KWG < (z + 1) * kper;
        if (more) {
            TILE_LOAD(ar, agm, MDIMA, MWA, KWA, MWG, VWM, STRM, mvecs, gm, kwg + KWG)
            TILE_LOAD(br, bgm, NDIMB, NWB, KWB, NWG, VWN, STRN, nvecs, gn, kwg + KWG)
        }
        __local const realM* alc = alm + buf * (KWG * MWG / VWM);
        __local const realN* blc = blm + buf * (KWG * NWG / VWN);
#else
    for (int kwg = z * kper; kwg < (z + 1) * kper; kwg += KWG) {
        __local const realM* alc = alm;
        __local const realN* blc = blm;
#if SA == 1
        TILE_TO_LOCAL(alm, agm, MDIMA, MWA, KWA, MWG, VWM, STRM, mvecs, gm)   /* A: KWG×MWG, loader MDIMA × KDIMA */
#endif
#if SB == 1
        TILE_TO_LOCAL(blm, bgm, NDIMB, NWB, KWB, NWG, VWN, STRN, nvecs, gn)   /* B: KWG×NWG, loader NDIMB × KDIMB */
#endif
#if SA == 1 || SB == 1
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
#endif
        for (int pwi = 0; pwi < KWG; pwi += KWI) {
            #pragma unroll
            for (int pit = 0; pit < KWI; pit++) {
                const int k = pwi + pit;
                realM apm[MWI / VWM];
                real bp[NWI];
                #pragma unroll
                for (int mi = 0; mi < MWI / VWM; mi++) {
#if SA == 1
                    apm[mi] = alc[k * (MWG / VWM) + MVEC(mi, tm)];
#else
                    apm[mi] = agm[(kwg + k) * mvecs + gm * (MWG / VWM) + MVEC(mi, tm)];
#endif
                }
                #pragma unroll
                for (int ni = 0; ni < NWI / VWN; ni++) {
#if SB == 1
                    const realN b = blc[k * (NWG / VWN) + NVEC(ni, tn)];
#else
                    const realN b = bgm[(kwg + k) * nvecs + gn * (NWG / VWN) + NVEC(ni, tn)];
#endif
                    SPLITN(b, bp + ni * VWN);
                }
                #pragma unroll
                for (int ni = 0; ni < NWI; ni++) {
                    #pragma unroll
                    for (int mi = 0; mi < MWI / VWM; mi++) cpm[ni][mi] = fma(apm[mi], (realM) bp[ni], cpm[ni][mi]);
                }
            }
        }
#if DB == 1
        if (more) {
            TILE_STORE((alm + (buf ^ 1) * (KWG * MWG / VWM)), ar, MDIMA, MWA, KWA, MWG, VWM, STRM)
            TILE_STORE((blm + (buf ^ 1) * (KWG * NWG / VWN)), br, NDIMB, NWB, KWB, NWG, VWN, STRN)
        }
        buf ^= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
#elif SA == 1 || SB == 1
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
    }
    /* C = alpha·AB + beta·C; beta = 0 never reads C (BLAS: C may hold NaN then) */
    #pragma unroll
    for (int ni = 0; ni < NWI / VWN; ni++) {
        #pragma unroll
        for (int nj = 0; nj < VWN; nj++) {
            const int n = (gn * (NWG / VWN) + NVEC(ni, tn)) * VWN + nj;
            #pragma unroll
            for (int mi = 0; mi < MWI / VWM; mi++) {
                const int idx = z * mvecs * Np + n * mvecs + gm * (MWG / VWM) + MVEC(mi, tm);
                const realM r = alpha * cpm[ni * VWN + nj][mi];
                cgm[idx] = beta == ZERO ? r : r + beta * cgm[idx];
            }
        }
    }
}

/* split k's sum: c[i] = the ks planes' w[z·mn + i] added (alpha is in them) + beta·c[i]. */
__kernel void gemm_ksum(PP_PARAMS, __global const real* w, __global real* c, const int mn, const int ks, const real beta) {
    const int i = get_global_id(0);
    if (i >= mn) return;
    real r = ZERO;
    for (int z = 0; z < ks; z++) r += w[z * mn + i];
    c[i] = beta == ZERO ? r : r + beta * c[i];
}

/* dst[y·W + x] = src[off + x·sx + y·sy] for x < X, y < Y; 0 elsewhere in the W×H padded plane. */
__kernel void gemm_pad(PP_PARAMS, __global const real* src, __global real* dst, const int off, const int sx, const int sy,
                       const int X, const int Y, const int W, const int H) {
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    dst[y * W + x] = (x < X && y < Y) ? src[off + x * sx + y * sy] : ZERO;
}

/* dst[off + x·sx + y·sy] = src[y·W + x] for x < X, y < Y: the result back into the user's layout. */
__kernel void gemm_unpad(PP_PARAMS, __global const real* src, __global real* dst, const int off, const int sx, const int sy,
                         const int X, const int Y, const int W, const int H) {
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= X || y >= Y) return;
    dst[off + x * sx + y * sy] = src[y * W + x];
}

/* The direct path: one kernel, any M, N, K and strides. A work-group computes a WGD×WGD tile of C
 * with MDIMCD×NDIMCD threads, (WGD/MDIMCD)×(WGD/NDIMCD) results each, through WGD×WGD tiles of
 * op(A) and op(B) in local memory, zero-filled beyond the matrix edges. op(A)(i,k) is
 * a[ao + i·asi + k·ask], op(B)(k,j) is b[bo + k·bsk + j·bsj], C(i,j) is c[co + i·csi + j·csj]. */
#define MWID (WGD / MDIMCD)
#define NWID (WGD / NDIMCD)
__kernel __attribute__((reqd_work_group_size(MDIMCD, NDIMCD, 1)))
void gemm_direct(PP_PARAMS, __global const real* a, __global const real* b, __global real* c,
                 const int M, const int N, const int K, const real alpha, const real beta,
                 const int ao, const int asi, const int ask, const int bo, const int bsk, const int bsj,
                 const int co, const int csi, const int csj, __local real* als, __local real* bls) {
    const int tm = get_local_id(0), tn = get_local_id(1);
    const int i0 = get_group_id(0) * WGD, j0 = get_group_id(1) * WGD;
    const int tid = tm + MDIMCD * tn;
    real acc[NWID][MWID];
    #pragma unroll
    for (int nj = 0; nj < NWID; nj++) {
        #pragma unroll
        for (int mi = 0; mi < MWID; mi++) acc[nj][mi] = ZERO;
    }
    for (int kk = 0; kk < K; kk += WGD) {
        for (int e = tid; e < WGD * WGD; e += MDIMCD * NDIMCD) {
            const int r = e % WGD, q = e / WGD;   /* als[q][r] = op(A)(i0+r, kk+q); bls[q][r] = op(B)(kk+q, j0+r) */
            const int i = i0 + r, ka = kk + q, j = j0 + r;
            als[e] = (i < M && ka < K) ? a[ao + i * asi + ka * ask] : ZERO;
            bls[e] = (j < N && ka < K) ? b[bo + ka * bsk + j * bsj] : ZERO;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int q = 0; q < WGD; q++) {
            real ap[MWID];
            #pragma unroll
            for (int mi = 0; mi < MWID; mi++) ap[mi] = als[q * WGD + tm + mi * MDIMCD];
            #pragma unroll
            for (int nj = 0; nj < NWID; nj++) {
                const real bv = bls[q * WGD + tn + nj * NDIMCD];
                #pragma unroll
                for (int mi = 0; mi < MWID; mi++) acc[nj][mi] = fma(ap[mi], bv, acc[nj][mi]);
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    #pragma unroll
    for (int nj = 0; nj < NWID; nj++) {
        #pragma unroll
        for (int mi = 0; mi < MWID; mi++) {
            const int i = i0 + tm + mi * MDIMCD, j = j0 + tn + nj * NDIMCD;
            if (i < M && j < N) {
                const int idx = co + i * csi + j * csj;
                const real r = alpha * acc[nj][mi];
                c[idx] = beta == ZERO ? r : r + beta * c[idx];
            }
        }
    }
}
