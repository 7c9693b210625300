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
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.workloads.gemm.GemmKernels;
import dev.perfport.workloads.gemm.Precision;

import java.util.EnumMap;
import java.util.Map;

/**
 * The kernel TRSM adds to GEMM's: {@code trsm.invert.<type>} inverts the NB×NB diagonal blocks of
 * a lower-triangular A (trsm.cl; the algorithm is described there), with a Java work-group version
 * of the same substitution for the emulator (one operation of the precision per multiply-add and
 * per division). Route-native versions: backend-aparapi's and backend-tornado's {@code Trsm*}.
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
                .impl(KernelImpl.JavaWorkGroup.of(c -> {
                    int nb = Trsm.NB.in(c);
                    return g -> invertGroup(g, p, nb);
                }, 0).withCost(c -> {
                    int nb = Trsm.NB.in(c);
                    return KernelCost.of(p == Precision.FLOAT ? Op.FLOAT : Op.DOUBLE, g -> invertOps(g, nb)).and(Op.INT, g -> 4L * nb * nb);
                }))
                .build();
    }

    /** trsm_invert, work-item by work-item (each one's column depends on its own writes only). */
    static void invertGroup(WorkGroup g, Precision p, int nb) {
        GemmKernels.Mem a = GemmKernels.Mem.of(g, 0, p), dinv = GemmKernels.Mem.of(g, 1, p);
        int m = g.intArg(2), lda = g.intArg(3);
        int b = (int) g.groupId(0), o = b * nb;
        for (int j = 0; j < nb; j++) {
            int x = b * nb * nb + j * nb;
            for (int r = 0; r < j; r++) dinv.set(x + r, 0.0);
            for (int r = j; r < nb; r++) {
                int gr = o + r;
                double s = r == j ? 1.0 : 0.0;
                if (gr < m) {
                    for (int q = j; q < r; q++) s = p.round(s - p.round(a.get(gr + (o + q) * lda) * dinv.get(x + q)));
                    s = p.round(s / a.get(gr + gr * lda));
                }
                dinv.set(x + r, s);
            }
        }
    }

    /** Multiply-subtracts and divisions of one block's inversion: r - j + 1 for each row r >= j of column j inside the matrix. */
    static long invertOps(GroupShape g, int nb) {
        long rows = Math.max(0, Math.min(nb, g.intArg(2) - g.groupId(0) * nb));
        long ops = 0;
        for (long j = 0; j < rows; j++) ops += (rows - j) * (rows - j + 1) / 2;
        return ops;
    }
}
