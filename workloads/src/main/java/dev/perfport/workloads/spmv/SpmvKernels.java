package dev.perfport.workloads.spmv;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.List;

/**
 * The SpMV kernels, each with its OpenCL C ({@code spmv.cl}) and Java work-group implementation;
 * the Java work-group, Aparapi and TornadoVM forms come from one template,
 * {@code src/main/kernels/spmv/Spmv.java}. CSR scalar and ELLPACK share one
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
            "spmv_rows", SpmvGroups::rows);

    private static final KernelDef CSR_VECTOR = withImpls(csrArgs("spmv.csr_vector")
            .scalar("n", ElemType.INT).scalar("lanes", ElemType.INT).local("partial", ElemType.FLOAT),
            "spmv_csr_vector", SpmvGroups::csrVector);

    private static final KernelDef SELL = withImpls(KernelDef.builder("spmv.sell")
            .global("slicePtr", ElemType.INT, Access.READ).global("col", ElemType.INT, Access.READ)
            .global("val", ElemType.FLOAT, Access.READ).global("perm", ElemType.INT, Access.READ)
            .global("x", ElemType.FLOAT, Access.READ).global("y", ElemType.FLOAT, Access.WRITE)
            .scalar("slots", ElemType.INT).scalar("C", ElemType.INT),
            "spmv_sell", SpmvGroups::sell);

    private static final KernelDef MERGE = withImpls(csrArgs("spmv.merge")
            .scalar("n", ElemType.INT).scalar("nnz", ElemType.INT).scalar("ipt", ElemType.INT)
            .global("carryRow", ElemType.INT, Access.WRITE).global("carryVal", ElemType.FLOAT, Access.WRITE)
            .scalar("threads", ElemType.INT),
            "spmv_merge", SpmvGroups::merge);

    private static final KernelDef MERGE_FIXUP = withImpls(KernelDef.builder("spmv.merge_fixup")
            .global("carryRow", ElemType.INT, Access.READ).global("carryVal", ElemType.FLOAT, Access.READ)
            .global("y", ElemType.FLOAT, Access.READ_WRITE)
            .scalar("n", ElemType.INT).scalar("threads", ElemType.INT),
            "spmv_merge_fixup", SpmvGroups::mergeFixup);

    private static final KernelDef ADAPTIVE = withImpls(csrArgs("spmv.adaptive")
            .global("blocks", ElemType.INT, Access.READ).scalar("nblocks", ElemType.INT).local("prod", ElemType.FLOAT),
            "spmv_adaptive", SpmvGroups::adaptive);

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
}
