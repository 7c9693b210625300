package dev.perfport.workloads.trsm;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GroupShape;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.workloads.gemm.Precision;

import java.util.EnumMap;
import java.util.Map;

/**
 * The kernel TRSM adds to GEMM's: {@code trsm.invert.<type>} inverts the NB×NB diagonal blocks of
 * a lower-triangular A (trsm.cl; the algorithm is described there), with a Java work-group version
 * of the same substitution for the emulator (one operation of the precision per multiply-add and
 * per division). The Java work-group, Aparapi and TornadoVM forms come from one template,
 * {@code src/main/kernels/trsm/Trsm.java}.
 */
public final class TrsmKernels {
    static final String SOURCE = Sources.load(TrsmKernels.class, "trsm.cl");
    private static final Map<Precision, KernelDef> INVERT = new EnumMap<>(Precision.class);

    static {
        for (Precision p : Precision.values()) INVERT.put(p, invertDef(p));
    }

    private TrsmKernels() {
    }

    /** Args: 0 a, 1 dinv, 2 m, 3 lda; constants PRECISION, NB (= the local size). */
    public static KernelDef invert(Precision p) {
        return INVERT.get(p);
    }

    private static KernelDef invertDef(Precision p) {
        return KernelDef.builder("trsm.invert." + p.label)
                .global("a", p.elem, Access.READ).global("dinv", p.elem, Access.WRITE)
                .scalar("m", ElemType.INT).scalar("lda", ElemType.INT)
                .defaults(Constants.of("PRECISION", p.bits, Trsm.NB.macroName(), 16))
                .impl(new KernelImpl.OpenClSource(SOURCE, "trsm_invert"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? TrsmGroups.invertFloat(Trsm.NB.in(c))
                        : TrsmGroups.invertDouble(Trsm.NB.in(c)), 0).withCost(c -> {
                    int nb = Trsm.NB.in(c);
                    return KernelCost.of(p == Precision.FLOAT ? Op.FLOAT : Op.DOUBLE, g -> invertOps(g, nb)).and(Op.INT, g -> 4L * nb * nb);
                }))
                .build();
    }

    /** Multiply-subtracts and divisions of one block's inversion: r - j + 1 for each row r >= j of column j inside the matrix. */
    static long invertOps(GroupShape g, int nb) {
        long rows = Math.max(0, Math.min(nb, g.intArg(2) - g.groupId(0) * nb));
        long ops = 0;
        for (long j = 0; j < rows; j++) ops += (rows - j) * (rows - j + 1) / 2;
        return ops;
    }
}
