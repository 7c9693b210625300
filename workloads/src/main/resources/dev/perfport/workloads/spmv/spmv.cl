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

/* CSR-Adaptive (Greathouse and Daga, SC'14): the host cuts the rows into blocks of consecutive
 * rows, one work-group each (blocks[b] .. blocks[b+1]-1). A block of several rows holds at most
 * "block" non-zeros and at most wg rows: the group streams its products into local memory with
 * coalesced loads, then lanes work-items per row (the largest power of two with lanes*rows <= wg)
 * add each row and combine in a tree. A block of one row (a row longer than a block) is added by
 * the whole group, so a power-law matrix's longest rows do not leave one work-item's serial loop
 * as the launch's tail. wg is a power of two; prod holds max(block, wg) floats. */
__kernel void spmv_adaptive(PP_PARAMS, __global const int* rowPtr, __global const int* col, __global const float* val,
                            __global const float* x, __global float* y, __global const int* blocks, const int nblocks,
                            __local float* prod) {
    int b = get_group_id(0);
    if (b >= nblocks) return;   /* uniform over the group */
    int lid = get_local_id(0), wg = get_local_size(0);
    int r0 = blocks[b], rows = blocks[b + 1] - r0;
    int first = rowPtr[r0], last = rowPtr[r0 + rows];
    int lanes = wg, lane = lid, j = 0;
    float sum = 0.0f;
    if (rows > 1) {
        for (int i = first + lid; i < last; i += wg) {
            float p = val[i] * x[col[i]];
            prod[i - first] = p;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        lanes = 1;
        while (lanes * 2 * rows <= wg) lanes <<= 1;
        j = lid / lanes;
        lane = lid & (lanes - 1);
        if (j < rows) {
            int e = rowPtr[r0 + j + 1] - first;
            for (int i = rowPtr[r0 + j] - first + lane; i < e; i += lanes) sum += prod[i];
        }
        barrier(CLK_LOCAL_MEM_FENCE);   /* prod is reused for the tree */
    } else {
        for (int i = first + lid; i < last; i += wg) {
            float p = val[i] * x[col[i]];
            sum += p;
        }
    }
    prod[lid] = sum;
    for (int s = lanes / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lane < s) prod[lid] += prod[lid + s];
    }
    if (lane == 0 && j < rows) y[r0 + j] = prod[lid];
}
