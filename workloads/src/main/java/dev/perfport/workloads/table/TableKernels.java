package dev.perfport.workloads.table;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalDoubles;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

/**
 * The kernels of the Einstein@Home proxy (seed 003 §3.2), with OpenCL C ({@code table.cl}) and
 * Java work-group implementations. Arguments: offsets (int, groups + 1), ab (int, 2 per
 * calculation), w (double, 1 per calculation), out (double, 1 per group), builds (int[1], +1 per
 * table build), iters, acc (LOCAL double[1]), table (LOCAL or STATIC_LOCAL double[2 ·
 * TABLE_SIZE]: the sine entries, then the cosine entries). The table size is the kernel constant
 * {@value #TABLE_SIZE} (a power of two).
 *
 * <p>Compute declared for the emulator's cost model: two SPECIAL (sin, cos) and a few INT and
 * DOUBLE per table entry built; per calculation step two LOCAL_MEM table reads, {@value #INT_PER_STEP}
 * INT for the indices and loop, and two DOUBLE (an add and a fused multiply-add); the combine is
 * one local atomic (LOCAL_MEM read and write, one DOUBLE) per active work-item.
 */
public final class TableKernels {
    static final String SOURCE = Sources.load(TableKernels.class, "table.cl");
    /** Kernel constant: entries of each of the sine and cosine tables, a power of two. */
    public static final String TABLE_SIZE = "TABLE_SIZE";
    static final int INT_PER_STEP = 5;

    private TableKernels() {
    }

    /** The table in local memory, rebuilt by every work-group. */
    public static KernelDef local() {
        return base("table.local", "table_local")
                .local("table", ElemType.DOUBLE)
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> {
                    build(g, g.localDoubles(7));
                    group(g, (int) g.groupLinearId(), g.localDoubles(7));
                }, 0))
                .build();
    }

    /** The table in static local memory, built once per compute unit by its first work-group. */
    public static KernelDef staticLocal() {
        return base("table.static_local", "table_slm")
                .staticLocal("table", ElemType.DOUBLE)
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> {
                    double[] table = g.localDoubles(7);
                    if (g.firstGroupOnUnit()) build(g, table);
                    group(g, (int) g.groupLinearId(), table);
                }, 0))
                .build();
    }

    private static KernelDef.Builder base(String name, String entry) {
        return KernelDef.builder(name)
                .global("offsets", ElemType.INT, Access.READ).global("ab", ElemType.INT, Access.READ)
                .global("w", ElemType.DOUBLE, Access.READ).global("out", ElemType.DOUBLE, Access.WRITE)
                .global("builds", ElemType.INT, Access.READ_WRITE).scalar("iters", ElemType.INT)
                .local("acc", ElemType.DOUBLE)
                .defaults(Constants.of(TABLE_SIZE, 1024))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    /** Phase: the work-items build the table together (item lid builds entries lid, lid + L, ...) and count the build. */
    private static void build(WorkGroup g, double[] table) {
        int size = g.constants().getInt(TABLE_SIZE);
        for (int i = 0; i < size; i++) {
            double phase = 2.0 * Math.PI * i / size;
            table[i] = Math.sin(phase);
            table[size + i] = Math.cos(phase);
        }
        g.ints(4).atomicAdd(0, 1);
        g.ops(Op.SPECIAL, 2L * size);
        g.ops(Op.DOUBLE, 2L * size);
        g.ops(Op.INT, 3L * size);
        g.ops(Op.LOCAL_MEM, 2L * size);
    }

    /** One calculation group: idle work-items past its size; the active ones combine through the local accumulator. */
    private static void group(WorkGroup g, int group, double[] table) {
        GlobalInts offsets = g.ints(0), ab = g.ints(1);
        GlobalDoubles w = g.doubles(2);
        int iters = g.intArg(5);
        double[] acc = g.localDoubles(6);
        int size = table.length / 2;
        int mask = size - 1;
        acc[0] = 0;   // work-item 0, then a barrier
        int first = offsets.get(group), count = offsets.get(group + 1) - first;
        int active = Math.min(count, g.localItems());
        for (int lid = 0; lid < active; lid++) {
            int c = first + lid;
            int a = ab.get(2 * c), b = ab.get(2 * c + 1);
            double s = 0;
            for (int j = 0; j < iters; j++) {
                int p = (a + j * b) & mask;
                int q = (p + j) & mask;
                s += 1.5 + table[p] * table[size + q];
            }
            // a local atomic: trivially atomic here, since the work-items of a group run in turn
            acc[0] += w.get(c) * s;
        }
        g.doubles(3).set(group, acc[0]);   // work-item 0, after a barrier
        long steps = (long) active * iters;
        g.ops(Op.DOUBLE, 2 * steps + 2L * active);
        g.ops(Op.INT, INT_PER_STEP * steps + 4L * g.localItems());
        g.ops(Op.LOCAL_MEM, 2 * steps + 2L * active + 2);
    }
}
