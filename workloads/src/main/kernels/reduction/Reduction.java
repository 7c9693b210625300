import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The reduction study of seed 003 (reduction.cl) in the Java routes, int32 and float32, one kernel
 * per variant and element type. Every work-item loads one element (zero past n) into
 * {@code scratch}, the group tree-reduces it, and work-item 0 combines the group's sum: one global
 * atomic per group (local-atomic), into static local memory and one global atomic per unit
 * (static-local), or into its slot of the partial sums (two-kernel: partials, then final).
 * Arguments follow the definitions (workloads' ReductionKernels): input, output, n, scratch (local)
 * [, slm (static local)]; final takes partial, out, m, scratch.
 *
 * <p>Route atomics: Aparapi adds int sums with {@code atomicAdd} and float sums with a
 * compare-and-swap loop on the bits of the sum ({@code TICKET_NOTE}); TornadoVM adds int sums with
 * {@code ctx.atomicAdd}, counted in its hidden counters when counting is on (with
 * {@code perfport.tornado.counters=false} the flag is 0, TornadoVM compiles it in and the counter
 * atomic is gone), and leaves float adds to the session ({@code DeferredAtomics}). TornadoVM's
 * kernels are written flat on purpose: it inlines helper methods, but a helper that reads
 * {@code KernelContext} fields sees the plain Java field, 0.
 */
//#if R=aparapi
    /** The kernel, after checking that the definition's FLOAT constant names its element type. */
    static <K extends PerfportKernel> K checked(dev.perfport.core.kernel.Constants c, int expectedFloat, K kernel) {
        if (c.has("FLOAT") && c.getInt("FLOAT") != expectedFloat) {
            throw new IllegalArgumentException("constant FLOAT=" + c.getInt("FLOAT") + " does not match the "
                    + (expectedFloat == 1 ? "float" : "int") + " kernel " + kernel.getClass().getSimpleName()
                    + "; the element type is part of the kernel name");
        }
        return kernel;
    }

    /** {@code c}, after refusing a group reduction other than by pairs (FANIN 2), the one this kernel is written with. */
    static dev.perfport.core.kernel.Constants pairs(dev.perfport.core.kernel.Constants c) {
        if (c.has("FANIN") && c.getInt("FANIN") != 2) {
            throw new dev.perfport.core.error.UnsupportedFeatureException("Aparapi's tuned reduction reduces a group by pairs; fanin="
                    + c.getInt("FANIN") + " is not expressed");
        }
        return c;
    }

    /**
     * Why the float kernels accumulate into a private {@code AtomicInteger[]} and hand the sum to
     * {@code out} from the last group: Aparapi offers compare-and-swap only on {@code AtomicInteger},
     * and in explicit buffer mode it never copies an {@code AtomicInteger[]} back from a device with
     * memory of its own (on an NVIDIA GPU the sum read back as 0.0, while PoCL, sharing host memory,
     * hid it). The ticket is one more global atomic per group, not counted in {@code globalAtomics},
     * which counts the accumulating atomics that the variant is about.
     */
    public static final String TICKET_NOTE = "float sums: CAS into a private AtomicInteger[], last group (ticket atomic) writes out";

//#end
//#if R=wg
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
    static void declareLoadAndTree(WorkGroup g, int items, Op add) {
        g.ops(Op.LOCAL_MEM, items + 3L * (items - 1));
        g.ops(add, items - 1L);
        g.ops(Op.INT, 2L * items + 2L * (items - 1));
        declarePhases(g, items, 1 + levels(items));
    }

    /** The tree of the second kernel: its first phase was a {@code forEachItem}, charged by the device itself. */
    static void declareTree(WorkGroup g, int items, Op add) {
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

//#end
//#def load
        int gid = $gid$;
        $T$ v = $zero$;
        if (gid < n) {
            v = in.get(gid);
        }
        scratch[$lid$] = v;
//#end
//#def addToOut
//#if R=wg
            out.atomicAdd(0, $sum$);
//#elif R=aparapi
//#if T=float
            float add = $sum$;
            int old = atomicGet(acc[0]);
            int seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + add));
            while (seen != old) {
                old = seen;
                seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + add));
            }
            countGlobalAtomic();
            // the group that finishes last hands the sum to out and leaves acc at zero for the next launch
            if (atomicAdd(acc[1], 1) == getNumGroups() - 1) {
                out[0] = out[0] + Float.intBitsToFloat(atomicXchg(acc[0], 0));
                atomicXchg(acc[1], 0);
            }
//#else
            atomicAdd(out, 0, $sum$);
            countGlobalAtomic();
//#end
//#else
//#if T=float
            out.set($slot$, $sum$);
//#else
            ctx.atomicAdd(out, 0, $sum$);
//#end
            if (counting != 0) {
                ctx.atomicAdd(counters, 0, 1);
            }
//#end
//#end
//#def aparapiTree
            for (int s = L / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
//#end
//#def groupSum
        $T$ acc = $zero$;
        for (int i = $lid$; i < $count$; i += $lsize$) {
            acc += $src$.get(i);
        }
        scratch[$lid$] = acc;
//#tree scratch
//#end
//#def floatAcc
//#if R=aparapi
//#if T=float
        /** The running sum's bits and the finished-group ticket; see {@code TICKET_NOTE}. */
        AtomicInteger[] acc = {new AtomicInteger(), new AtomicInteger()};
//#end
//#end
//#end
//#for T=int,float  Ty=Int,Float  zero=0,0f  one=1,1f  op=INT,FLOAT  E=INT,FLOAT  F=0,1  deferred=,out
    // ---- local-atomic: local memory, then one global atomic per work-group ---------------------

    /** Local memory plus one global atomic per work-group, $T$32; TornadoVM's float add is deferred. */
//#kernel reduction.local_atomic.$T$ localAtomic$Ty$ in:$T$[] out:$T$[] n:int scratch:$T$[local] aparapi.factory="c -> checked(c, $F$, new {class}())" tornado.hidden="IntArray counters=a.counters(), int counting=a.counting()" tornado.deferred="$deferred$"
//#setup
//#use floatAcc
//#end
//#use load
//#tree scratch
        if ($lid$ == 0) {
//#if R=wg
            declareLoadAndTree(g, $lsize$, Op.$op$);
//#end
//#use addToOut slot=$group$ sum=scratch[0]
        }
//#end

    // ---- static-local: static local memory, one global atomic per unit --------------------------

    /**
     * Static local memory plus one global atomic per unit, $T$32. Aparapi and TornadoVM run it on k
     * persistent groups (the residency query), each taking its share of the logical work-groups,
     * and {@code slm} is the group's local memory, alive across its tasks: set before the task loop
     * (the first group on the unit), taken out after it (the last). TornadoVM's launch is an
     * NDRange, so its mapping is blocked or cyclic, never dynamic.
     */
//#kernel reduction.static_local.$T$ staticLocal$Ty$ in:$T$[] out:$T$[] n:int scratch:$T$[local] slm:$T$[static] aparapi.factory="c -> checked(c, $F$, new {class}())" tornado.hidden="IntArray counters=a.counters(), int counting=a.counting()" tornado.extra="int tasks=a.tasks(), int mapping=a.mapping()" tornado.deferred="$deferred$"
//#setup
//#use floatAcc
//#if R=wg
        if (g.firstGroupOnUnit()) slm[0] = $zero$;
//#end
//#end
//#if R=wg
        // its own form: the emulator keeps one slm per unit and calls the kernel once per logical group (no task loop)
//#use load
//#tree scratch
        if ($lid$ == 0) {
            declareLoadAndTree(g, $lsize$, Op.$op$);
            slm[0] += scratch[0];
            if (g.lastGroupOnUnit()) out.atomicAdd(0, slm[0]);
        }
//#else
        int lid = $lid$;
        int size = $lsize$;
        if (lid == 0) {
            slm[0] = $zero$;                                   // first group on this unit
        }
//#tasks t
            int gid = t * size + lid;
            $T$ v = $zero$;
            if (gid < n) {
                v = in.get(gid);
            }
            scratch[lid] = v;
//#tree scratch
            if (lid == 0) {
                slm[0] += scratch[0];                         // the unit runs its groups in turn: no atomic
            }
//#barrier
        }
        if (lid == 0) {                                       // last group on this unit
//#use addToOut slot=$group$ sum=slm[0]
        }
//#end
//#end

    // ---- two-kernel: partial sums per group, then one group sums them ---------------------------

    /** Two kernels, first: one partial sum per work-group, $T$32. */
//#kernel reduction.partials.$T$ partials$Ty$ in:$T$[] partial:$T$[] n:int scratch:$T$[local] aparapi.factory="c -> checked(c, $F$, new {class}())"
//#use load
//#tree scratch
        if ($lid$ == 0) {
//#if R=wg
            declareLoadAndTree(g, $lsize$, Op.$op$);
//#end
            partial.set($group$, scratch[0]);
        }
//#end

//#if R=wg
    // its own form: the strided phase is a forEachItem, which the emulator charges per work-item, then the tree's and the loop's charges
    static WorkGroupKernel final$Ty$() {
        return g -> {
            Global$Ty$s partial = g.$T$s(0);
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
            g.$T$s(1).set(0, scratch[0]);
        };
    }
//#else
    /** Two kernels, second: all m partial sums in one work-group, $T$32. */
//#kernel reduction.final.$T$ final$Ty$ partial:$T$[] out:$T$[] m:int scratch:$T$[local] aparapi.factory="c -> checked(c, $F$, new {class}())"
//#use groupSum src=partial count=m
        if ($lid$ == 0) {
            out.set(0, scratch[0]);
        }
//#end
//#if R=tornado
//#if T=float

    /**
     * The float kernels' deferred atomic adds ({@code DeferredAtomics}), a second task of their graph that the
     * session adds: final's one-group sum of {@code ops[0, count)}, added to {@code target[index]}.
     */
//#kernel - addDeferred ops:float[] target:float[] count:int index:int scratch:float[local]
//#use groupSum src=ops count=count
        if ($lid$ == 0) {
            target.set(index, target.get(index) + scratch[0]);
        }
//#end
//#end
//#end
//#end

    // ---- tuned: grid-stride persistent groups, one partial each, then their sum --------------------
    // each route has its own form: the last group's sum needs a global fence or atomic loads that
    // only OpenCL C and the emulator have, Aparapi reads the partials through atomics and
    // specialises vw and ipt, TornadoVM sums the partials in a second task

//#if R=wg
    /**
     * The tuned kernel as a work-group: work-item lid of group g adds the VW-element vectors
     * g·L + lid, + G·L, ... (the same elements as the OpenCL C, in an order that differs only
     * by float rounding), the group's tail element, then the tree; the last group to take the
     * ticket adds the partials.
     */
    static WorkGroupKernel tuned$Ty$(int vw, int fanin) {
        return g -> {
            int n = g.intArg(4);
            int items = g.localItems();
            int grp = (int) g.groupLinearId();
            int groups = g.staticGroupCount();
            long stride = (long) groups * items;
            long nv = n / vw;
            GlobalInts ticket = g.ints(3);
            long adds = 0;
            Global$Ty$s in = g.$T$s(0);
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
            g.$T$s(1).setVolatile(grp, scratch[0]);
            if (ticket.atomicAdd(0, 1) == groups - 1) {
                $T$ a = $zero$;
                for (int j = 0; j < groups; j++) a += g.$T$s(1).getVolatile(j);
                g.$T$s(2).set(0, a);
                ticket.setVolatile(0, 0);
            }
            g.ops(Op.$op$, adds);
            g.ops(Op.INT, 2 * adds);
            declareTree(g, items, Op.$op$);
        };
    }
//#elif R=aparapi
    /**
     * The tuned variant in Aparapi's Java: the grid-stride loop over persistent groups of
     * {@code reduce_tuned}, one partial per group, the last group (a ticket atomic) adding them.
     * Aparapi has no vector types, so a "vector" of vw elements is vw scalar loads of consecutive
     * elements (the route cannot ask for 16-byte loads), and the ipt loads per sweep are a loop
     * over a constant: {@link Specialiser} folds vw and ipt (as arguments they left the loops to
     * run time, 1.39-1.44x jocl's kernel time at vw 1, ipt 1 on the H100). The partials are
     * written and read with atomics (Aparapi cannot declare the volatile loads that make other
     * groups' partials visible to the last group): int partials are an {@code int[]}, set by adding
     * to the 0 the last group of the launch before left there (Aparapi's only atomic on an array
     * is {@code atomicAdd}), which keeps them on the device between launches; float partials are
     * bits in an {@code AtomicInteger[]}, which Aparapi copies in and out on every execute (a float
     * buffer has no int[] view here).
     */
    public static class Tuned$Ty$ extends PerfportKernel {
        $T$[] in;
//#if T=float
        AtomicInteger[] partial;
//#else
        int[] partial;
//#end
        $T$[] out;
        int[] ticket;
        int n;
        @Local $T$[] scratch;
        final int vw;
        final int ipt;

        /** {vw, ipt}; {@link Specialiser} makes them constants of the class (not final: it subclasses this). */
        Tuned$Ty$(int[] v) {
            this.vw = v[0];
            this.ipt = v[1];
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int L = getLocalSize();
            int g = getGroupId();
            int groups = getNumGroups();
            int stride = groups * L;
            int nv = n / vw;
            $T$ acc = $zero$;
            int i = g * L + lid;
            int full = nv - (ipt - 1) * stride;
            for (; i < full; i += ipt * stride) {
                for (int u = 0; u < ipt; u++) {
                    int b = (i + u * stride) * vw;
                    for (int w = 0; w < vw; w++) acc += in[b + w];
                }
            }
            for (; i < nv; i += stride) {
                for (int w = 0; w < vw; w++) acc += in[i * vw + w];
            }
            int t = nv * vw + g * L + lid;
            if (t < n) acc += in[t];
            scratch[lid] = acc;
//#use aparapiTree
            if (lid == 0) {
//#if T=float
                atomicXchg(partial[g], Float.floatToRawIntBits(scratch[0]));
//#else
                atomicAdd(partial, g, scratch[0]);
//#end
                scratch[0] = atomicAdd(ticket, 0, 1) == groups - 1 ? $one$ : $zero$;
                countGlobalAtomic();
            }
            localBarrier();
            $T$ last = scratch[0];
            localBarrier();
            if (last == $one$) {
                $T$ a = $zero$;
//#if T=float
                for (int j = lid; j < groups; j += L) a += Float.intBitsToFloat(atomicAdd(partial[j], 0));
//#else
                for (int j = lid; j < groups; j += L) {
                    a += atomicAdd(partial, j, 0);
                    partial[j] = 0;   // the next launch's group j adds to 0
                }
//#end
                scratch[lid] = a;
//#use aparapiTree
                if (lid == 0) {
                    out[0] = scratch[0];
                    atomicAdd(ticket, 0, -groups);   // back to 0 for the next launch
                }
            }
        }
    }

//#register
KernelSpec.of("reduction.tuned.$T$", Tuned$Ty$.class,
        c -> checked(pairs(c), $F$, Specialiser.of(Tuned$Ty$.class, new int[]{c.getInt("VW"), c.getInt("IPT")})),
        "in", "partial", "out", "ticket", "n", "scratch")
//#end
//#else
    /**
     * The tuned variant's first task: work-item lid of group g adds the vw-element vectors g·L + lid,
     * + G·L, ... (vw consecutive scalar loads: the Kernel API has no vector types; IPT's independent
     * accumulators are left to the compiler), group 0 adds the n mod vw tail, and the group's tree
     * leaves one partial. {@code LaunchArgs.sumPartials} then writes the total: two tasks instead of
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
        ctx.localBarrier();
        for (int s = size / 2; s > 0; s >>= 1) {
            if (lid < s) {
                scratch[lid] += scratch[lid + s];
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            partial.set(grp, scratch[0]);
        }
    }

    // in, partial, out, ticket, n, scratch; every group writes its partial before the second task reads them, and the
    // ticket stays unused (zero), so neither is copied around each launch. With NVIDIA's largest register limit stated:
    // 1.35 -> 1.17x jocl's kernel time at 2^25 on the H100
//#register
new TornadoKernel("reduction.tuned.$T$",
        sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, GLOBAL, INT, PRIVATE, INT, LOCAL, $E$), false,
        a -> {
            if (a.constants().has("FANIN") && a.constants().getInt("FANIN") != 2) {
                throw new dev.perfport.core.error.UnsupportedFeatureException("TornadoVM's tuned reduction reduces a group by pairs; fanin="
                        + a.constants().getInt("FANIN") + " is not expressed");
            }
            a.graph().task(a.task(), ReductionTornado::tuned$Ty$, a.context(), a.$T$s(0), a.$T$s(1), a.intArg(4),
                    a.localLength(5), a.constants().getInt("VW"));
            a.sumPartials(a.$T$s(1), a.$T$s(2), a.groups());
        }).withNvidiaMaxRegisters(TornadoKernel.NVIDIA_LARGEST_LIMIT).withArgUse(1, TornadoKernel.ArgUse.WRITE_FIRST)
        .withArgUse(3, TornadoKernel.ArgUse.UNUSED)
//#end
//#end

//#end
