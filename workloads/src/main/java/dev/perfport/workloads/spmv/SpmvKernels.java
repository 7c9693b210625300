package dev.perfport.workloads.spmv;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.List;

/**
 * The SpMV kernels, each with its OpenCL C ({@code spmv.cl}) and Java work-group implementation;
 * the Aparapi and TornadoVM ones live in their backends. CSR scalar and ELLPACK share one
 * row-per-work-item kernel ({@link #rows()}) whose layout is an argument. The knobs (rows per
 * work-item and mapping, ELLPACK layout, lanes per row, slice height, merge items per work-item)
 * are scalar arguments, so that every route expresses every setting with one kernel. The Java
 * kernels do the same work in the same order as the OpenCL C, and declare to the emulator's cost
 * model one FLOAT operation per multiply and per add and INT work for indexing.
 */
public final class SpmvKernels {
    static final String SOURCE = Sources.load(SpmvKernels.class, "spmv.cl");

    /** Layouts of {@link #rows()}: CSR, ELLPACK column-major, ELLPACK row-major. */
    public static final int CSR_LAYOUT = 0, ELL_COL_MAJOR = 1, ELL_ROW_MAJOR = 2;

    /** The definition with its two implementations: the OpenCL C entry point and the Java work-group body. */
    private static KernelDef withImpls(KernelDef.Builder definition, String entry, WorkGroupKernel group) {
        return definition.impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(c -> group, 0))
                .build();
    }

    private static final KernelDef ROWS = withImpls(csrArgs("spmv.rows")
            .scalar("n", ElemType.INT).scalar("width", ElemType.INT).scalar("rpt", ElemType.INT)
            .scalar("blocked", ElemType.INT).scalar("layout", ElemType.INT),
            "spmv_rows", SpmvKernels::rows);

    private static final KernelDef CSR_VECTOR = withImpls(csrArgs("spmv.csr_vector")
            .scalar("n", ElemType.INT).scalar("lanes", ElemType.INT).local("partial", ElemType.FLOAT),
            "spmv_csr_vector", SpmvKernels::csrVector);

    private static final KernelDef SELL = withImpls(KernelDef.builder("spmv.sell")
            .global("slicePtr", ElemType.INT, Access.READ).global("col", ElemType.INT, Access.READ)
            .global("val", ElemType.FLOAT, Access.READ).global("perm", ElemType.INT, Access.READ)
            .global("x", ElemType.FLOAT, Access.READ).global("y", ElemType.FLOAT, Access.WRITE)
            .scalar("slots", ElemType.INT).scalar("C", ElemType.INT),
            "spmv_sell", SpmvKernels::sell);

    private static final KernelDef MERGE = withImpls(csrArgs("spmv.merge")
            .scalar("n", ElemType.INT).scalar("nnz", ElemType.INT).scalar("ipt", ElemType.INT)
            .global("carryRow", ElemType.INT, Access.WRITE).global("carryVal", ElemType.FLOAT, Access.WRITE)
            .scalar("threads", ElemType.INT),
            "spmv_merge", SpmvKernels::merge);

    private static final KernelDef MERGE_FIXUP = withImpls(KernelDef.builder("spmv.merge_fixup")
            .global("carryRow", ElemType.INT, Access.READ).global("carryVal", ElemType.FLOAT, Access.READ)
            .global("y", ElemType.FLOAT, Access.READ_WRITE)
            .scalar("n", ElemType.INT).scalar("threads", ElemType.INT),
            "spmv_merge_fixup", SpmvKernels::mergeFixup);

    private static final KernelDef ADAPTIVE = withImpls(csrArgs("spmv.adaptive")
            .global("blocks", ElemType.INT, Access.READ).scalar("nblocks", ElemType.INT).local("prod", ElemType.FLOAT),
            "spmv_adaptive", SpmvKernels::adaptive);

    private SpmvKernels() {
    }

    /** The arguments the CSR kernels start with: the matrix, x and y. */
    private static KernelDef.Builder csrArgs(String name) {
        return KernelDef.builder(name)
                .global("rowPtr", ElemType.INT, Access.READ).global("col", ElemType.INT, Access.READ)
                .global("val", ElemType.FLOAT, Access.READ).global("x", ElemType.FLOAT, Access.READ)
                .global("y", ElemType.FLOAT, Access.WRITE);
    }

    /** CSR scalar and both ELLPACK layouts: work-items take whole rows ({@code spmv_rows}). */
    public static KernelDef rows() {
        return ROWS;
    }

    public static KernelDef csrVector() {
        return CSR_VECTOR;
    }

    public static KernelDef sell() {
        return SELL;
    }

    public static KernelDef merge() {
        return MERGE;
    }

    public static KernelDef mergeFixup() {
        return MERGE_FIXUP;
    }

    /** CSR-Adaptive: one work-group per row block, streamed through local memory or, for one long row, the whole group's. */
    public static KernelDef adaptive() {
        return ADAPTIVE;
    }

    static List<KernelDef> all() {
        return List.of(ROWS, CSR_VECTOR, SELL, MERGE, MERGE_FIXUP, ADAPTIVE);
    }

    /** Row k of work-item t of T under the mapping (blocked: t*rpt + k; interleaved: t + k*T). */
    static int row(int t, int k, int T, int rpt, boolean blocked) {
        return blocked ? t * rpt + k : t + k * T;
    }

    /**
     * The sum of a row's len slots from start, stride apart (padding slots, column -1, skipped), in
     * slot order as the OpenCL C adds them; adds 2 to flops[0] per multiplied slot.
     */
    private static float slotSum(GlobalInts col, GlobalFloats val, GlobalFloats x, int start, int len, int stride, long[] flops) {
        float sum = 0f;
        for (int j = 0; j < len; j++) {
            int at = start + j * stride;
            int c = col.get(at);
            if (c >= 0) {
                float p = val.get(at) * x.get(c);
                sum += p;
                flops[0] += 2;
            }
        }
        return sum;
    }

    private static void rows(WorkGroup g) {
        GlobalInts rowPtr = g.ints(0), col = g.ints(1);
        GlobalFloats val = g.floats(2), x = g.floats(3), y = g.floats(4);
        int n = g.intArg(5), width = g.intArg(6), rpt = g.intArg(7), layout = g.intArg(9);
        boolean blocked = g.intArg(8) != 0;
        int T = (n + rpt - 1) / rpt;
        long[] flops = {0};
        long ints = 0;
        for (int lid = 0; lid < g.localItems(); lid++) {
            int t = (int) g.globalId(0, lid);
            for (int k = 0; t < T && k < rpt; k++) {
                int r = row(t, k, T, rpt, blocked);
                if (r >= n) break;
                int start = layout == CSR_LAYOUT ? rowPtr.get(r) : layout == ELL_COL_MAJOR ? r : r * width;
                int len = layout == CSR_LAYOUT ? rowPtr.get(r + 1) - start : width;
                int stride = layout == ELL_COL_MAJOR ? n : 1;
                y.set(r, slotSum(col, val, x, start, len, stride, flops));
                ints += 3L * len + 6;
            }
        }
        chargeRows(g, flops[0], ints);
    }

    /** A row kernel's cost: its flops, and its integer work plus two index operations per work-item. */
    private static void chargeRows(WorkGroup g, long flops, long ints) {
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, ints + 2L * g.localItems());
    }

    private static void csrVector(WorkGroup g) {
        GlobalInts rowPtr = g.ints(0), col = g.ints(1);
        GlobalFloats val = g.floats(2), x = g.floats(3), y = g.floats(4);
        int n = g.intArg(5), lanes = g.intArg(6);
        float[] partial = g.localFloats(7);
        int items = g.localItems();
        long flops = 0, ints = 0;
        for (int lid = 0; lid < items; lid++) {
            int lane = lid & (lanes - 1);
            int r = (int) (g.globalId(0, lid) / lanes);
            float sum = 0f;
            if (r < n) {
                int end = rowPtr.get(r + 1);
                for (int i = rowPtr.get(r) + lane; i < end; i += lanes) {
                    float p = val.get(i) * x.get(col.get(i));
                    sum += p;
                    flops += 2;
                    ints += 2;
                }
            }
            partial[lid] = sum;
        }
        // the tree of the OpenCL kernel, one barrier-separated step at a time
        for (int s = lanes / 2; s > 0; s >>= 1) {
            for (int lid = 0; lid < items; lid++) if ((lid & (lanes - 1)) < s) partial[lid] += partial[lid + s];
            flops += items / 2;
        }
        for (int lid = 0; lid < items; lid += lanes) {
            int r = (int) (g.globalId(0, lid) / lanes);
            if (r < n) y.set(r, partial[lid]);
        }
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, ints + 4L * items);
        g.ops(Op.LOCAL_MEM, 3L * items * Math.max(1, Integer.numberOfTrailingZeros(lanes)));
    }

    private static void sell(WorkGroup g) {
        GlobalInts slicePtr = g.ints(0), col = g.ints(1);
        GlobalFloats val = g.floats(2);
        GlobalInts perm = g.ints(3);
        GlobalFloats x = g.floats(4), y = g.floats(5);
        int slots = g.intArg(6), C = g.intArg(7);
        long[] flops = {0};
        long ints = 0;
        for (int lid = 0; lid < g.localItems(); lid++) {
            int p = (int) g.globalId(0, lid);
            if (p >= slots) continue;
            int s = p / C;
            int i = p - s * C;
            int start = slicePtr.get(s);
            int width = (slicePtr.get(s + 1) - start) / C;
            float sum = slotSum(col, val, x, start + i, width, C, flops);
            int r = perm.get(p);
            if (r >= 0) y.set(r, sum);
            ints += 3L * width + 6;
        }
        chargeRows(g, flops[0], ints);
    }

    private static void merge(WorkGroup g) {
        GlobalInts rowPtr = g.ints(0), col = g.ints(1);
        GlobalFloats val = g.floats(2), x = g.floats(3), y = g.floats(4);
        int n = g.intArg(5), nnz = g.intArg(6), ipt = g.intArg(7);
        GlobalInts carryRow = g.ints(8);
        GlobalFloats carryVal = g.floats(9);
        int threads = g.intArg(10);
        long flops = 0, ints = 0;
        int total = n + nnz;
        for (int lid = 0; lid < g.localItems(); lid++) {
            int t = (int) g.globalId(0, lid);
            if (t >= threads) continue;
            int d = (int) Math.min((long) t * ipt, total);
            int end = (int) Math.min((long) d + ipt, total);
            int lo = Math.max(0, d - nnz), hi = Math.min(d, n);
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (rowPtr.get(mid + 1) <= d - 1 - mid) lo = mid + 1;
                else hi = mid;
                ints += 4;
            }
            int r = lo, i = d - lo;
            float sum = 0f;
            for (int k = d; k < end; k++) {
                if (r < n && i < rowPtr.get(r + 1)) {
                    float p = val.get(i) * x.get(col.get(i));
                    sum += p;
                    i++;
                    flops += 2;
                } else {
                    y.set(r, sum);
                    sum = 0f;
                    r++;
                }
                ints += 3;
            }
            carryRow.set(t, r);
            carryVal.set(t, sum);
        }
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, ints + 2L * g.localItems());
    }

    private static void mergeFixup(WorkGroup g) {
        GlobalInts carryRow = g.ints(0);
        GlobalFloats carryVal = g.floats(1), y = g.floats(2);
        int n = g.intArg(3), threads = g.intArg(4);
        long flops = 0;
        for (int lid = 0; lid < g.localItems(); lid++) {
            int t = (int) g.globalId(0, lid);
            if (t >= threads) continue;
            int r = carryRow.get(t);
            if (r >= n || (t > 0 && carryRow.get(t - 1) == r)) continue;
            float sum = 0f;
            for (int u = t; u < threads && carryRow.get(u) == r; u++) {
                sum += carryVal.get(u);
                flops++;
            }
            y.set(r, y.get(r) + sum);
        }
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, 4L * g.localItems());
    }

    private static void adaptive(WorkGroup g) {
        GlobalInts rowPtr = g.ints(0), col = g.ints(1);
        GlobalFloats val = g.floats(2), x = g.floats(3), y = g.floats(4);
        GlobalInts blocks = g.ints(5);
        int nblocks = g.intArg(6);
        float[] prod = g.localFloats(7);
        int b = (int) g.groupId(0), wg = g.localItems();
        if (b >= nblocks) return;
        int r0 = blocks.get(b), rows = blocks.get(b + 1) - r0;
        int first = rowPtr.get(r0), last = rowPtr.get(r0 + rows);
        float[] sum = new float[wg];
        int lanes = wg;
        long flops = 0, ints = 0;
        if (rows > 1) {
            // the products into local memory, work-item lid taking every wg-th as the OpenCL C does
            for (int i = first; i < last; i++) {
                float p = val.get(i) * x.get(col.get(i));
                prod[i - first] = p;
            }
            lanes = 1;
            while (lanes * 2 * rows <= wg) lanes <<= 1;
            for (int lid = 0; lid < wg; lid++) {
                int j = lid / lanes, lane = lid & (lanes - 1);
                if (j >= rows) continue;
                int e = rowPtr.get(r0 + j + 1) - first;
                for (int i = rowPtr.get(r0 + j) - first + lane; i < e; i += lanes) sum[lid] += prod[i];
                ints += 4;
            }
            flops += 2L * (last - first);
            g.ops(Op.LOCAL_MEM, 2L * (last - first));
        } else {
            for (int lid = 0; lid < wg; lid++) {
                for (int i = first + lid; i < last; i += wg) {
                    float p = val.get(i) * x.get(col.get(i));
                    sum[lid] += p;
                }
            }
            flops += 2L * (last - first);
        }
        System.arraycopy(sum, 0, prod, 0, wg);
        for (int s = lanes / 2; s > 0; s >>= 1) {
            for (int lid = 0; lid < wg; lid++) if ((lid & (lanes - 1)) < s) prod[lid] += prod[lid + s];
            flops += wg / 2;
        }
        for (int lid = 0; lid < wg; lid += lanes) if (lid / lanes < rows) y.set(r0 + lid / lanes, prod[lid]);
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, ints + 3L * (last - first) + 6L * wg);
        g.ops(Op.LOCAL_MEM, 3L * wg * Math.max(1, Integer.numberOfTrailingZeros(lanes)));
    }
}
