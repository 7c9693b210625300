package dev.perfport.workloads.stream;

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

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The kernels of {@link Stream}, BabelStream's five (copy c = a, mul b = s·c, add c = a + b, triad
 * a = b + s·c, dot Σ a·b), one definition each per precision with an OpenCL C implementation
 * ({@code stream.cl}, the element type by {@code -DDOUBLE}) and a Java work-group one; the Java
 * work-group, Aparapi and TornadoVM forms come from one template,
 * {@code src/main/kernels/stream/Stream.java}. The four array kernels take one work-item per
 * element; dot runs a grid-stride loop over a fixed number of groups, whose tree in local memory
 * leaves one partial per group for the host to add.
 *
 * <p>Argument order follows BabelStream's: copy (a, c, n), mul (b, c, scalar, n), add (a, b, c, n),
 * triad (a, b, c, scalar, n), dot (a, b, sum, n, scratch).
 */
public final class StreamKernels {
    static final String SOURCE = Sources.load(StreamKernels.class, "stream.cl");

    /** The kernels, in the order of {@link Stream#variants()}. */
    public static final java.util.List<String> NAMES = java.util.List.of("copy", "mul", "add", "triad", "dot");

    private static final Map<Precision, Map<String, KernelDef>> DEFS = new EnumMap<>(Precision.class);

    static {
        for (Precision p : Precision.values()) {
            DEFS.put(p, Map.of("copy", copy(p), "mul", mul(p), "add", add(p), "triad", triad(p), "dot", dot(p)));
        }
    }

    private StreamKernels() {
    }

    /** The definition of kernel {@code name} (one of {@link #NAMES}) in precision {@code p}. */
    public static KernelDef of(String name, Precision p) {
        KernelDef d = DEFS.get(p).get(name);
        if (d == null) throw new IllegalArgumentException("no stream kernel '" + name + "'; kernels: " + NAMES);
        return d;
    }

    private static KernelDef.Builder base(String name, Precision p, String entry) {
        return KernelDef.builder("stream." + name + "." + p.label)
                .defaults(Constants.of("DOUBLE", p == Precision.DOUBLE ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    /** Floating-point operations of an active work-item, charged per group, with each work-item's index and bounds test. */
    private static KernelCost cost(Precision p, int flopsPerItem, int nArg) {
        Op op = p == Precision.DOUBLE ? Op.DOUBLE : Op.FLOAT;
        return KernelCost.of(op, g -> flopsPerItem * g.itemsBelow(g.intArg(nArg))).andPerItem(Op.INT, 2);
    }

    private static KernelDef copy(Precision p) {
        return base("copy", p, "stream_copy")
                .global("a", p.elem, Access.READ).global("c", p.elem, Access.WRITE).scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? StreamGroups.streamCopyFloat() : StreamGroups.streamCopyDouble(), 0)
                        .withCost(cost(p, 0, 2)))
                .build();
    }

    private static KernelDef mul(Precision p) {
        return base("mul", p, "stream_mul")
                .global("b", p.elem, Access.WRITE).global("c", p.elem, Access.READ).scalar("scalar", p.elem).scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? StreamGroups.streamMulFloat() : StreamGroups.streamMulDouble(), 0)
                        .withCost(cost(p, 1, 3)))
                .build();
    }

    private static KernelDef add(Precision p) {
        return base("add", p, "stream_add")
                .global("a", p.elem, Access.READ).global("b", p.elem, Access.READ).global("c", p.elem, Access.WRITE)
                .scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? StreamGroups.streamAddFloat() : StreamGroups.streamAddDouble(), 0)
                        .withCost(cost(p, 1, 3)))
                .build();
    }

    private static KernelDef triad(Precision p) {
        return base("triad", p, "stream_triad")
                .global("a", p.elem, Access.WRITE).global("b", p.elem, Access.READ).global("c", p.elem, Access.READ)
                .scalar("scalar", p.elem).scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? StreamGroups.streamTriadFloat() : StreamGroups.streamTriadDouble(), 0)
                        .withCost(cost(p, 2, 4)))
                .build();
    }

    private static KernelDef dot(Precision p) {
        return base("dot", p, "stream_dot")
                .global("a", p.elem, Access.READ).global("b", p.elem, Access.READ).global("sum", p.elem, Access.WRITE)
                .scalar("n", ElemType.INT).local("scratch", p.elem)
                .impl(KernelImpl.JavaWorkGroup.of(c -> p == Precision.FLOAT ? StreamGroups.streamDotFloat() : StreamGroups.streamDotDouble(), 0)
                        .withCost(dotCost(p)))
                .build();
    }

    /** Elements work-item {@code lid} of the group adds in dot's grid-stride loop: those at lid + group·L + k·G below n. */
    static long dotTerms(GroupShape g, int lid) {
        long first = g.groupLinearId() * g.localItems() + lid, n = g.intArg(3), stride = g.globalSize(0);
        return first >= n ? 0 : (n - 1 - first) / stride + 1;
    }

    /**
     * dot per group: a multiply and an add per term (two loop-index operations with them), then the
     * tree's items−1 adds with their local loads and stores, one phase per level over all work-items.
     */
    private static KernelCost dotCost(Precision p) {
        Op op = p == Precision.DOUBLE ? Op.DOUBLE : Op.FLOAT;
        return KernelCost.of(op, g -> {
            long terms = 0;
            for (int lid = 0; lid < g.localItems(); lid++) terms += dotTerms(g, lid);
            return 2 * terms + g.localItems() - 1;
        }).and(Op.INT, g -> {
            long terms = 0;
            for (int lid = 0; lid < g.localItems(); lid++) terms += dotTerms(g, lid);
            int levels = 31 - Integer.numberOfLeadingZeros(Math.max(1, g.localItems()));
            return 2 * terms + 2L * g.localItems() * (1 + levels);
        }).and(Op.LOCAL_MEM, g -> g.localItems() + 3L * (g.localItems() - 1));
    }

    /** {@return every definition stream launches: each kernel in both precisions} */
    static List<KernelDef> all() {
        List<KernelDef> l = new ArrayList<>();
        for (Precision p : Precision.values()) for (String k : NAMES) l.add(of(k, p));
        return l;
    }
}
