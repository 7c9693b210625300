/* TRSM of seed 001 (left, lower, non-unit): the inversion of the NB×NB diagonal blocks of A, the
 * kernel TRSM adds to GEMM's (the updates are gemm's kernels). One source for float and double.
 * Host: dev.perfport.workloads.trsm.Trsm.
 *
 *   PRECISION  32 (float) or 64 (double)
 *   NB         block size = the work-group size: work-group b inverts block b, work-item j
 *              computes column j of inv(D_b) by forward substitution L·x = e_j
 *
 * A is column-major (element (i, j) at a[i + j·lda]), only its lower triangle is read. Dinv holds
 * block b column-major at dinv[b·NB·NB + j·NB + r]. Rows past m (a partial last block) are taken
 * as the identity, so the top-left h×h of the last inverse is the inverse of the partial block. */
#if PRECISION == 64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#define ZERO 0.0
#define ONE 1.0
#else
typedef float real;
#define ZERO 0.0f
#define ONE 1.0f
#endif
#ifndef NB
#define NB 16
#endif

__kernel __attribute__((reqd_work_group_size(NB, 1, 1)))
void trsm_invert(PP_PARAMS, __global const real* a, __global real* dinv, const int m, const int lda) {
    const int j = get_local_id(0), b = get_group_id(0);
    const int o = b * NB;
    __global real* x = dinv + (size_t) b * NB * NB + j * NB;   /* column j of inv(D_b): this work-item's own */
    for (int r = 0; r < j; r++) x[r] = ZERO;
    for (int r = j; r < NB; r++) {
        const int gr = o + r;
        real s = r == j ? ONE : ZERO;
        if (gr < m) {
            for (int q = j; q < r; q++) s -= a[gr + (o + q) * lda] * x[q];
            s = s / a[gr + gr * lda];
        }
        x[r] = s;
    }
}
