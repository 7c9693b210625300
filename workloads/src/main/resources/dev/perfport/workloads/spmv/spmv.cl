/* SpMV y = A x in float32 (seed 004 §2.2; Bell & Garland SC'09; Kreutzer et al. 2014; Merrill &
 * Garland SC'16). The knobs arrive as scalar arguments, so one kernel per format serves every
 * setting and every route can express them the same way:
 *   rpt, blocked: rows per work-item and the thread-row mapping. Work-item g of T = ceil(n/rpt)
 *                 takes rows g*rpt .. g*rpt+rpt-1 (blocked, CPU style) or g, g+T, g+2T, ...
 *                 (interleaved, GPU style: adjacent work-items read adjacent rows);
 *   layout:       CSR, or ELLPACK with slot (r, j) at j*n + r (column-major, coalesced on GPUs)
 *                 or at r*width + j (row-major);
 *   lanes:        CSR vector's work-items per row (a power of two dividing the local size);
 *   C:            SELL-C-sigma's slice height (sigma is the host's sorting window);
 *   ipt:          merge-based CSR's merge-path items (rows + non-zeros) per work-item.
 * Padding slots have column -1 and are read but not multiplied. Products are rounded before the
 * sum, as in Java. */
#pragma OPENCL FP_CONTRACT OFF

/* One kernel for the formats whose work-items take whole rows: the row's entries are len slots
 * from start, stride apart; layout 0 is CSR (start rowPtr[r], len the row's length, stride 1),
 * 1 ELLPACK column-major (start r, len width, stride n), 2 ELLPACK row-major (start r*width,
 * len width, stride 1). The branch on layout is uniform across the launch. */
__kernel void spmv_rows(PP_PARAMS, __global const int* rowPtr, __global const int* col, __global const float* val,
                        __global const float* x, __global float* y, const int n, const int width, const int rpt,
                        const int blocked, const int layout) {
    int g = get_global_id(0);
    int T = (n + rpt - 1) / rpt;
    if (g >= T) return;
    for (int k = 0; k < rpt; k++) {
        int r = blocked ? g * rpt + k : g + k * T;
        if (r >= n) break;
        int start = layout == 0 ? rowPtr[r] : layout == 1 ? r : r * width;
        int len = layout == 0 ? rowPtr[r + 1] - start : width;
        int stride = layout == 1 ? n : 1;
        float sum = 0.0f;
        for (int j = 0; j < len; j++) {
            int at = start + j * stride;
            int c = col[at];
            if (c >= 0) {
                float p = val[at] * x[c];
                sum += p;
            }
        }
        y[r] = sum;
    }
}

__kernel void spmv_csr_vector(PP_PARAMS, __global const int* rowPtr, __global const int* col, __global const float* val,
                              __global const float* x, __global float* y, const int n, const int lanes, __local float* partial) {
    int lid = get_local_id(0);
    int lane = lid & (lanes - 1);
    int r = get_global_id(0) / lanes;
    float sum = 0.0f;
    if (r < n) {
        for (int i = rowPtr[r] + lane; i < rowPtr[r + 1]; i += lanes) {
            float p = val[i] * x[col[i]];
            sum += p;
        }
    }
    partial[lid] = sum;
    for (int s = lanes / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < s) partial[lid] += partial[lid + s];
    }
    if (lane == 0 && r < n) y[r] = partial[lid];
}

__kernel void spmv_sell(PP_PARAMS, __global const int* slicePtr, __global const int* col, __global const float* val,
                        __global const int* perm, __global const float* x, __global float* y, const int slots, const int C) {
    int p = get_global_id(0);
    if (p >= slots) return;
    int s = p / C;
    int i = p - s * C;
    int start = slicePtr[s];
    int width = (slicePtr[s + 1] - start) / C;
    float sum = 0.0f;
    for (int j = 0; j < width; j++) {
        int at = start + j * C + i;
        int c = col[at];
        if (c >= 0) {
            float q = val[at] * x[c];
            sum += q;
        }
    }
    int r = perm[p];
    if (r >= 0) y[r] = sum;
}

/* Merge-based CSR: work-item t walks the merge path of (row ends, non-zero indices) from diagonal
 * t*ipt, found by binary search; rows that end on its stretch are written, the row it stops in
 * leaves its partial sum in carryRow/carryVal for spmv_merge_fixup. */
__kernel void spmv_merge(PP_PARAMS, __global const int* rowPtr, __global const int* col, __global const float* val,
                         __global const float* x, __global float* y, const int n, const int nnz, const int ipt,
                         __global int* carryRow, __global float* carryVal, const int threads) {
    int t = get_global_id(0);
    if (t >= threads) return;
    int total = n + nnz;
    int d = min(t * ipt, total);
    int end = min(d + ipt, total);
    int lo = max(0, d - nnz), hi = min(d, n);
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (rowPtr[mid + 1] <= d - 1 - mid) lo = mid + 1; else hi = mid;
    }
    int r = lo, i = d - lo;
    float sum = 0.0f;
    for (int k = d; k < end; k++) {
        if (r < n && i < rowPtr[r + 1]) {
            float p = val[i] * x[col[i]];
            sum += p;
            i++;
        } else {
            y[r] = sum;
            sum = 0.0f;
            r++;
        }
    }
    carryRow[t] = r;
    carryVal[t] = sum;
}

/* The carries: the first work-item of each run of equal carry rows adds the run to its row. */
__kernel void spmv_merge_fixup(PP_PARAMS, __global const int* carryRow, __global const float* carryVal, __global float* y,
                               const int n, const int threads) {
    int t = get_global_id(0);
    if (t >= threads) return;
    int r = carryRow[t];
    if (r >= n || (t > 0 && carryRow[t - 1] == r)) return;
    float sum = 0.0f;
    for (int u = t; u < threads && carryRow[u] == r; u++) sum += carryVal[u];
    y[r] += sum;
}
