package dev.perfport.workloads.saxpy;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;

/**
 * The kernel of the sample workload {@link Saxpy}: its definition (arguments a, x, y, n) with
 * the OpenCL C ({@code saxpy.cl}) and Java work-group implementations. The Aparapi and TornadoVM
 * implementations live in their backends.
 */
public final class SaxpyKernels {
    static final String SOURCE = Sources.load(SaxpyKernels.class, "saxpy.cl");

    private SaxpyKernels() {
    }

    /** y = a*x + y over n elements, one work-item each. */
    public static KernelDef saxpy() {
        return KernelDef.builder("saxpy.saxpy")
                .scalar("a", ElemType.FLOAT)
                .global("x", ElemType.FLOAT, Access.READ)
                .global("y", ElemType.FLOAT, Access.READ_WRITE)
                .scalar("n", ElemType.INT)
                .impl(new KernelImpl.OpenClSource(SOURCE, "saxpy"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> {
                    float a = g.floatArg(0);
                    GlobalFloats x = g.floats(1), y = g.floats(2);
                    int n = g.intArg(3);
                    int items = g.localItems();
                    int base = (int) g.groupLinearId() * items;
                    int end = Math.min(n, base + items);
                    for (int i = base; i < end; i++) {
                        float ax = a * x.get(i);
                        y.set(i, ax + y.get(i));
                    }
                    long active = Math.max(0, end - base);
                    g.ops(Op.FLOAT, 2 * active);            // the multiply and the add
                    g.ops(Op.INT, 2L * items);              // index and bounds test of every work-item
                }, 0))
                .build();
    }
}
