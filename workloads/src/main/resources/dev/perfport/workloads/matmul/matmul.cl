/* Matrix multiplication study of seed 003 (§3.1, Table 2; §3.5, Fig. 9): C = A·B with
 * A M×K, B K×N, C M×N, row-major float32. One work-item computes one element of C; work-groups
 * are TILE×TILE (local size (TILE, TILE); dimension 0 runs along the columns j of C, dimension 1
 * along the rows i). The tile is get_local_size(0); the host checks that it divides M, N and K.
 *
 *   mm_alpha         α: naive, every work-item loops over k on its own;
 *   mm_beta          β: blocked: k-blocks of TILE separated by barriers, A and B read straight
 *                    from global memory (on a Cell the software cache gives the locality,
 *                    because all work-items of the group finish one k-block before the next);
 *   mm_gamma         γ: β plus an explicit preload of A_sub and B_sub into local memory with
 *                    ordinary (cached) loads;
 *   mm_delta         δ (and ε): γ with the preload done by async_work_group_copy, one copy per
 *                    tile row, then wait_group_events (a DMA on the Cell, bypassing the cache).
 *                    ε is this kernel built with PP_GROUPS_IN_FLIGHT=4; OpenCL devices ignore
 *                    the constant (they keep several groups in flight per compute unit anyway);
 *   mm_beta_static   β on static work-groups: each static group runs C tiles as tasks.
 */

__kernel void mm_alpha(PP_PARAMS, __global const float* A, __global const float* B, __global float* C,
                       const int M, const int N, const int K) {
    int j = get_global_id(0);
    int i = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += A[i * K + k] * B[k * N + j];
    C[i * N + j] = acc;
}

/* The β body for one C tile (tile row ti, tile column tj); shared by the NDRange and static forms. */
inline void beta_tile(__global const float* A, __global const float* B, __global float* C,
                      const int N, const int K, const int ti, const int tj) {
    int T = get_local_size(0);
    int i = ti * T + get_local_id(1);
    int j = tj * T + get_local_id(0);
    float acc = 0.0f;
    for (int kb = 0; kb < K; kb += T) {
        for (int kk = 0; kk < T; kk++) acc += A[i * K + kb + kk] * B[(kb + kk) * N + j];
        /* no data passes through local memory: the barrier only keeps the group in step, so
         * that the k-block's lines of A and B are reused from the cache by the whole group */
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[i * N + j] = acc;
}

__kernel void mm_beta(PP_PARAMS, __global const float* A, __global const float* B, __global float* C,
                      const int M, const int N, const int K) {
    beta_tile(A, B, C, N, K, get_group_id(1), get_group_id(0));
}

__kernel void mm_gamma(PP_PARAMS, __global const float* A, __global const float* B, __global float* C,
                       const int M, const int N, const int K, __local float* As, __local float* Bs) {
    int T = get_local_size(0);
    int lx = get_local_id(0), ly = get_local_id(1);
    int i = get_global_id(1), j = get_global_id(0);
    float acc = 0.0f;
    for (int kb = 0; kb < K; kb += T) {
        As[ly * T + lx] = A[i * K + kb + lx];
        Bs[ly * T + lx] = B[(kb + ly) * N + j];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int kk = 0; kk < T; kk++) acc += As[ly * T + kk] * Bs[kk * T + lx];
        barrier(CLK_LOCAL_MEM_FENCE);   /* before the next k-block overwrites the tiles */
    }
    C[i * N + j] = acc;
}

__kernel void mm_delta(PP_PARAMS, __global const float* A, __global const float* B, __global float* C,
                       const int M, const int N, const int K, __local float* As, __local float* Bs) {
    int T = get_local_size(0);
    int lx = get_local_id(0), ly = get_local_id(1);
    int i0 = get_group_id(1) * T, j0 = get_group_id(0) * T;
    float acc = 0.0f;
    for (int kb = 0; kb < K; kb += T) {
        /* one copy per tile row; every copy joins the same event, so one wait covers them all */
        event_t ev = 0;
        for (int r = 0; r < T; r++) {
            ev = async_work_group_copy(As + r * T, A + (i0 + r) * K + kb, (size_t)T, ev);
            ev = async_work_group_copy(Bs + r * T, B + (kb + r) * N + j0, (size_t)T, ev);
        }
        wait_group_events(1, &ev);
        for (int kk = 0; kk < T; kk++) acc += As[ly * T + kk] * Bs[kk * T + lx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[(i0 + ly) * N + j0 + lx] = acc;
}

/* Static work-groups (persistent form): task t is C tile (t / (N/T), t % (N/T)). */
__kernel void mm_beta_static(PP_PARAMS, __global const float* A, __global const float* B, __global float* C,
                             const int M, const int N, const int K) {
    int tilesN = N / (int)get_local_size(0);
    PP_FOR_EACH_TASK(t) {
        beta_tile(A, B, C, N, K, t / tilesN, t % tilesN);
    }
}
