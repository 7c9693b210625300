package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The SpMV kernels of seed 004 (workloads' spmv.cl) as Aparapi kernels, one class per format,
 * found as a {@link KernelLibrary} service. The knobs are int fields bound from the definitions'
 * scalar arguments, as in OpenCL C; loops end by their conditions instead of {@code break} and
 * {@code return}, which Aparapi's bytecode translation handles less reliably.
 */
@AutoService(KernelLibrary.class)
public final class SpmvKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public SpmvKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("spmv.rows", Rows.class, c -> new Rows(), "rowPtr", "col", "val", "x", "y", "n", "width", "rpt", "blocked", "layout"),
                KernelSpec.of("spmv.csr_vector", CsrVector.class, c -> new CsrVector(), "rowPtr", "col", "val", "x", "y", "n", "lanes", "partial"),
                KernelSpec.of("spmv.sell", Sell.class, c -> new Sell(), "slicePtr", "col", "val", "perm", "x", "y", "slots", "C"),
                KernelSpec.of("spmv.merge", Merge.class, c -> new Merge(), "rowPtr", "col", "val", "x", "y", "n", "nnz", "ipt",
                        "carryRow", "carryVal", "threads"),
                KernelSpec.of("spmv.merge_fixup", MergeFixup.class, c -> new MergeFixup(), "carryRow", "carryVal", "y", "n", "threads"),
                KernelSpec.of("spmv.adaptive", Adaptive.class, c -> new Adaptive(), "rowPtr", "col", "val", "x", "y", "blocks", "nblocks", "prod"));
    }

    /** The arrays every format reads (its column indices, values and x) and writes (y). */
    abstract static class SpmvKernel extends PerfportKernel {
        int[] col;
        float[] val;
        float[] x;
        float[] y;

        /** The dot product of len slots from start, stride apart; padding slots hold column -1. */
        float slotSum(int start, int len, int stride) {
            float sum = 0.0f;
            for (int j = 0; j < len; j++) {
                int at = start + j * stride;
                int c = col[at];
                if (c >= 0) {
                    float p = val[at] * x[c];
                    sum += p;
                }
            }
            return sum;
        }
    }

    /** The CSR formats' row pointers and row count. */
    abstract static class CsrKernel extends SpmvKernel {
        int[] rowPtr;
        int n;
    }

    /** CSR scalar (layout 0) and ELLPACK column-major (1) or row-major (2): rpt whole rows per work-item, blocked or interleaved. */
    public static final class Rows extends CsrKernel {
        int width;
        int rpt;
        int blocked;
        int layout;

        @Override
        public void run() {
            int g = getGlobalId();
            int threads = (n + rpt - 1) / rpt;
            for (int k = 0; g < threads && k < rpt; k++) {
                int r = g + k * threads;
                if (blocked != 0) {
                    r = g * rpt + k;
                }
                if (r < n) {
                    int start = r * width;
                    int len = width;
                    int stride = 1;
                    if (layout == 0) {
                        start = rowPtr[r];
                        len = rowPtr[r + 1] - start;
                    } else if (layout == 1) {
                        start = r;
                        stride = n;
                    }
                    y[r] = slotSum(start, len, stride);
                }
            }
        }
    }

    /** CSR vector: lanes work-items per row, combined in local memory. */
    public static final class CsrVector extends CsrKernel {
        int lanes;
        @Local float[] partial;

        @Override
        public void run() {
            int lid = getLocalId();
            int lane = lid & (lanes - 1);
            int r = getGlobalId() / lanes;
            float sum = 0.0f;
            if (r < n) {
                for (int i = rowPtr[r] + lane; i < rowPtr[r + 1]; i += lanes) {
                    float p = val[i] * x[col[i]];
                    sum += p;
                }
            }
            partial[lid] = sum;
            for (int s = lanes / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lane < s) {
                    partial[lid] += partial[lid + s];
                }
            }
            if (lane == 0 && r < n) {
                y[r] = partial[lid];
            }
        }
    }

    /** SELL-C-sigma: one work-item per sorted row, slices column-major. */
    public static final class Sell extends SpmvKernel {
        int[] slicePtr;
        int[] perm;
        int slots;
        int C;

        @Override
        public void run() {
            int p = getGlobalId();
            if (p < slots) {
                int s = p / C;
                int i = p - s * C;
                int start = slicePtr[s];
                int width = (slicePtr[s + 1] - start) / C;
                float sum = slotSum(start + i, width, C);
                int r = perm[p];
                if (r >= 0) {
                    y[r] = sum;
                }
            }
        }
    }

    /** The merge's two kernels: threads work-items, each leaving the row it ended in and its partial sum. */
    abstract static class MergeKernel extends CsrKernel {
        int[] carryRow;
        float[] carryVal;
        int threads;
    }

    /** Merge-based CSR: ipt merge-path items per work-item, carries out. */
    public static final class Merge extends MergeKernel {
        int nnz;
        int ipt;

        @Override
        public void run() {
            int t = getGlobalId();
            if (t < threads) {
                int total = n + nnz;
                int d = min(t * ipt, total);
                int end = min(d + ipt, total);
                int lo = max(0, d - nnz);
                int hi = min(d, n);
                while (lo < hi) {
                    int mid = (lo + hi) / 2;
                    if (rowPtr[mid + 1] <= d - 1 - mid) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                int r = lo;
                int i = d - lo;
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
        }
    }

    /** The merge's carries: the first work-item of each run of equal carry rows adds the run. */
    public static final class MergeFixup extends MergeKernel {

        @Override
        public void run() {
            int t = getGlobalId();
            if (t < threads) {
                int r = carryRow[t];
                boolean first = t == 0 || carryRow[max(t - 1, 0)] != r;
                if (r < n && first) {
                    float sum = 0.0f;
                    int u = t;
                    while (u < threads && carryRow[min(u, threads - 1)] == r) {
                        sum += carryVal[u];
                        u++;
                    }
                    y[r] = y[r] + sum;
                }
            }
        }
    }

    /** CSR-Adaptive: one work-group per row block; several rows streamed through local memory, one long row by the whole group. */
    public static final class Adaptive extends SpmvKernel {
        int[] rowPtr;
        int[] blocks;
        int nblocks;
        @Local float[] prod;

        @Override
        public void run() {
            int b = getGroupId();
            int lid = getLocalId();
            int wg = getLocalSize();
            int r0 = 0;
            int rows = 0;
            if (b < nblocks) {
                r0 = blocks[b];
                rows = blocks[b + 1] - r0;
            }
            int first = rowPtr[r0];
            int last = rowPtr[r0 + rows];
            int lanes = wg;
            int lane = lid;
            int j = 0;
            float sum = 0.0f;
            if (rows > 1) {
                for (int i = first + lid; i < last; i += wg) {
                    float p = val[i] * x[col[i]];
                    prod[i - first] = p;
                }
                localBarrier();
                lanes = 1;
                while (lanes * 2 * rows <= wg) {
                    lanes = lanes * 2;
                }
                j = lid / lanes;
                lane = lid & (lanes - 1);
                if (j < rows) {
                    int e = rowPtr[r0 + j + 1] - first;
                    for (int i = rowPtr[r0 + j] - first + lane; i < e; i += lanes) {
                        sum += prod[i];
                    }
                }
                localBarrier();
            } else {
                for (int i = first + lid; i < last; i += wg) {
                    float p = val[i] * x[col[i]];
                    sum += p;
                }
            }
            prod[lid] = sum;
            for (int s = lanes / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lane < s) {
                    prod[lid] += prod[lid + s];
                }
            }
            if (lane == 0 && j < rows) {
                y[r0 + j] = prod[lid];
            }
        }
    }
}
