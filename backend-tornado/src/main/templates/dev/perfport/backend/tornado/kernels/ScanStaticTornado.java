package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.memory.ElemType;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * V1 and Scan⁺ of seed 003 §3.4 (workloads' ScanKernels, scan.cl scan_v1 and scan_plus): one
 * kernel on k co-resident static work-groups (blocked mapping), each scanning its blocks with a
 * running carry, then the counter protocol of v1_finish: publish the carry in SUM, the last group
 * to arrive scans SUM, the others wait for the counter (host: k+1) to reach 0 and add their prefix.
 *
 * <p>TornadoVM 5.2's Kernel API lacks three things this protocol uses, so:
 * <ul>
 *   <li>its int atomics return nothing: the arrival order comes from a hidden AtomicInteger
 *       ({@link LaunchArgs#ticket()}, one getAndIncrement call site), while the counter buffer
 *       still takes the same decrements, so its end state (0, one SUM scan) is what the workload
 *       checks;</li>
 *   <li>no volatile or atomic load: the wait reads the counter with a plain load after an atomic
 *       no-op on it (which keeps compilers from hoisting the load);</li>
 *   <li>no memory fence apart from barriers: SUM is written before the arrival atomic, and read by
 *       the last group after its own.</li>
 * </ul>
 * That is sound where caches are coherent and stores are not reordered past atomics (CPU
 * devices: PoCL, x86). On GPUs a plain load may hit a stale cache line and spin forever, so the
 * kernels are declared CPU-only and a GPU session refuses them with the reason (cannotRun).
 */
@AutoService(KernelLibrary.class)
public final class ScanStaticTornado extends TornadoLibrary {
    static final String CPU_ONLY = "V1's wait needs a coherent read of the counter, and TornadoVM 5.2's Kernel API has no volatile"
            + " or atomic load (its int atomics return nothing); on a GPU the plain load may read a stale cache line forever";

    /** Made by {@link java.util.ServiceLoader}. */
    public ScanStaticTornado() {
        super(ScanStaticTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        for (ElemType t : List.of(INT, FLOAT)) {
            var s = sig(GLOBAL, t, GLOBAL, t, GLOBAL, t, GLOBAL, INT, PRIVATE, INT, LOCAL, t);
            boolean i = t == INT;
//#for K=v1,plus
            into.add(new TornadoKernel("scan.$K$." + t.clName(), s, false, true, CPU_ONLY,
                    i ? a -> a.graph().task(a.task(), ScanStaticTornado::$K$Int, a.context(), a.counters(), a.counting(), a.ints(0), a.ints(1),
                            a.ints(2), a.ints(3), a.intArg(4), a.localLength(5), a.tasks(), ScanTornado.levels(a.localSize(0)),
                            ScanTornado.opMax(a), (int) ScanTornado.identity(a, t), a.ticket())
                      : a -> a.graph().task(a.task(), ScanStaticTornado::$K$Float, a.context(), a.counters(), a.counting(), a.floats(0), a.floats(1),
                            a.floats(2), a.ints(3), a.intArg(4), a.localLength(5), a.tasks(), ScanTornado.levels(a.localSize(0)),
                            ScanTornado.opMax(a), (float) ScanTornado.identity(a, t), a.ticket())));
//#end
        }
    }

//#def groupSetup
        int lid = ctx.localIdx;
        int wg = ctx.localGroupSizeX;
        int m = 2 * wg;
        int sg = ctx.groupIdx;
        int k = ctx.globalGroupSizeX / wg;
        int carry = $carry$;
        $T$[] x = ctx.allocate$Ty$LocalArray(xLength);
        int[] slot = ctx.allocateIntLocalArray(1);
        if (lid == 0) {
            x[carry] = identity;
        }
        int first = (int) (((long) tasks * sg) / k);
        int end = (int) (((long) tasks * (sg + 1)) / k);
//#end
//#def loadPair
            $T$ v0 = identity;
            if (base + lid < n) {
                v0 = in.get(base + lid);
            }
            $T$ v1 = identity;
            if (base + lid + wg < n) {
                v1 = in.get(base + lid + wg);
            }
//#end
//#def upOp
                    int l = $o$(($j$ * 2 + 1) << $d$) - 1;
                    int r = $o$(($j$ * 2 + 2) << $d$) - 1;
                    $T$ a = x[l];
                    $T$ b = x[r];
                    x[r] = opMax == 1 ? (a > b ? a : b) : a + b;
//#end
//#def downOp
                    int l = $o$(($j$ * 2 + 1) << d) - 1;
                    int r = $o$(($j$ * 2 + 2) << d) - 1;
                    $T$ a = x[l];
                    $T$ b = x[r];
                    x[l] = b;
                    x[r] = opMax == 1 ? (b > a ? b : a) : b + a;
//#end
//#def storePair
            if ($base$ + lid < n) {
                out.set($base$ + lid, x[$o$lid]);
            }
            if ($base$ + lid + wg < n) {
                out.set($base$ + lid + wg, x[$o$lid + wg]);
            }
//#end
//#def carryIn
                $T$ tot = x[$root$];
                $T$ c = x[carry];
                x[$root$] = c;
                x[carry] = opMax == 1 ? (c > tot ? c : tot) : c + tot;
//#end
//#def v1Finish
        // v1_finish: publish the carry, the last group to arrive scans SUM, the others wait and add their prefix
        if (lid == 0) {
            sums.set(sg, x[carry]);
            slot[0] = ticket.getAndIncrement();   // arrival order: the old value that the decrement below cannot return
            ctx.atomicAdd(counter, 0, -1);
            if (counting != 0) {
                ctx.atomicAdd(counters, 0, 1);
            }
            if (slot[0] == k - 1) {               // the last to arrive: every group's carry is in SUM
                $T$ acc = identity;
                for (int i = 0; i < k; i++) {
                    $T$ v = sums.get(i);
                    sums.set(i, acc);
                    acc = opMax == 1 ? (acc > v ? acc : v) : acc + v;
                }
                ctx.atomicAdd(counter, 1, 1);
                if (counting != 0) {
                    ctx.atomicAdd(counters, 0, 1);
                }
                ctx.atomicAdd(counter, 0, -1);
                if (counting != 0) {
                    ctx.atomicAdd(counters, 0, 1);
                }
            }
            if (sg != 0) {
                // spin until the counter reaches 0; the atomic no-op keeps the compiler from hoisting the
                // load (TornadoVM has no volatile or atomic read), sound only where caches are coherent
                int c = 1;
                while (c != 0) {
                    ctx.atomicAdd(counter, 0, 0);
                    c = counter.get(0);
                }
                x[carry] = sums.get(sg);
            }
        }
        ctx.localBarrier();
        if (sg != 0) {
            $T$ p = x[carry];
            int to = Math.min(n, end * m);
            for (int i = first * m + lid; i < to; i += wg) {
                $T$ v = out.get(i);
                out.set(i, opMax == 1 ? (p > v ? p : v) : p + v);
            }
        }
//#end
//#for T=int,float  Ty=Int,Float
    /** V1: x holds one tree of m elements, then the carry. */
    public static void v1$Ty$(KernelContext ctx, IntArray counters, int counting, $Ty$Array in, $Ty$Array out, $Ty$Array sums, IntArray counter, int n,
                             int xLength, int tasks, int levels, int opMax, $T$ identity, AtomicInteger ticket) {
//#use groupSetup carry=m
        for (int t = first; t < end; t++) {
            int base = t * m;
//#use loadPair
            x[lid] = v0;
            x[lid + wg] = v1;
            ctx.localBarrier();
            for (int d = 0; d < levels; d++) {
                if (lid < (m >> (d + 1))) {
//#use upOp o="" j=lid d=d
                }
                ctx.localBarrier();
            }
            if (lid == 0) {                     // block total into the carry, carry to the root
//#use carryIn root="m - 1"
            }
            ctx.localBarrier();
            for (int d = levels - 1; d >= 0; d--) {
                if (lid < (m >> (d + 1))) {
//#use downOp o="" j=lid
                }
                ctx.localBarrier();
            }
//#use storePair base=base o=""
        }
//#use v1Finish
    }

    /** Scan⁺: x holds two trees of m elements, then the carry; task t's up-sweep runs beside task t-1's down-sweep. */
    public static void plus$Ty$(KernelContext ctx, IntArray counters, int counting, $Ty$Array in, $Ty$Array out, $Ty$Array sums, IntArray counter, int n,
                               int xLength, int tasks, int levels, int opMax, $T$ identity, AtomicInteger ticket) {
//#use groupSetup carry="2 * m"
        int cur = 0;                            // tree of the previous task, waiting for its down-sweep
        int prev = -1;
        for (int t = first; t < end; t++) {
            int nxt = m - cur;
            int base = t * m;
//#use loadPair
            x[nxt + lid] = v0;
            x[nxt + lid + wg] = v1;
            ctx.localBarrier();
            for (int s = 0; s < levels; s++) {
                if (lid < (m >> (s + 1))) {
//#use upOp o="nxt + " j=lid d=s
                }
                int q = wg - 1 - lid;
                int d = levels - 1 - s;
                if (prev >= 0 && q < (m >> (d + 1))) {
//#use downOp o="cur + " j=q
                }
                ctx.localBarrier();
            }
            if (prev >= 0) {
                int pb = prev * m;
//#use storePair base=pb o="cur + "
            }
            if (lid == 0) {
//#use carryIn root="nxt + m - 1"
            }
            // no barrier: the next load writes, per work-item, exactly the elements it just stored
            prev = t;
            cur = nxt;
        }
        ctx.localBarrier();                     // the last task's down-sweep on its own
        for (int d = levels - 1; d >= 0; d--) {
            if (prev >= 0 && lid < (m >> (d + 1))) {
//#use downOp o="cur + " j=lid
            }
            ctx.localBarrier();
        }
        if (prev >= 0) {
            int pb = prev * m;
//#use storePair base=pb o="cur + "
        }
//#use v1Finish
    }

//#end
}
