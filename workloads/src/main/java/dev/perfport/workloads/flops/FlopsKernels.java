package dev.perfport.workloads.flops;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.workloads.gemm.Precision;

/**
 * The kernel of {@link Flops}: its definition (out, n, iters, a, b) per precision with the OpenCL C
 * ({@code flops.cl}, the type by {@code -DDOUBLE}) and Java work-group implementations; the Java
 * work-group, Aparapi and TornadoVM forms come from one template,
 * {@code src/main/kernels/flops/Flops.java}. {@link #CHAINS} independent multiply-add chains per
 * work-item.
 */
public final class FlopsKernels {
    static final String SOURCE = Sources.load(FlopsKernels.class, "flops.cl");
    /** Independent chains per work-item (the kernels' x0..x7). */
    public static final int CHAINS = 8;

    private FlopsKernels() {
    }

    /**
     * Per work-item (active or not: all run the loop): the 8 chains' steps as two 4-wide vector FMAs
     * per step, as an SPU issues them and as the gemm kernels charge theirs (one FLOAT operation per
     * 128-bit vector FMA), then the 7 adds of the sum; the index and test.
     */
    private static final KernelCost COST = KernelCost.of(Op.FLOAT, g -> ((long) CHAINS / 4 * g.intArg(2) + CHAINS - 1) * g.localItems())
            .andPerItem(Op.INT, 2);

    private static final KernelDef FMA_FLOAT = fmaDef(Precision.FLOAT);
    private static final KernelDef FMA_DOUBLE = fmaDef(Precision.DOUBLE);

    private static KernelDef fmaDef(Precision p) {
        KernelCost cost = p == Precision.FLOAT ? COST
                // two doubles to a 128-bit vector: 4 vector FMAs a step
                : KernelCost.of(Op.DOUBLE, g -> ((long) CHAINS / 2 * g.intArg(2) + CHAINS - 1) * g.localItems()).andPerItem(Op.INT, 2);
        return KernelDef.builder("flops.fma." + p.label)
                .global("out", p.elem, Access.WRITE)
                .scalar("n", ElemType.INT).scalar("iters", ElemType.INT)
                .scalar("a", p.elem).scalar("b", p.elem)
                .defaults(Constants.of("DOUBLE", p == Precision.DOUBLE ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, "fma_peak"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? FlopsGroups.fmaPeakFloat() : FlopsGroups.fmaPeakDouble(), 0)
                        .withCost(cost))
                .build();
    }

    /** The kernel in precision {@code p}. */
    public static KernelDef fma(Precision p) {
        return p == Precision.FLOAT ? FMA_FLOAT : FMA_DOUBLE;
    }

    /** One work-item's result: the 8 chains from 0, 1/8, .., 7/8, iters fused steps each, summed as the kernels sum them. */
    public static float chains(int iters, float a, float b) {
        float[] x = new float[CHAINS];
        for (int j = 0; j < CHAINS; j++) x[j] = j / 8f;
        for (int k = 0; k < iters; k++) for (int j = 0; j < CHAINS; j++) x[j] = Math.fma(x[j], a, b);
        return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
    }

    /** As {@link #chains(int, float, float)} in double. */
    public static double chains(int iters, double a, double b) {
        double[] x = new double[CHAINS];
        for (int j = 0; j < CHAINS; j++) x[j] = j / 8.0;
        for (int k = 0; k < iters; k++) for (int j = 0; j < CHAINS; j++) x[j] = Math.fma(x[j], a, b);
        return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]));
    }
}
