package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.memory.ElemType;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.ArgUse.UNUSED;
import static dev.perfport.backend.tornado.kernels.TornadoKernel.ArgUse.WRITE_FIRST;
import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.device.MemoryLevel.STATIC_LOCAL;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The reduction study of seed 003 (workloads' ReductionKernels, reduction.cl) in TornadoVM's
 * Kernel API, one method per kernel and element type (TornadoVM compiles a method, not a
 * template). Arguments follow the definitions: in, out (or partial), n, scratch (local)
 * [, slm (static local)], after the hidden counters and the counting flag ({@link LaunchArgs#counting()}:
 * with {@code perfport.tornado.counters=false} the flag is 0, TornadoVM compiles it in and the
 * counter atomic beside each global atomic is gone, as jocl's -DPP_NO_COUNTERS removes its own).
 *
 * <p>Written flat on purpose: TornadoVM does inline helper methods, but a helper that reads
 * {@code KernelContext} fields (localGroupSizeX) sees the plain Java field, 0, so the tree loop
 * would not run (tried: each group then added only its first element).
 *
 * <p>static-local runs on persistent work-groups (seed 003 §4.1 on GPUs): the session launches
 * k co-resident groups; each runs its share of the logical work-groups ("tasks") in the loop
 * below, and the group's local array {@code slm} is the static local memory: set before the
 * loop (the first group on the unit), taken out after it (the last). Its launch is an NDRange,
 * so the mapping is always blocked; kernels that also take the dynamic mapping need a second
 * method with an AtomicInteger (see TestKernels.tasksDynamic for the pattern), because TornadoVM
 * fails to compile a kernel whose AtomicInteger parameter is never used, and gives every
 * AtomicInteger call site a counter of its own.
 */
@AutoService(KernelLibrary.class)
public final class ReductionTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public ReductionTornado() {
        super(ReductionTornado::register);
    }

    /** Registers the reduction kernels. */
    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("reduction.local_atomic.int",
                sig(GLOBAL, INT, GLOBAL, INT, PRIVATE, INT, LOCAL, INT), false,
                a -> a.graph().task(a.task(), ReductionTornado::localAtomicInt, a.context(), a.counters(), a.counting(),
                        a.ints(0), a.ints(1), a.intArg(2), a.localLength(3))));
        into.add(new TornadoKernel("reduction.local_atomic.float",
                sig(GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, LOCAL, FLOAT), true,
                a -> {
                    a.graph().task(a.task(), ReductionTornado::localAtomicFloat, a.context(), a.counters(), a.counting(),
                            a.floats(0), a.deferredFloatOps(), a.intArg(2), a.localLength(3));
                    a.applyDeferredFloatAdds(a.floats(1), 0);
                }));
        into.add(new TornadoKernel("reduction.static_local.int",
                sig(GLOBAL, INT, GLOBAL, INT, PRIVATE, INT, LOCAL, INT, STATIC_LOCAL, INT), false,
                a -> a.graph().task(a.task(), ReductionTornado::staticLocalInt, a.context(), a.counters(), a.counting(),
                        a.ints(0), a.ints(1), a.intArg(2), a.localLength(3), a.localLength(4), a.tasks(), a.mapping())));
        into.add(new TornadoKernel("reduction.static_local.float",
                sig(GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, LOCAL, FLOAT, STATIC_LOCAL, FLOAT), true,
                a -> {
                    a.graph().task(a.task(), ReductionTornado::staticLocalFloat, a.context(), a.counters(), a.counting(),
                            a.floats(0), a.deferredFloatOps(), a.intArg(2), a.localLength(3), a.localLength(4),
                            a.tasks(), a.mapping());
                    a.applyDeferredFloatAdds(a.floats(1), 0);
                }));
        // tuned (issue 16): in, partial, out, ticket, n, scratch; every group writes its partial before the second task
        // reads them, and the ticket stays unused (zero), so neither is copied around each launch. With NVIDIA's largest
        // register limit stated: 1.35 -> 1.17x jocl's kernel time at 2^25 on the H100 (raw/i16-tornado-limit-call12)
        into.add(new TornadoKernel("reduction.tuned.int",
                sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, INT, GLOBAL, INT, PRIVATE, INT, LOCAL, INT), false,
                a -> {
                    a.graph().task(a.task(), ReductionTornado::tunedInt, a.context(), a.ints(0), a.ints(1), a.intArg(4),
                            a.localLength(5), a.constants().getInt("VW"));
                    a.sumPartials(a.ints(1), a.ints(2), a.groups());
                }).withNvidiaMaxRegisters(TornadoKernel.NVIDIA_LARGEST_LIMIT).withArgUse(1, WRITE_FIRST).withArgUse(3, UNUSED));
        into.add(new TornadoKernel("reduction.tuned.float",
                sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, INT, PRIVATE, INT, LOCAL, FLOAT), false,
                a -> {
                    a.graph().task(a.task(), ReductionTornado::tunedFloat, a.context(), a.floats(0), a.floats(1), a.intArg(4),
                            a.localLength(5), a.constants().getInt("VW"));
                    a.sumPartials(a.floats(1), a.floats(2), a.groups());
                }).withNvidiaMaxRegisters(TornadoKernel.NVIDIA_LARGEST_LIMIT).withArgUse(1, WRITE_FIRST).withArgUse(3, UNUSED));
        for (ElemType t : List.of(INT, FLOAT)) {
//#for K=partials,final
            into.add(new TornadoKernel("reduction.$K$." + t.clName(),
                    sig(GLOBAL, t, GLOBAL, t, PRIVATE, INT, LOCAL, t), false,
                    t == INT
                            ? a -> a.graph().task(a.task(), ReductionTornado::$K$Int, a.context(),
                                    a.ints(0), a.ints(1), a.intArg(2), a.localLength(3))
                            : a -> a.graph().task(a.task(), ReductionTornado::$K$Float, a.context(),
                                    a.floats(0), a.floats(1), a.intArg(2), a.localLength(3))));
//#end
        }
    }

//#def loadAndTree
        $T$[] scratch = ctx.allocate$Ty$LocalArray(scratchLength);
        $T$ v = $zero$;
        if (gid < n) {
            v = in.get(gid);
        }
        scratch[lid] = v;
//#use tree size=ctx.localGroupSizeX
//#end
//#def tree
        ctx.localBarrier();
        for (int s = $size$ / 2; s > 0; s >>= 1) {
            if (lid < s) {
                scratch[lid] += scratch[lid + s];
            }
            ctx.localBarrier();
        }
//#end
//#def addToOut
        if (lid == 0) {
//#if T=float
            ops.set($slot$, $sum$);
//#else
            ctx.atomicAdd(out, 0, $sum$);
//#end
            if (counting != 0) {
                ctx.atomicAdd(counters, 0, 1);
            }
        }
//#end
//#for T=int,float  Ty=Int,Float  zero=0,0.0f  out=out,ops
    // ---- local-atomic: local memory, then one global atomic per work-group ---------------------

//#if T=float
    /** As {@link #localAtomicInt}; the float atomic add is deferred ({@link DeferredAtomics}). */
//#end
    public static void localAtomic$Ty$(KernelContext ctx, IntArray counters, int counting, $Ty$Array in, $Ty$Array $out$, int n, int scratchLength) {
        int lid = ctx.localIdx;
        int gid = ctx.globalIdx;
//#use loadAndTree
//#use addToOut slot=ctx.groupIdx sum=scratch[0]
    }

    // ---- static-local: persistent groups, one global atomic per group (unit) -------------------

//#if T=float
    /** As {@link #staticLocalInt}; the one float atomic per group is deferred ({@link DeferredAtomics}). */
//#end
    public static void staticLocal$Ty$(KernelContext ctx, IntArray counters, int counting, $Ty$Array in, $Ty$Array $out$, int n,
                                        int scratchLength, int slmLength, int tasks, int mapping) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int sg = ctx.groupIdx;
        int k = ctx.globalGroupSizeX / size;
        $T$[] scratch = ctx.allocate$Ty$LocalArray(scratchLength);
        $T$[] slm = ctx.allocate$Ty$LocalArray(slmLength);
        if (lid == 0) {
            slm[0] = $zero$;                                   // first group on this unit
        }
        // the task loop: blocked [tasks*sg/k, tasks*(sg+1)/k), or cyclic sg, sg+k, ...
        int first = (int) (((long) tasks * sg) / k);
        int end = (int) (((long) tasks * (sg + 1)) / k);
        int step = 1;
        if (mapping == 1) {
            first = sg;
            end = tasks;
            step = k;
        }
        for (int t = first; t < end; t += step) {
            int gid = t * size + lid;
            $T$ v = $zero$;
            if (gid < n) {
                v = in.get(gid);
            }
            scratch[lid] = v;
//#use tree size=size
            if (lid == 0) {
                slm[0] += scratch[0];                     // the unit runs its groups in turn: no atomic
            }
            ctx.localBarrier();
        }
        // last group on this unit
//#use addToOut slot=sg sum=slm[0]
    }

    // ---- tuned: grid-stride persistent groups, one partial each, then one group sums them ----------

    /**
     * The tuned variant's first task: work-item lid of group g adds the vw-element vectors g·L + lid,
     * + G·L, ... (vw consecutive scalar loads: the Kernel API has no vector types; IPT's independent
     * accumulators are left to the compiler), group 0 adds the n mod vw tail, and the group's tree
     * leaves one partial. {@link LaunchArgs#sumPartials} then writes the total: two tasks instead of
     * OpenCL C's last-group ticket, which needs a global fence the Kernel API does not have.
     */
    public static void tuned$Ty$(KernelContext ctx, $Ty$Array in, $Ty$Array partial, int n, int scratchLength, int vw) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int grp = ctx.groupIdx;
        int stride = ctx.globalGroupSizeX;
        int nv = n / vw;
        $T$[] scratch = ctx.allocate$Ty$LocalArray(scratchLength);
        $T$ acc = $zero$;
        for (int v = grp * size + lid; v < nv; v += stride) {
            for (int l = 0; l < vw; l++) {
                acc += in.get(v * vw + l);
            }
        }
        int tail = nv * vw + lid;
        if (grp == 0 && lid < vw && tail < n) {
            acc += in.get(tail);
        }
        scratch[lid] = acc;
//#use tree size=size
        if (lid == 0) {
            partial.set(grp, scratch[0]);
        }
    }

    // ---- two-kernel: partial sums per group, then one group sums them ---------------------------

    public static void partials$Ty$(KernelContext ctx, $Ty$Array in, $Ty$Array partial, int n, int scratchLength) {
        int lid = ctx.localIdx;
        int gid = ctx.globalIdx;
//#use loadAndTree
        if (lid == 0) {
            partial.set(ctx.groupIdx, scratch[0]);
        }
    }

    public static void final$Ty$(KernelContext ctx, $Ty$Array partial, $Ty$Array out, int m, int scratchLength) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        $T$[] scratch = ctx.allocate$Ty$LocalArray(scratchLength);
        $T$ acc = $zero$;
        for (int i = lid; i < m; i += size) {
            acc += partial.get(i);
        }
        scratch[lid] = acc;
//#use tree size=size
        if (lid == 0) {
            out.set(0, scratch[0]);
        }
    }

//#end
}
