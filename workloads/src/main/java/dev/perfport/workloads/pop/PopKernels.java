package dev.perfport.workloads.pop;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroupKernel;
import dev.perfport.workloads.gemm.Precision;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The kernels of {@link Pop}, one definition each per precision with an OpenCL C implementation
 * ({@code pop.cl}, the element type by {@code -DDOUBLE}) and a Java work-group one; the Java
 * work-group, Aparapi and TornadoVM forms come from one template, {@code src/main/kernels/pop/Pop.java}.
 * Every kernel takes one work-item per point of levels k0 .. k0+nk-1 of fields of nxy points per level.
 *
 * <p>The emulator charges per active work-item the thesis's count for the state with its derivatives
 * (89 operations; 40 for the density alone), the buoyancy and diffusivity arithmetic beside it, and
 * the square roots and exponentials as special operations.
 */
final class PopKernels {
    static final String SOURCE = Sources.load(PopKernels.class, "pop.cl");

    private PopKernels() {
    }

    private static KernelDef.Builder base(String name, Precision p, String entry) {
        return KernelDef.builder("pop." + name + "." + p.label)
                .defaults(Constants.of("DOUBLE", p == Precision.DOUBLE ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    /** Operations per active work-item (those below nxy·nk, the scalar arguments at {@code nxyArg} and nxyArg + the offset of nk). */
    private static KernelImpl java(Precision p, Supplier<WorkGroupKernel> f, Supplier<WorkGroupKernel> d, int flops, int special,
                                   int nxyArg, int nkArg) {
        Op op = p == Precision.DOUBLE ? Op.DOUBLE : Op.FLOAT;
        KernelCost cost = KernelCost.of(op, g -> (long) flops * g.itemsBelow((long) g.intArg(nxyArg) * g.intArg(nkArg)))
                .and(Op.SPECIAL, g -> (long) special * g.itemsBelow((long) g.intArg(nxyArg) * g.intArg(nkArg)))
                .andPerItem(Op.INT, 6);
        return KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? f.get() : d.get(), 0).withCost(cost);
    }

    static KernelDef state(Precision p) {
        return base("state", p, "pop_state")
                .global("t", p.elem, Access.READ).global("s", p.elem, Access.READ)
                .global("rhoOut", p.elem, Access.WRITE).global("dtOut", p.elem, Access.WRITE).global("dsOut", p.elem, Access.WRITE)
                .global("coef", p.elem, Access.READ).scalar("nxy", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popStateFloat, PopGroups::popStateDouble, 89, 1, 6, 8))
                .build();
    }

    static KernelDef densities(Precision p) {
        return base("densities", p, "pop_densities")
                .global("t", p.elem, Access.READ).global("s", p.elem, Access.READ)
                .global("rho1", p.elem, Access.WRITE).global("rhokm", p.elem, Access.WRITE).global("rhok", p.elem, Access.WRITE)
                .global("coef", p.elem, Access.READ).scalar("nxy", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popDensitiesFloat, PopGroups::popDensitiesDouble, 3 * 40, 3, 6, 8))
                .build();
    }

    static KernelDef buoydiff(Precision p) {
        return base("buoydiff", p, "pop_buoydiff")
                .global("rho1", p.elem, Access.READ).global("rhokm", p.elem, Access.READ).global("rhok", p.elem, Access.READ)
                .global("kmt", ElemType.INT, Access.READ).global("dbsfc", p.elem, Access.WRITE).global("dbloc", p.elem, Access.WRITE)
                .scalar("nxy", ElemType.INT).scalar("km", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popBuoydiffFloat, PopGroups::popBuoydiffDouble, 6, 0, 6, 9))
                .build();
    }

    static KernelDef buoydiffFused(Precision p) {
        return base("buoydiff_fused", p, "pop_buoydiff_fused")
                .global("t", p.elem, Access.READ).global("s", p.elem, Access.READ).global("kmt", ElemType.INT, Access.READ)
                .global("coef", p.elem, Access.READ).global("dbsfc", p.elem, Access.WRITE).global("dbloc", p.elem, Access.WRITE)
                .scalar("nxy", ElemType.INT).scalar("km", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popBuoydiffFusedFloat, PopGroups::popBuoydiffFusedDouble, 3 * 40 + 6, 3, 6, 9))
                .build();
    }

    static KernelDef ddmix(Precision p) {
        return base("ddmix", p, "pop_ddmix")
                .global("t", p.elem, Access.READ).global("s", p.elem, Access.READ)
                .global("alpha", p.elem, Access.READ).global("beta", p.elem, Access.READ)
                .global("vdc1", p.elem, Access.READ_WRITE).global("vdc2", p.elem, Access.READ_WRITE)
                .scalar("nxy", ElemType.INT).scalar("km", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popDdmixFloat, PopGroups::popDdmixDouble, 24, 2, 6, 9))
                .build();
    }

    static KernelDef ddmixFused(Precision p) {
        return base("ddmix_fused", p, "pop_ddmix_fused")
                .global("t", p.elem, Access.READ).global("s", p.elem, Access.READ).global("coef", p.elem, Access.READ)
                .global("vdc1", p.elem, Access.READ_WRITE).global("vdc2", p.elem, Access.READ_WRITE)
                .scalar("nxy", ElemType.INT).scalar("km", ElemType.INT).scalar("k0", ElemType.INT).scalar("nk", ElemType.INT)
                .impl(java(p, PopGroups::popDdmixFusedFloat, PopGroups::popDdmixFusedDouble, 2 * 89 + 24, 4, 5, 8))
                .build();
    }

    /** Every definition, both precisions. */
    static List<KernelDef> all() {
        List<KernelDef> l = new ArrayList<>();
        for (Precision p : Precision.values()) {
            l.add(state(p));
            l.add(densities(p));
            l.add(buoydiff(p));
            l.add(buoydiffFused(p));
            l.add(ddmix(p));
            l.add(ddmixFused(p));
        }
        return List.copyOf(l);
    }
}
