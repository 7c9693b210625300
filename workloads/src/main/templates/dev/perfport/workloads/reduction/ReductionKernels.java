package dev.perfport.workloads.reduction;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;

/**
 * The kernels of the reduction study, one definition each per element type, with OpenCL C
 * ({@code reduction.cl}) and Java work-group implementations of the same algorithm; the Java
 * work-group, Aparapi and TornadoVM forms come from one template,
 * {@code src/main/kernels/reduction/Reduction.java}.
 * Argument order: input, output, n, scratch (local) [, slm (static local)].
 */
public final class ReductionKernels {
    static final String SOURCE = Sources.load(ReductionKernels.class, "reduction.cl");

    private ReductionKernels() {
    }

//#def reductionDef
    public static KernelDef $m$(ElemType t) {
        return base("reduction.$k$." + t.clName(), t, "$entry$")
                .global("$a$", t, Access.READ).global("$b$", t, Access.$acc$).scalar("$len$", ElemType.INT)
                .local("scratch", t)
//#if slm=yes
                .staticLocal("slm", t)
//#end
                .impl(KernelImpl.JavaWorkGroup.of(c -> t == ElemType.INT ? ReductionGroups.$w$Int() : ReductionGroups.$w$Float(), 0))
                .build();
    }
//#end
    /** Local memory plus one global atomic per work-group. */
//#use reductionDef m=localAtomic w=localAtomic k=local_atomic entry=reduce_local a=in b=out acc=READ_WRITE len=n slm=no

    /** Static local memory plus one global atomic per compute unit. */
//#use reductionDef m=staticLocal w=staticLocal k=static_local entry=reduce_slm a=in b=out acc=READ_WRITE len=n slm=yes

    /** Two kernels, first: one partial result per work-group. */
//#use reductionDef m=partials w=partials k=partials entry=reduce_partials a=in b=partial acc=WRITE len=n slm=no

    /** Two kernels, second: all partial results in a single work-group. */
//#use reductionDef m=fin w=final k=final entry=reduce_final a=partial b=out acc=WRITE len=m slm=no

    /**
     * The {@code tuned} variant (beside the paper's): a grid-stride loop over persistent
     * groups with IPT independent VW-wide accumulators per work-item, one partial per group, and
     * the last group (a ticket atomic) adds the partials. Arguments: in, partial (one per group),
     * out, ticket (int, zero between launches), n, scratch (local). Constants VW and IPT.
     */
    public static KernelDef tuned(ElemType t) {
        return base("reduction.tuned." + t.clName(), t, "reduce_tuned")
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0, "VW", 4, "IPT", 4, "FANIN", 2))
                .global("in", t, Access.READ).global("partial", t, Access.READ_WRITE).global("out", t, Access.WRITE)
                .global("ticket", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT)
                .local("scratch", t)
                .impl(KernelImpl.JavaWorkGroup.of(c -> t == ElemType.INT
                        ? ReductionGroups.tunedInt(ReductionSpec.VW.in(c), ReductionSpec.FANIN.in(c))
                        : ReductionGroups.tunedFloat(ReductionSpec.VW.in(c), ReductionSpec.FANIN.in(c)), 0))
                .build();
    }

    private static KernelDef.Builder base(String name, ElemType t, String entry) {
        if (t != ElemType.INT && t != ElemType.FLOAT) throw new IllegalArgumentException("reduction supports int and float, not " + t);
        return KernelDef.builder(name)
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }
}
