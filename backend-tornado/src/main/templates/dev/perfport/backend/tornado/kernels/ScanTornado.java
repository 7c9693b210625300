package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.memory.ElemType;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * Harris' three-kernel exclusive scan of seed 003 §3.4 (workloads' ScanKernels, scan.cl) in
 * TornadoVM's Kernel API, int32 and float32, by add or max (kernel constant OP_MAX): blocks of
 * m = 2·wg elements scanned with the work-efficient tree, SUM scanned by one work-item, then
 * added to every block. The operator, the identity and the tree depth log2(m) are scalar
 * arguments, which TornadoVM compiles in as constants.
 *
 * <p>Pair j of level d is (LEFT, RIGHT) = {@code (((2j+1) << d) - 1, ((2j+2) << d) - 1)}, as in scan.cl.
 */
@AutoService(KernelLibrary.class)
public final class ScanTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public ScanTornado() {
        super(ScanTornado::register);
    }

    /** Why TornadoVM has no single-pass scan: stated by a row that asks for one. */
    static final String SINGLE_PASS_DECLINED = "the single-pass look-back spins on status words that other work-groups publish, "
            + "and TornadoVM 5.2's Kernel API has no volatile or atomic load to read them with (its int atomics return nothing; "
            + "a plain load may read a stale cache line forever on a GPU)";

    @Override
    public List<Declined> declined() {
        return List.of(new Declined(TornadoKernel.class, "scan.single_pass.int", SINGLE_PASS_DECLINED),
                new Declined(TornadoKernel.class, "scan.single_pass.float", SINGLE_PASS_DECLINED));
    }

    static void register(List<TornadoKernel> into) {
        for (ElemType t : List.of(INT, FLOAT)) {
            String c = t.clName();
            boolean i = t == INT;
            into.add(new TornadoKernel("scan.block." + c, sig(GLOBAL, t, GLOBAL, t, GLOBAL, t, PRIVATE, INT, LOCAL, t), false,
                    i ? a -> a.graph().task(a.task(), ScanTornado::blockInt, a.context(), a.ints(0), a.ints(1), a.ints(2),
                            a.intArg(3), a.localLength(4), levels(a.localSize(0)), opMax(a), (int) identity(a, t))
                      : a -> a.graph().task(a.task(), ScanTornado::blockFloat, a.context(), a.floats(0), a.floats(1), a.floats(2),
                            a.intArg(3), a.localLength(4), levels(a.localSize(0)), opMax(a), (float) identity(a, t))));
            into.add(new TornadoKernel("scan.sequential." + c, sig(GLOBAL, t, PRIVATE, INT), false,
                    i ? a -> a.graph().task(a.task(), ScanTornado::sequentialInt, a.context(), a.ints(0), a.intArg(1), opMax(a),
                            (int) identity(a, t))
                      : a -> a.graph().task(a.task(), ScanTornado::sequentialFloat, a.context(), a.floats(0), a.intArg(1), opMax(a),
                            (float) identity(a, t))));
            into.add(new TornadoKernel("scan.add." + c, sig(GLOBAL, t, GLOBAL, t, PRIVATE, INT), false,
                    i ? a -> a.graph().task(a.task(), ScanTornado::addInt, a.context(), a.ints(0), a.ints(1), a.intArg(2), opMax(a))
                      : a -> a.graph().task(a.task(), ScanTornado::addFloat, a.context(), a.floats(0), a.floats(1), a.intArg(2), opMax(a))));
        }
    }

    static int opMax(LaunchArgs a) {
        return a.constants().getInt("OP_MAX") != 0 ? 1 : 0;
    }

    /** The operator's identity: 0 for add; INT_MIN or -infinity for max. */
    static double identity(LaunchArgs a, ElemType t) {
        if (opMax(a) == 0) return 0;
        return t == INT ? Integer.MIN_VALUE : Double.NEGATIVE_INFINITY;
    }

    /** log2 of the block size m = 2·wg (wg a power of two, checked by the workload). */
    static int levels(int wg) {
        return 31 - Integer.numberOfLeadingZeros(2 * wg);
    }

//#for T=int,float  Ty=Int,Float
    public static void block$Ty$(KernelContext ctx, $Ty$Array in, $Ty$Array out, $Ty$Array sums, int n, int xLength,
                                  int levels, int opMax, $T$ identity) {
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
        int m = 2 * wg;
        int group = ctx.groupIdx;
        int base = group * m;
        $T$[] x = ctx.allocate$Ty$LocalArray(xLength);
        $T$ v0 = identity;
        if (base + lid < n) {
            v0 = in.get(base + lid);
        }
        $T$ v1 = identity;
        if (base + lid + wg < n) {
            v1 = in.get(base + lid + wg);
        }
        x[lid] = v0;
        x[lid + wg] = v1;
        ctx.localBarrier();
        for (int d = 0; d < levels; d++) {
            if (lid < (m >> (d + 1))) {
                int l = ((lid * 2 + 1) << d) - 1;
                int r = ((lid * 2 + 2) << d) - 1;
                $T$ a = x[l];
                $T$ b = x[r];
                x[r] = opMax == 1 ? (a > b ? a : b) : a + b;
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            sums.set(group, x[m - 1]);
            x[m - 1] = identity;
        }
        ctx.localBarrier();
        for (int d = levels - 1; d >= 0; d--) {
            if (lid < (m >> (d + 1))) {
                int l = ((lid * 2 + 1) << d) - 1;
                int r = ((lid * 2 + 2) << d) - 1;
                $T$ t = x[l];
                $T$ b = x[r];
                x[l] = b;
                x[r] = opMax == 1 ? (b > t ? b : t) : b + t;
            }
            ctx.localBarrier();
        }
        if (base + lid < n) {
            out.set(base + lid, x[lid]);
        }
        if (base + lid + wg < n) {
            out.set(base + lid + wg, x[lid + wg]);
        }
    }

//#end
//#for T=int,float  Ty=Int,Float
    /** One work-item scans sums[0, count) in place (the sequential option). */
    public static void sequential$Ty$(KernelContext ctx, $Ty$Array sums, int count, int opMax, $T$ identity) {
        if (ctx.globalIdx == 0) {
            $T$ acc = identity;
            for (int i = 0; i < count; i++) {
                $T$ v = sums.get(i);
                sums.set(i, acc);
                acc = opMax == 1 ? (acc > v ? acc : v) : acc + v;
            }
        }
    }

//#end
//#for T=int,float  Ty=Int,Float
    /** Adds the scanned SUM of its block to each element (work-item lid: elements lid and lid + wg). */
    public static void add$Ty$(KernelContext ctx, $Ty$Array out, $Ty$Array sums, int n, int opMax) {
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
        int base = ctx.groupIdx * 2 * wg;
        $T$ p = sums.get(ctx.groupIdx);
        if (base + lid < n) {
            $T$ v = out.get(base + lid);
            out.set(base + lid, opMax == 1 ? (p > v ? p : v) : p + v);
        }
        if (base + lid + wg < n) {
            $T$ v = out.get(base + lid + wg);
            out.set(base + lid + wg, opMax == 1 ? (p > v ? p : v) : p + v);
        }
    }

//#end
}
