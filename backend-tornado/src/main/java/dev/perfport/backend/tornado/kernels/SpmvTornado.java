package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The SpMV kernels of seed 004 (workloads' spmv.cl) in TornadoVM's Kernel API, one method per
 * format; the knobs are scalar parameters (which TornadoVM compiles in, so each setting is a
 * kernel of its own). csr-vector's local array gets its length the same way. Loops end by their
 * conditions, as in the Aparapi kernels.
 */
@AutoService(KernelLibrary.class)
public final class SpmvTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public SpmvTornado() {
        super(SpmvTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("spmv.rows", sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT,
                PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), SpmvTornado::rows, a.context(), a.ints(0), a.ints(1), a.floats(2), a.floats(3), a.floats(4),
                        a.intArg(5), a.intArg(6), a.intArg(7), a.intArg(8), a.intArg(9))));
        into.add(new TornadoKernel("spmv.csr_vector", sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT,
                PRIVATE, INT, PRIVATE, INT, LOCAL, FLOAT), false,
                a -> a.graph().task(a.task(), SpmvTornado::csrVector, a.context(), a.ints(0), a.ints(1), a.floats(2), a.floats(3), a.floats(4),
                        a.intArg(5), a.intArg(6), a.localLength(7))).withNvidiaMaxRegisters(CSR_VECTOR_REGISTERS));
        into.add(new TornadoKernel("spmv.sell", sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT,
                PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), SpmvTornado::sell, a.context(), a.ints(0), a.ints(1), a.floats(2), a.ints(3), a.floats(4),
                        a.floats(5), a.intArg(6), a.intArg(7))));
        into.add(new TornadoKernel("spmv.merge", sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT,
                PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, GLOBAL, INT, GLOBAL, FLOAT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), SpmvTornado::merge, a.context(), a.ints(0), a.ints(1), a.floats(2), a.floats(3), a.floats(4),
                        a.intArg(5), a.intArg(6), a.intArg(7), a.ints(8), a.floats(9), a.intArg(10))));
        into.add(new TornadoKernel("spmv.merge_fixup", sig(GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), SpmvTornado::mergeFixup, a.context(), a.ints(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4))));
        into.add(new TornadoKernel("spmv.adaptive", sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT,
                GLOBAL, INT, PRIVATE, INT, LOCAL, FLOAT), false,
                a -> a.graph().task(a.task(), SpmvTornado::adaptive, a.context(), a.ints(0), a.ints(1), a.floats(2), a.floats(3), a.floats(4),
                        a.ints(5), a.intArg(6), a.localLength(7))));
    }

    /** CSR scalar (layout 0) and ELLPACK column-major (1) or row-major (2): rpt whole rows per work-item, blocked or interleaved. */
    public static void rows(KernelContext ctx, IntArray rowPtr, IntArray col, FloatArray val, FloatArray x, FloatArray y,
                            int n, int width, int rpt, int blocked, int layout) {
        int g = ctx.globalIdx;
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
                float sum = 0.0f;
                for (int j = 0; j < len; j++) {
                    int at = start + j * stride;
                    int c = col.get(at);
                    if (c >= 0) {
                        float p = val.get(at) * x.get(c);
                        sum += p;
                    }
                }
                y.set(r, sum);
            }
        }
    }

    /**
     * csr-vector's register cap on NVIDIA. TornadoVM's form of this kernel is spmv.cl's line for line, but
     * with lanes compiled in the driver unrolls the row loop with four 64-bit offsets live (each array
     * access is base + 16-byte header + 4i): ptxas gives it 48 registers for sm_90 against 30 for
     * spmv_csr_vector, so 10 groups of 128 fit an SM instead of 16. Capped at 32 (jocl's occupancy) it
     * ran 1.12x jocl's kernel time on the H100 instead of 1.34x (docs/routes.md).
     */
    static final int CSR_VECTOR_REGISTERS = 32;

    public static void csrVector(KernelContext ctx, IntArray rowPtr, IntArray col, FloatArray val, FloatArray x, FloatArray y,
                                 int n, int lanes, int partialLength) {
        float[] partial = ctx.allocateFloatLocalArray(partialLength);
        int lid = ctx.localIdx;
        int lane = lid & (lanes - 1);
        int r = ctx.globalIdx / lanes;
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
            ctx.localBarrier();
            if (lane < s) {
                partial[lid] += partial[lid + s];
            }
        }
        if (lane == 0 && r < n) {
            y.set(r, partial[lid]);
        }
    }

    public static void sell(KernelContext ctx, IntArray slicePtr, IntArray col, FloatArray val, IntArray perm, FloatArray x, FloatArray y,
                            int slots, int cHeight) {
        int p = ctx.globalIdx;
        if (p < slots) {
            int s = p / cHeight;
            int i = p - s * cHeight;
            int start = slicePtr.get(s);
            int width = (slicePtr.get(s + 1) - start) / cHeight;
            float sum = 0.0f;
            for (int j = 0; j < width; j++) {
                int at = start + j * cHeight + i;
                int c = col.get(at);
                if (c >= 0) {
                    float q = val.get(at) * x.get(c);
                    sum += q;
                }
            }
            int r = perm.get(p);
            if (r >= 0) {
                y.set(r, sum);
            }
        }
    }

    public static void merge(KernelContext ctx, IntArray rowPtr, IntArray col, FloatArray val, FloatArray x, FloatArray y,
                             int n, int nnz, int ipt, IntArray carryRow, FloatArray carryVal, int threads) {
        int t = ctx.globalIdx;
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
    }

    public static void mergeFixup(KernelContext ctx, IntArray carryRow, FloatArray carryVal, FloatArray y, int n, int threads) {
        int t = ctx.globalIdx;
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
    }

    /** CSR-Adaptive: one work-group per row block; several rows streamed through local memory, one long row by the whole group. */
    public static void adaptive(KernelContext ctx, IntArray rowPtr, IntArray col, FloatArray val, FloatArray x, FloatArray y,
                                IntArray blocks, int nblocks, int prodLength) {
        float[] prod = ctx.allocateFloatLocalArray(prodLength);
        int b = ctx.groupIdx;
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
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
            ctx.localBarrier();
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
            ctx.localBarrier();
        } else {
            for (int i = first + lid; i < last; i += wg) {
                float p = val.get(i) * x.get(col.get(i));
                sum += p;
            }
        }
        prod[lid] = sum;
        for (int s = lanes / 2; s > 0; s >>= 1) {
            ctx.localBarrier();
            if (lane < s) {
                prod[lid] += prod[lid + s];
            }
        }
        if (lane == 0 && j < rows) {
            y.set(r0 + j, prod[lid]);
        }
    }
}
