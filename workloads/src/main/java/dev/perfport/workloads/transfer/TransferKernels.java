package dev.perfport.workloads.transfer;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;

/**
 * The transfer study's kernel: the naive matrix multiplication over a block of rows, with the
 * OpenCL C ({@code transfer.cl}) and Java work-group implementations; the Java work-group, Aparapi
 * and TornadoVM forms come from one template, {@code src/main/kernels/transfer/Transfer.java}.
 */
public final class TransferKernels {
    static final String SOURCE = Sources.load(TransferKernels.class, "transfer.cl");

    /** Per active work-item (the first rows·n, arguments 6 and 3) k multiply-adds, and its index arithmetic. */
    private static final KernelCost COST = KernelCost.of(Op.FLOAT, g -> (long) g.intArg(4) * g.itemsBelow((long) g.intArg(6) * g.intArg(3)))
            .andPerItem(Op.INT, 8);

    private TransferKernels() {
    }

    /** C rows row0 .. row0+rows-1 = A's rows × B (A n×k, B k×n). */
    public static KernelDef matmulRows() {
        return KernelDef.builder("transfer.matmul_rows")
                .global("a", ElemType.FLOAT, Access.READ).global("b", ElemType.FLOAT, Access.READ)
                .global("c", ElemType.FLOAT, Access.WRITE)
                .scalar("n", ElemType.INT).scalar("k", ElemType.INT).scalar("row0", ElemType.INT).scalar("rows", ElemType.INT)
                .impl(new KernelImpl.OpenClSource(SOURCE, "matmul_rows"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> TransferGroups.matmulRows(), 0).withCost(COST))
                .build();
    }
}
