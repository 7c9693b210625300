package dev.perfport.backend.cell;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

/**
 * Matmul C = A·B (n × n floats, one work-item per element of C, T × T work-groups) at the
 * optimisation levels of seed 003 §3.1, written the way the paper describes them, so that the
 * model's shapes can be checked here without the workloads module. Arguments: a, b, c, n
 * [, tileA, tileB (local, T² floats each)]. Each work-item keeps its running sum in private memory
 * (4 B) across the barriers between k-blocks.
 */
final class MatmulKernels {
    private MatmulKernels() {
    }

    enum Version { ALPHA, BETA, GAMMA, DELTA, EPSILON }

    static KernelDef def(Version v) {
        KernelDef.Builder b = KernelDef.builder("test.matmul." + v.name().toLowerCase())
                .global("a", ElemType.FLOAT, Access.READ).global("b", ElemType.FLOAT, Access.READ)
                .global("c", ElemType.FLOAT, Access.WRITE).scalar("n", ElemType.INT);
        if (v.compareTo(Version.GAMMA) >= 0) b.local("tileA", ElemType.FLOAT).local("tileB", ElemType.FLOAT);
        if (v == Version.EPSILON) b.defaults(Constants.of("PP_GROUPS_IN_FLIGHT", 4));
        WorkGroupKernel k = switch (v) {
            case ALPHA -> MatmulKernels::alpha;
            case BETA -> MatmulKernels::beta;
            case GAMMA -> g -> tiled(g, false);
            case DELTA, EPSILON -> g -> tiled(g, true);
        };
        return b.impl(KernelImpl.JavaWorkGroup.of(c -> k, 4)).build();
    }

    /** What β, γ, δ and ε start from: the arguments, the tile size and the work-items' running sums, zeroed. */
    private record Operands(GlobalFloats a, GlobalFloats b, GlobalFloats c, int n, int t, float[] acc) {
        static Operands of(WorkGroup g) {
            Operands o = new Operands(g.floats(0), g.floats(1), g.floats(2), g.intArg(3), g.localSize(0), g.privateFloats(1));
            g.forEachItem(lid -> o.acc()[lid] = 0);
            return o;
        }
    }

    /** α: every work-item walks a row of A and a column of B through the cache. */
    private static void alpha(WorkGroup g) {
        GlobalFloats a = g.floats(0);
        GlobalFloats b = g.floats(1);
        GlobalFloats c = g.floats(2);
        int n = g.intArg(3);
        g.forEachItem(lid -> {
            int row = (int) g.globalId(1, lid);
            int col = (int) g.globalId(0, lid);
            float acc = 0;
            for (int k = 0; k < n; k++) acc += a.get(row * n + k) * b.get(k * n + col);
            c.set(row * n + col, acc);
        });
        g.ops(Op.FLOAT, (long) g.localItems() * n);
    }

    /** β: blocked over k; A_sub and B_sub are read through the software cache. */
    private static void beta(WorkGroup g) {
        Operands o = Operands.of(g);
        GlobalFloats a = o.a(), b = o.b(), c = o.c();
        int n = o.n(), t = o.t();
        float[] acc = o.acc();
        for (int kb = 0; kb < n; kb += t) {
            int k0 = kb;
            g.forEachItem(lid -> {
                int row = (int) g.globalId(1, lid);
                int col = (int) g.globalId(0, lid);
                float s = acc[lid];
                for (int k = k0; k < k0 + t; k++) s += a.get(row * n + k) * b.get(k * n + col);
                acc[lid] = s;
            });
            g.ops(Op.FLOAT, (long) g.localItems() * t);
            g.ops(Op.LOCAL_MEM, 2L * g.localItems());
        }
        g.forEachItem(lid -> c.set((int) (g.globalId(1, lid) * n + g.globalId(0, lid)), acc[lid]));
    }

    /** γ (cached preload into local tiles) and δ/ε (DMA preload, one asyncCopy per tile row). */
    private static void tiled(WorkGroup g, boolean dma) {
        Operands o = Operands.of(g);
        GlobalFloats a = o.a(), b = o.b(), c = o.c();
        int n = o.n(), t = o.t();
        float[] acc = o.acc();
        float[] ta = g.localFloats(4);
        float[] tb = g.localFloats(5);
        int row0 = (int) g.groupId(1) * t;
        int col0 = (int) g.groupId(0) * t;
        long[] events = new long[2 * t];
        for (int kb = 0; kb < n; kb += t) {
            int k0 = kb;
            if (dma) {
                for (int r = 0; r < t; r++) {
                    events[2 * r] = g.asyncCopy(ta, r * t, a, (row0 + r) * n + k0, t);
                    events[2 * r + 1] = g.asyncCopy(tb, r * t, b, (k0 + r) * n + col0, t);
                }
                g.waitEvents(events);
            } else {
                g.forEachItem(lid -> {
                    int ty = lid / t;
                    int tx = lid % t;
                    ta[lid] = a.get((row0 + ty) * n + k0 + tx);
                    tb[lid] = b.get((k0 + ty) * n + col0 + tx);
                });
                g.ops(Op.LOCAL_MEM, 2L * g.localItems());
            }
            g.forEachItem(lid -> {
                int ty = lid / t;
                int tx = lid % t;
                float s = acc[lid];
                for (int k = 0; k < t; k++) s += ta[ty * t + k] * tb[k * t + tx];
                acc[lid] = s;
            });
            g.ops(Op.FLOAT, (long) g.localItems() * t);
            g.ops(Op.LOCAL_MEM, 2L * g.localItems() * t + 2L * g.localItems());
        }
        g.forEachItem(lid -> c.set((row0 + lid / t) * n + col0 + lid % t, acc[lid]));
    }
}
