import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

/**
 * The SpMV kernels of seed 004 (spmv.cl) in the Java routes, one kernel per format: CSR scalar and
 * ELLPACK (rows, the layout an argument), CSR vector, SELL-C-sigma, merge-based CSR (merge and its
 * carry fix-up) and CSR-Adaptive. The knobs (rows per work-item and mapping, ELLPACK layout, lanes
 * per row, slice height, merge items per work-item) are scalar arguments, so every route expresses
 * every setting with one kernel (TornadoVM compiles them in, so each setting is a kernel of its
 * own). Loops end by their conditions instead of {@code break} and {@code return}, which Aparapi's
 * bytecode translation handles less reliably, and TornadoVM's code has no short-circuit loads.
 */
//#if R=wg
    // its own forms: the emulator's cost is each group's flops and index operations, counted as the group goes and charged at its end
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

    static void rows(WorkGroup g) {
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
                int start = layout == SpmvKernels.CSR_LAYOUT ? rowPtr.get(r) : layout == SpmvKernels.ELL_COL_MAJOR ? r : r * width;
                int len = layout == SpmvKernels.CSR_LAYOUT ? rowPtr.get(r + 1) - start : width;
                int stride = layout == SpmvKernels.ELL_COL_MAJOR ? n : 1;
                y.set(r, slotSum(col, val, x, start, len, stride, flops));
                ints += 3L * len + 6;
            }
        }
        chargeRows(g, flops[0], ints);
    }

    /** A row kernel's cost: its flops, and its integer work plus two index operations per work-item. */
    static void chargeRows(WorkGroup g, long flops, long ints) {
        g.ops(Op.FLOAT, flops);
        g.ops(Op.INT, ints + 2L * g.localItems());
    }

    static void csrVector(WorkGroup g) {
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

    static void sell(WorkGroup g) {
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

    static void merge(WorkGroup g) {
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

    static void mergeFixup(WorkGroup g) {
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

    static void adaptive(WorkGroup g) {
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
//#else
//#if R=tornado
    /**
     * csr-vector's register cap on NVIDIA. TornadoVM's form of this kernel is spmv.cl's line for line, but
     * with lanes compiled in the driver unrolls the row loop with four 64-bit offsets live (each array
     * access is base + 16-byte header + 4i): ptxas gives it 48 registers for sm_90 against 30 for
     * spmv_csr_vector, so 10 groups of 128 fit an SM instead of 16. Capped at 32 (jocl's occupancy) it
     * ran 1.12x jocl's kernel time on the H100 instead of 1.34x (docs/routes.md).
     */
    static final int CSR_VECTOR_REGISTERS = 32;

//#end
//#def slots
        float $sum$ = 0.0f;
        for (int j = 0; j < $len$; j++) {
            int at = $start$ + j * $stride$;
            int c = col.get(at);
            if (c >= 0) {
                float q = val.get(at) * x.get(c);
                $sum$ += q;
            }
        }
//#end
    /** CSR scalar (layout 0) and ELLPACK column-major (1) or row-major (2): rpt whole rows per work-item, blocked or interleaved. */
//#kernel spmv.rows rows rowPtr:int[] col:int[] val:float[] x:float[] y:float[] n:int width:int rpt:int blocked:int layout:int
        int g = $gid$;
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
                    start = rowPtr.get(r);
                    len = rowPtr.get(r + 1) - start;
                } else if (layout == 1) {
                    start = r;
                    stride = n;
                }
//#use slots sum=sum len=len start=start stride=stride
                y.set(r, sum);
            }
        }
//#end

    /** CSR vector: lanes work-items per row, combined in local memory. */
//#kernel spmv.csr_vector csrVector rowPtr:int[] col:int[] val:float[] x:float[] y:float[] n:int lanes:int partial:float[local] tornado.options=".withNvidiaMaxRegisters(CSR_VECTOR_REGISTERS)"
        int lid = $lid$;
        int lane = lid & (lanes - 1);
        int r = $gid$ / lanes;
        float sum = 0.0f;
        if (r < n) {
            int end = rowPtr.get(r + 1);
            for (int i = rowPtr.get(r) + lane; i < end; i += lanes) {
                float p = val.get(i) * x.get(col.get(i));
                sum += p;
            }
        }
        partial[lid] = sum;
        for (int s = lanes / 2; s > 0; s >>= 1) {
//#barrier
            if (lane < s) {
                partial[lid] += partial[lid + s];
            }
        }
        if (lane == 0 && r < n) {
            y.set(r, partial[lid]);
        }
//#end

    /** SELL-C-sigma: one work-item per sorted row, slices column-major. */
//#kernel spmv.sell sell slicePtr:int[] col:int[] val:float[] perm:int[] x:float[] y:float[] slots:int C:int
        int p = $gid$;
        if (p < slots) {
            int s = p / C;
            int i = p - s * C;
            int start = slicePtr.get(s);
            int width = (slicePtr.get(s + 1) - start) / C;
//#use slots sum=sum len=width start="start + i" stride=C
            int r = perm.get(p);
            if (r >= 0) {
                y.set(r, sum);
            }
        }
//#end

    /** Merge-based CSR: ipt merge-path items per work-item, carries out. */
//#kernel spmv.merge merge rowPtr:int[] col:int[] val:float[] x:float[] y:float[] n:int nnz:int ipt:int carryRow:int[] carryVal:float[] threads:int
        int t = $gid$;
        if (t < threads) {
            int total = n + nnz;
            int d = t * ipt;
            if (d > total) {
                d = total;
            }
            int end = d + ipt;
            if (end > total) {
                end = total;
            }
            int lo = d - nnz;
            if (lo < 0) {
                lo = 0;
            }
            int hi = d;
            if (hi > n) {
                hi = n;
            }
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (rowPtr.get(mid + 1) <= d - 1 - mid) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int r = lo;
            int i = d - lo;
            float sum = 0.0f;
            for (int k = d; k < end; k++) {
                boolean nonZero = false;
                if (r < n) {
                    nonZero = i < rowPtr.get(r + 1);
                }
                if (nonZero) {
                    float p = val.get(i) * x.get(col.get(i));
                    sum += p;
                    i++;
                } else {
                    y.set(r, sum);
                    sum = 0.0f;
                    r++;
                }
            }
            carryRow.set(t, r);
            carryVal.set(t, sum);
        }
//#end

    /** The merge's carries: the first work-item of each run of equal carry rows adds the run. */
//#kernel spmv.merge_fixup mergeFixup carryRow:int[] carryVal:float[] y:float[] n:int threads:int
        int t = $gid$;
        if (t < threads) {
            int r = carryRow.get(t);
            boolean first = true;
            if (t > 0) {
                first = carryRow.get(t - 1) != r;
            }
            if (r < n && first) {
                float sum = 0.0f;
                int u = t;
                boolean same = true;
                while (same) {
                    sum += carryVal.get(u);
                    u++;
                    same = false;
                    if (u < threads) {
                        same = carryRow.get(u) == r;
                    }
                }
                y.set(r, y.get(r) + sum);
            }
        }
//#end

    /** CSR-Adaptive: one work-group per row block; several rows streamed through local memory, one long row by the whole group. */
//#kernel spmv.adaptive adaptive rowPtr:int[] col:int[] val:float[] x:float[] y:float[] blocks:int[] nblocks:int prod:float[local]
        int b = $group$;
        int lid = $lid$;
        int wg = $lsize$;
        int r0 = 0;
        int rows = 0;
        if (b < nblocks) {
            r0 = blocks.get(b);
            rows = blocks.get(b + 1) - r0;
        }
        int first = rowPtr.get(r0);
        int last = rowPtr.get(r0 + rows);
        int lanes = wg;
        int lane = lid;
        int j = 0;
        float sum = 0.0f;
        if (rows > 1) {
            for (int i = first + lid; i < last; i += wg) {
                float p = val.get(i) * x.get(col.get(i));
                prod[i - first] = p;
            }
//#barrier
            lanes = 1;
            while (lanes * 2 * rows <= wg) {
                lanes = lanes * 2;
            }
            j = lid / lanes;
            lane = lid & (lanes - 1);
            if (j < rows) {
                int e = rowPtr.get(r0 + j + 1) - first;
                for (int i = rowPtr.get(r0 + j) - first + lane; i < e; i += lanes) {
                    sum += prod[i];
                }
            }
//#barrier
        } else {
            for (int i = first + lid; i < last; i += wg) {
                float p = val.get(i) * x.get(col.get(i));
                sum += p;
            }
        }
        prod[lid] = sum;
        for (int s = lanes / 2; s > 0; s >>= 1) {
//#barrier
            if (lane < s) {
                prod[lid] += prod[lid + s];
            }
        }
        if (lane == 0 && j < rows) {
            y.set(r0 + j, prod[lid]);
        }
//#end
//#end
