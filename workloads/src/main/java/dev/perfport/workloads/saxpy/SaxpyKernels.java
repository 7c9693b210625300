package dev.perfport.workloads.saxpy;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;

/**
 * The kernel of the sample workload {@link Saxpy}: its definition (arguments a, x, y, n) with
 * the OpenCL C ({@code saxpy.cl}) and Java work-group implementations. The Java work-group,
 * Aparapi and TornadoVM forms come from one template, {@code src/main/kernels/saxpy/Saxpy.java}.
 */
public final class SaxpyKernels {
    static final String SOURCE = Sources.load(SaxpyKernels.class, "saxpy.cl");

    private SaxpyKernels() {
    }

    /**
     * What a group computes beyond its loads and stores: the multiply and the add of every active
     * work-item, the index and bounds test of every work-item (n is argument 3).
     */
    private static final KernelCost COST = KernelCost.of(Op.FLOAT, g -> 2 * g.itemsBelow(g.intArg(3))).andPerItem(Op.INT, 2);

    /** y = a*x + y over n elements, one work-item each. */
    public static KernelDef saxpy() {
        return KernelDef.builder("saxpy.saxpy")
                .scalar("a", ElemType.FLOAT)
                .global("x", ElemType.FLOAT, Access.READ)
                .global("y", ElemType.FLOAT, Access.READ_WRITE)
                .scalar("n", ElemType.INT)
                .impl(new KernelImpl.OpenClSource(SOURCE, "saxpy"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> SaxpyGroups.saxpy(), 0).withCost(COST))
                .build();
    }
}
