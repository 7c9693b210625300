package dev.perfport.workloads.reduction;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

/**
 * The kernels of the reduction study, one definition each per element type, with OpenCL C
 * ({@code reduction.cl}) and Java work-group implementations of the same algorithm.
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
                .impl(KernelImpl.JavaWorkGroup.of(c -> t == ElemType.INT ? $w$Int() : $w$Float(), 0))
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
     * The {@code tuned} variant (issue 16, beside the paper's): a grid-stride loop over persistent
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
                .impl(KernelImpl.JavaWorkGroup.of(c -> tunedKernel(t, ReductionSpec.VW.in(c), ReductionSpec.FANIN.in(c)), 0))
                .build();
    }

    private static KernelDef.Builder base(String name, ElemType t, String entry) {
        if (t != ElemType.INT && t != ElemType.FLOAT) throw new IllegalArgumentException("reduction supports int and float, not " + t);
        return KernelDef.builder(name)
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    // ---- Java work-group implementations: each phase is a loop over the work-items ----------

//#for T=int,float  Ty=Int,Float  zero=0,0f  op=INT,FLOAT
    /** Loads the group's elements into scratch (zero past n) and tree-reduces them into scratch[0]. */
    private static void loadAndReduce(WorkGroup g, Global$Ty$s in, int n, $T$[] scratch) {
        int items = g.localItems();
        long base = g.groupLinearId() * items;
        int valid = (int) Math.max(0, Math.min(items, n - base));
        for (int lid = 0; lid < valid; lid++) scratch[lid] = in.get((int) base + lid);
        for (int lid = valid; lid < items; lid++) scratch[lid] = $zero$;
        for (int s = items / 2; s > 0; s >>= 1) {          // barrier between levels
            for (int lid = 0; lid < s; lid++) scratch[lid] += scratch[lid + s];
        }
        declareLoadAndTree(g, items, Op.$op$);
    }

//#end
    /** INT charged per work-item and barrier-separated phase: the item loop's control and the activity test. */
    static final int PHASE_INT = 3;
    /** LOCAL_MEM charged per work-item and phase: its private values reloaded from the local store. */
    static final int PHASE_LOCAL = 2;

    /**
     * What loading a group's elements and the tree cost on an SPE: each work-item stores its
     * element to local memory; each of the items−1 tree steps reads two values, adds, writes one;
     * every active work-item also does its index and loop arithmetic.
     *
     * <p>On top of that, each barrier-separated phase — the load, then one per tree level — is a
     * START/END loop over <em>all</em> work-items (seed 003 §2.2: loop fission at barriers), idle
     * ones included ({@code if (lid < s)}): every item pays its loop control and activity test
     * and reloads its private values, as the scan kernels charge it ({@code ScanTree.phase}). So a
     * group of {@code items} work-items pays {@code (1 + log2 items) × items} item visits: the
     * same problem P2 the paper names for the scan.
     */
    private static void declareLoadAndTree(WorkGroup g, int items, Op add) {
        g.ops(Op.LOCAL_MEM, items + 3L * (items - 1));
        g.ops(add, items - 1L);
        g.ops(Op.INT, 2L * items + 2L * (items - 1));
        declarePhases(g, items, 1 + levels(items));
    }

    /** The tree of the second kernel: its first phase was a {@code forEachItem}, charged by the device itself. */
    private static void declareTree(WorkGroup g, int items, Op add) {
        g.ops(Op.LOCAL_MEM, items + 3L * (items - 1));
        g.ops(add, items - 1L);
        g.ops(Op.INT, 2L * items + 2L * (items - 1));
        declarePhases(g, items, levels(items));
    }

    /** Tree levels of a group of {@code items} work-items (a power of two): log2 items. */
    private static int levels(int items) {
        return 31 - Integer.numberOfLeadingZeros(Math.max(1, items));
    }

    /** {@code phases} START/END loops over every work-item of the group. */
    private static void declarePhases(WorkGroup g, int items, int phases) {
        g.ops(Op.INT, (long) PHASE_INT * items * phases);
        g.ops(Op.LOCAL_MEM, (long) PHASE_LOCAL * items * phases);
    }

//#for T=int,float  Ty=Int,Float  ts=ints,floats  zero=0,0f
    private static WorkGroupKernel localAtomic$Ty$() {
        return g -> {
            $T$[] scratch = g.local$Ty$s(3);
            loadAndReduce(g, g.$ts$(0), g.intArg(2), scratch);
            g.$ts$(1).atomicAdd(0, scratch[0]);              // work-item 0
        };
    }

    private static WorkGroupKernel staticLocal$Ty$() {
        return g -> {
            $T$[] scratch = g.local$Ty$s(3);
            $T$[] slm = g.local$Ty$s(4);
            if (g.firstGroupOnUnit()) slm[0] = $zero$;
            loadAndReduce(g, g.$ts$(0), g.intArg(2), scratch);
            slm[0] += scratch[0];
            if (g.lastGroupOnUnit()) g.$ts$(1).atomicAdd(0, slm[0]);
        };
    }

    private static WorkGroupKernel partials$Ty$() {
        return g -> {
            $T$[] scratch = g.local$Ty$s(3);
            loadAndReduce(g, g.$ts$(0), g.intArg(2), scratch);
            g.$ts$(1).set((int) g.groupLinearId(), scratch[0]);
        };
    }

    private static WorkGroupKernel final$Ty$() {
        return g -> {
            Global$Ty$s partial = g.$ts$(0);
            int m = g.intArg(2);
            $T$[] scratch = g.local$Ty$s(3);
            int items = g.localItems();
            g.forEachItem(lid -> {
                $T$ acc = $zero$;
                for (int i = lid; i < m; i += items) acc += partial.get(i);
                scratch[lid] = acc;
            });
            for (int s = items / 2; s > 0; s >>= 1) {
                for (int lid = 0; lid < s; lid++) scratch[lid] += scratch[lid + s];
            }
//#if T=int
            declareTree(g, items, Op.INT);
            g.ops(Op.INT, 2L * m);                           // the strided accumulation loop
//#else
            declareTree(g, items, Op.FLOAT);
            g.ops(Op.FLOAT, m);
            g.ops(Op.INT, m);
//#end
            g.$ts$(1).set(0, scratch[0]);
        };
    }
//#if T=int

//#end
//#end

    /**
     * The tuned kernel as a work-group: work-item lid of group g adds the VW-element vectors
     * g·L + lid, + G·L, ... (the same elements as the OpenCL C, in an order that differs only
     * by float rounding), the group's tail element, then the tree; the last group to take the
     * ticket adds the partials.
     */
    private static WorkGroupKernel tunedKernel(ElemType t, int vw, int fanin) {
        return t == ElemType.INT ? tunedInt(vw, fanin) : tunedFloat(vw, fanin);
    }

//#for T=int,float  Ty=Int,Float  ts=ints,floats  zero=0,0f  op=INT,FLOAT
    private static WorkGroupKernel tuned$Ty$(int vw, int fanin) {
        return g -> {
            int n = g.intArg(4);
            int items = g.localItems();
            int grp = (int) g.groupLinearId();
            int groups = g.staticGroupCount();
            long stride = (long) groups * items;
            long nv = n / vw;
            GlobalInts ticket = g.ints(3);
            long adds = 0;
            Global$Ty$s in = g.$ts$(0);
            $T$[] scratch = g.local$Ty$s(5);
            for (int lid = 0; lid < items; lid++) {
                $T$ s = $zero$;
                for (long i = (long) grp * items + lid; i < nv; i += stride) {
                    for (int w = 0; w < vw; w++) s += in.get((int) (i * vw + w));
                    adds += vw;
                }
                long tail = nv * vw + (long) grp * items + lid;
                if (tail < n) s += in.get((int) tail);
                scratch[lid] = s;
            }
            // as reduction.cl's wg_reduce_fanin: each step leaves ceil(s/fanin) partial sums (fanin 2: the halving tree)
            for (int s = items; s > 1; ) {
                int m = (s + fanin - 1) / fanin;
                for (int lid = 0; lid < m; lid++) {
                    $T$ a = scratch[lid];
                    for (int j = 1; j < fanin; j++) if (lid + j * m < s) a += scratch[lid + j * m];
                    scratch[lid] = a;
                }
                s = m;
            }
            g.$ts$(1).setVolatile(grp, scratch[0]);
            if (ticket.atomicAdd(0, 1) == groups - 1) {
                $T$ a = $zero$;
                for (int j = 0; j < groups; j++) a += g.$ts$(1).getVolatile(j);
                g.$ts$(2).set(0, a);
                ticket.setVolatile(0, 0);
            }
            g.ops(Op.$op$, adds);
            g.ops(Op.INT, 2 * adds);
            declareTree(g, items, Op.$op$);
        };
    }

//#end
}
