package dev.perfport.workloads.table;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;

/**
 * The kernels of the Einstein@Home proxy (seed 003 §3.2), with OpenCL C ({@code table.cl}) and
 * Java work-group implementations (TableGroups, from the shared template
 * workloads/src/main/kernels/table/Table.java). Arguments: offsets (int, groups + 1), ab (int, 2 per
 * calculation), w (double, 1 per calculation), out (double, 1 per group), builds (int[1], +1 per
 * table build), iters, acc (LOCAL double[1]), table (LOCAL or STATIC_LOCAL double[2 ·
 * TABLE_SIZE]: the sine entries, then the cosine entries). The table size is the kernel constant
 * {@value #TABLE_SIZE} (a power of two).
 *
 * <p>Compute declared for the emulator's cost model: two SPECIAL (sin, cos) and a few INT and
 * DOUBLE per table entry built; per calculation step two LOCAL_MEM table reads, five
 * INT for the indices and loop, and two DOUBLE (an add and a fused multiply-add); the combine is
 * one local atomic (LOCAL_MEM read and write, one DOUBLE) per active work-item.
 */
public final class TableKernels {
    static final String SOURCE = Sources.load(TableKernels.class, "table.cl");
    /** Kernel constant: entries of each of the sine and cosine tables, a power of two. */
    public static final String TABLE_SIZE = "TABLE_SIZE";

    private TableKernels() {
    }

    /** The table in local memory, rebuilt by every work-group. */
    public static KernelDef local() {
        return base("table.local", "table_local")
                .local("table", ElemType.DOUBLE)
                .impl(KernelImpl.JavaWorkGroup.of(c -> TableGroups.local(), 0))
                .build();
    }

    /** The table in static local memory, built once per compute unit by its first work-group. */
    public static KernelDef staticLocal() {
        return base("table.static_local", "table_slm")
                .staticLocal("table", ElemType.DOUBLE)
                .impl(KernelImpl.JavaWorkGroup.of(c -> TableGroups.staticLocal(), 0))
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
}
