//#if R=wg
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import java.util.concurrent.TimeUnit;
//#elif R=aparapi
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import java.util.concurrent.atomic.AtomicInteger;
//#else
import dev.perfport.core.memory.ElemType;
import java.util.concurrent.atomic.AtomicInteger;
//#end
/**
 * The scan study of seed 003 (§3.4, scan.cl) in the Java routes: exclusive scan of int32 or float32
 * with add or max (the constant OP_MAX; 0 add, 1 max) on blocks of m = 2·wg elements, by the
 * work-efficient tree (up-sweep, down-sweep; pair j of level d is
 * {@code (((2j+1) << d) - 1, ((2j+2) << d) - 1)}). Arguments follow the definitions (workloads'
 * ScanKernels).
 *
 * <ul>
 *   <li>{@code scan.block}, {@code scan.sequential}, {@code scan.add}: Harris' three kernels, written
 *       once for Aparapi and TornadoVM. The operator's identity (0, or the type's least value for
 *       max) is a kernel argument, so that -inf needs no OpenCL spelling; TornadoVM takes opMax, the
 *       identity and the tree depth log2(m) as scalars it compiles in.</li>
 *   <li>{@code scan.v1}, {@code scan.plus}: one kernel on k static work-groups (BLOCKED tasks of m
 *       elements), ending with the counter protocol: each group publishes its carry in SUM and
 *       decrements the counter the host set to k+1; the group that takes it to 1 scans SUM, counts
 *       itself in counter[1] and takes the counter to 0; all groups but the first wait for 0 and add
 *       their SUM prefix. The wait is legal only because k never exceeds the residency query. The
 *       three counter updates are counted global atomics, as on jocl.</li>
 *   <li>{@code scan.single_pass}: the decoupled look-back (Aparapi and the Java
 *       work-group form; TornadoVM declines it, saying why).</li>
 * </ul>
 */
//#if R=wg
    // its own form: every kernel is written against ScanTree, whose phases charge the emulator per work-item, active or idle
    /**
     * How long a Java static group waits for the V1 counter before it gives up. The wait is legal
     * only because all k groups are co-resident; if one of them failed, the others would spin
     * forever on an emulator worker nobody can stop, so they fail after this long instead.
     */
    static final long SPIN_LIMIT_SECONDS = 300;

    static ScanTree tree(ElemType t, WorkGroup g, ScanOp op, int in, int out, int sums, int x) {
        return t == ElemType.INT ? new ScanTree.Ints(g, op, in, out, sums, x) : new ScanTree.Floats(g, op, in, out, sums, x);
    }

    static WorkGroupKernel blockKernel(ElemType t, ScanOp op) {
        return g -> {
            ScanTree x = tree(t, g, op, 0, 1, 2, 4);
            int n = g.intArg(3);
            int group = (int) g.groupLinearId();
            int base = group * x.m;
            x.load(0, base, n);
            for (int d = 0; d < x.levels; d++) x.up(0, d);
            x.rootToSum(0, group);
            for (int d = x.levels - 1; d >= 0; d--) x.down(0, d);
            x.store(0, base, n);
            x.phase();
        };
    }

    static WorkGroupKernel sequentialKernel(ElemType t, ScanOp op) {
        return g -> tree(t, g, op, -1, -1, 0, -1).scanSums(g.intArg(1));
    }

    static WorkGroupKernel addKernel(ElemType t, ScanOp op) {
        return g -> {
            ScanTree x = tree(t, g, op, -1, 0, 1, -1);
            int group = (int) g.groupLinearId();
            x.addSum(group, group * x.m, g.intArg(2));
        };
    }

    static WorkGroupKernel v1Kernel(ElemType t, ScanOp op) {
        return g -> {
            ScanTree x = tree(t, g, op, 0, 1, 2, 5);
            int n = g.intArg(4);
            int m = x.m;
            int carry = m;   // the local memory holds one tree, then the carry
            x.identity(carry);
            for (long task = g.nextTask(); task >= 0; task = g.nextTask()) {
                int base = (int) task * m;
                x.load(0, base, n);
                for (int d = 0; d < x.levels; d++) x.up(0, d);
                x.rootToCarry(0, carry);
                for (int d = x.levels - 1; d >= 0; d--) x.down(0, d);
                x.store(0, base, n);
            }
            finish(g, x, g.ints(3), carry, n);
        };
    }

    static WorkGroupKernel plusKernel(ElemType t, ScanOp op) {
        return g -> {
            ScanTree x = tree(t, g, op, 0, 1, 2, 5);
            int n = g.intArg(4);
            int m = x.m;
            int carry = 2 * m;   // two trees, then the carry
            int cur = 0;         // the tree of the previous task, waiting for its down-sweep
            int prev = -1;
            x.identity(carry);
            for (long task = g.nextTask(); task >= 0; task = g.nextTask()) {
                int nxt = m - cur;
                x.load(nxt, (int) task * m, n);
                for (int s = 0; s < x.levels; s++) x.step(nxt, cur, s, true, prev >= 0);
                if (prev >= 0) x.store(cur, prev * m, n);
                x.rootToCarry(nxt, carry);
                prev = (int) task;
                cur = nxt;
            }
            if (prev >= 0) {
                x.phase();
                for (int d = x.levels - 1; d >= 0; d--) x.down(cur, d);
                x.store(cur, prev * m, n);
            }
            finish(g, x, g.ints(3), carry, n);
        };
    }

    /**
     * The end of V1 and Scan⁺ (seed 003 §3.4): publish the carry in SUM, decrement the counter
     * the host set to k+1; the group that takes it to 1 scans SUM, counts itself in counter[1] and
     * takes the counter to 0; every group but the first waits for 0 and adds its SUM prefix to its
     * part of the output. The wait is legal because k never exceeds the residency query.
     */
    private static void finish(WorkGroup g, ScanTree x, GlobalInts counter, int carry, int n) {
        int sg = g.staticGroupId(), k = g.staticGroupCount();
        long tasks = g.taskCount();
        long first = tasks * sg / k, end = tasks * (sg + 1) / k;   // this group's BLOCKED tasks
        x.slotToSum(carry, sg);
        int old = counter.atomicAdd(0, -1);   // publishes SUM[sg] (a volatile read-modify-write)
        if (old == 2) {
            x.scanSums(k);
            counter.atomicAdd(1, 1);
            counter.atomicAdd(0, -1);
        }
        x.phase();
        if (sg == 0) return;   // the first group's prefix is the identity
        awaitZero(counter, sg, k);
        x.sumToSlot(sg, carry);
        int from = (int) Math.min(n, first * x.m);
        int to = (int) Math.min(n, end * x.m);
        x.addSlot(carry, from, to);
    }

    /**
     * Spin-waits, through volatile reads, for the counter to reach 0. The emulator's workers are
     * threads on a host that may have fewer cores than SPEs, so the wait yields the core; it gives
     * up after {@link #SPIN_LIMIT_SECONDS} with an error that says what it waited for.
     */
    private static void awaitZero(GlobalInts counter, int sg, int k) {
        long deadline = 0;
        int spins = 0;
        int c;
        while ((c = counter.getVolatile(0)) != 0) {
            Thread.yield();
            if ((++spins & 1023) == 0) {
                long now = System.nanoTime();
                if (deadline == 0) {
                    deadline = now + TimeUnit.SECONDS.toNanos(SPIN_LIMIT_SECONDS);
                } else if (now - deadline > 0) {
                    throw new IllegalStateException("static work-group " + sg + " of " + k + " waited " + SPIN_LIMIT_SECONDS
                            + " s for the scan counter to reach 0 (it is " + c + "): not every static group finished");
                }
            }
        }
    }

    private static final int SP_AGGREGATE = 1, SP_PREFIX = 2;

    /**
     * The single-pass kernel as a static work-group: each tile taken is scanned in order, its
     * aggregate published, the predecessors' words read back (volatile) until an inclusive prefix,
     * its own inclusive prefix published, then the tile written. Values travel as int bits (float
     * bits for float32) in the low word, (epoch·4 + flag) in the high word, as in scan.cl.
     */
    static WorkGroupKernel singlePassKernel(ElemType t, ScanOp op) {
        boolean fl = t == ElemType.FLOAT;
        return g -> {
            int items = ScanSpec.ITEMS.in(g.constants());
            if (java.util.stream.Stream.of(ScanSpec.LOOKBACK, ScanSpec.RAKE, ScanSpec.WARP, ScanSpec.PREFETCH, ScanSpec.COALESCE)
                    .anyMatch(k -> k.in(g.constants()) != 0)) {
                // schedules of the OpenCL kernel only: the row would claim a schedule that did not run
                throw new IllegalArgumentException("the Java work-group single-pass kernel has one schedule (lookback=0, rake=0, warp=0, prefetch=0, coalesce=0)");
            }
            dev.perfport.core.wg.GlobalLongs status = g.longs(2);
            GlobalInts next = g.ints(3);
            int n = g.intArg(4), epoch = g.intArg(5);
            int k = (int) g.numGroups(0);
            int tileElems = g.localItems() * items;
            int tiles = (int) ((n + (long) tileElems - 1) / tileElems);
            GlobalInts ini = fl ? null : g.ints(0), outi = fl ? null : g.ints(1);
            dev.perfport.core.wg.GlobalFloats inf = fl ? g.floats(0) : null, outf = fl ? g.floats(1) : null;
            long ops = 0;
            while (true) {
                int tile = next.atomicAdd(0, 1);
                if (tile == tiles + k - 1) next.setVolatile(0, 0);   // the launch's last increment resets it
                if (tile >= tiles) break;
                int from = tile * tileElems, to = (int) Math.min(n, (long) from + tileElems);
                int aggBits;
                if (fl) {
                    float a = op.identityFloat();
                    for (int i = from; i < to; i++) a = op.combine(a, inf.get(i));
                    aggBits = Float.floatToRawIntBits(a);
                } else {
                    int a = op.identityInt();
                    for (int i = from; i < to; i++) a = op.combine(a, ini.get(i));
                    aggBits = a;
                }
                int exclBits = fl ? Float.floatToRawIntBits(op.identityFloat()) : op.identityInt();
                if (tile == 0) {
                    status.setVolatile(0, word(epoch, SP_PREFIX, aggBits));
                } else {
                    status.setVolatile(tile, word(epoch, SP_AGGREGATE, aggBits));
                    int j = tile - 1;
                    long spins = 0, deadline = 0;
                    while (true) {
                        long w = status.getVolatile(j);
                        int tag = (int) (w >>> 32);
                        if (tag >> 2 != epoch) {
                            Thread.yield();
                            if ((++spins & 1023) == 0) {
                                long now = System.nanoTime();
                                if (deadline == 0) deadline = now + TimeUnit.SECONDS.toNanos(SPIN_LIMIT_SECONDS);
                                else if (now - deadline > 0) {
                                    throw new IllegalStateException("work-group " + g.groupLinearId() + " waited " + SPIN_LIMIT_SECONDS
                                            + " s for tile " + j + " to publish its aggregate: a tile was taken by a group that is not running");
                                }
                            }
                            continue;
                        }
                        int v = (int) w;
                        exclBits = fl ? Float.floatToRawIntBits(op.combine(Float.intBitsToFloat(v), Float.intBitsToFloat(exclBits)))
                                : op.combine(v, exclBits);
                        if ((tag & 3) == SP_PREFIX) break;
                        j--;
                    }
                    int incl = fl ? Float.floatToRawIntBits(op.combine(Float.intBitsToFloat(exclBits), Float.intBitsToFloat(aggBits)))
                            : op.combine(exclBits, aggBits);
                    status.setVolatile(tile, word(epoch, SP_PREFIX, incl));
                }
                if (fl) {
                    float run = Float.intBitsToFloat(exclBits);
                    for (int i = from; i < to; i++) {
                        float v = inf.get(i);
                        outf.set(i, run);
                        run = op.combine(run, v);
                    }
                } else {
                    int run = exclBits;
                    for (int i = from; i < to; i++) {
                        int v = ini.get(i);
                        outi.set(i, run);
                        run = op.combine(run, v);
                    }
                }
                ops += 2L * (to - from);
            }
            g.ops(fl ? Op.FLOAT : Op.INT, ops);
            g.ops(Op.INT, 2 * ops);
        };
    }

    private static long word(int epoch, int flag, int bits) {
        return ((long) (epoch * 4 + flag) << 32) | (bits & 0xFFFFFFFFL);
    }
//#elif R=aparapi
    // its own form for V1, Scan⁺ (SUM through atomics: no volatile pointers) and single-pass (TornadoVM declines it)
    /** The operator constant: 0 add, 1 max. */
    static final String OP_MAX = "OP_MAX";

    private static final String[] SINGLE_PASS_FIELDS = {"in", "out", "status", "next", "n", "epoch", "x"};

    /**
     * The schedule constants of scan.cl's single-pass kernel that the Aparapi kernel does not
     * express, and why: it has the default schedule (each 0), with STRIPED 0 or 1.
     */
    static final java.util.Map<String, String> SINGLE_PASS_UNEXPRESSED = java.util.Map.of(
            "LOOKBACK", "the register window needs a volatile 64-bit load",
            "RAKE", "only the Hillis-Steele scan of the work-items' totals is written",
            "WARP", "Aparapi 3.0.2 has no warp shuffles or ballots",
            "PREFETCH", "not written (it measured slower on jocl)",
            "COALESCE", "Aparapi 3.0.2 has no warp shuffles or vector loads");

    /**
     * {opMax, items, striped} of a single-pass kernel, after refusing what it does not express
     * ({@link UnsupportedFeatureException}: a point the tuner records as refused, not as a build error).
     */
    static int[] singlePass(Constants c, int expectedFloat) {
        int op = op(c, expectedFloat);
        for (var e : SINGLE_PASS_UNEXPRESSED.entrySet()) {
            if (c.has(e.getKey()) && c.getInt(e.getKey()) != 0) {
                throw new UnsupportedFeatureException("Aparapi's single-pass scan has scan.cl's default schedule (and striped) only; "
                        + e.getKey().toLowerCase(java.util.Locale.ROOT) + "=" + c.getInt(e.getKey()) + " is not expressed ("
                        + e.getValue() + ")");
            }
        }
        if (c.has(dev.perfport.core.kernel.KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS)) {
            throw new UnsupportedFeatureException("Aparapi passes no build options, so a register cap (regs) is not expressed");
        }
        int items = c.has("ITEMS") ? c.getInt("ITEMS") : 8;
        if (items < 1 || items > SP_MAX_ITEMS) {
            throw new IllegalArgumentException("ITEMS must be in [1, " + SP_MAX_ITEMS + "], got " + items);
        }
        int striped = c.has("STRIPED") ? c.getInt("STRIPED") : 0;
        if (striped != 0 && striped != 1) throw new IllegalArgumentException("STRIPED must be 0 or 1, got " + striped);
        return new int[]{op, items, striped};
    }

    /** The OP_MAX constant (0 add, 1 max), after checking that FLOAT names the kernel's element type. */
    static int op(Constants c, int expectedFloat) {
        if (c.has("FLOAT") && c.getInt("FLOAT") != expectedFloat) {
            throw new IllegalArgumentException("constant FLOAT=" + c.getInt("FLOAT") + " does not match the "
                    + (expectedFloat == 1 ? "float" : "int") + " kernel; the element type is part of the kernel name");
        }
        int op = c.has(OP_MAX) ? c.getInt(OP_MAX) : 0;
        if (op != 0 && op != 1) throw new IllegalArgumentException(OP_MAX + " must be 0 (add) or 1 (max), got " + op);
        return op;
    }

    /** The single-pass look-back window: tiles read at once, as scan.cl's SP_WINDOW. */
    static final int SP_WINDOW = 32;
    /** The largest ITEMS the single-pass kernels hold in private memory (the workload's limit). */
    static final int SP_MAX_ITEMS = 64;
    /** A single-pass tile's flags, below the epoch in its status word: scan.cl's two, and one for a prefix being written. */
    static final int SP_AGGREGATE = 1, SP_PREFIX = 2, SP_BUSY = 3;

//#def opMaxCtor
        $K$$Ty$(int opMax) {
            super(opMax);
        }
//#end
//#def sizes
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
//#end
//#def upSweep
            load(0, base, lid, wg);
            localBarrier();
            for (int d = 0; d < levels; d++) {
                if (lid < (m >> (d + 1))) upOp(0, d, lid);
                localBarrier();
            }
//#end
//#def downSweep
            localBarrier();
            for (int d = levels - 1; d >= 0; d--) {
                if (lid < (m >> (d + 1))) downOp(0, d, lid);
                localBarrier();
            }
            store(0, base, lid, wg);
//#end
//#for T=int,float  Ty=Int,Float  zero=0,0f  maxId=Integer.MIN_VALUE,Float.NEGATIVE_INFINITY  F=0,1
    /** Fields and tree steps of the $T$ scan kernels. */
    public abstract static class Scan$Ty$ extends PerfportKernel {
        $T$[] in;
        $T$[] out;
        $T$[] sums;
        int n;
        @Local $T$[] x;
        /** 1: max, 0: add (the constant OP_MAX). */
        final int opMax;
        /** The operator's identity: 0, or $maxId$ for max. */
        final $T$ identity;

        Scan$Ty$(int opMax) {
            this.opMax = opMax;
            this.identity = opMax != 0 ? $maxId$ : $zero$;
        }

        /** The operator: the same expression as the OpenCL macro ({@code a > b ? a : b} for max, so ties keep b); not final, so that {@link Specialiser} folds opMax into it. */
        protected $T$ op($T$ a, $T$ b) {
            return opMax != 0 ? (a > b ? a : b) : a + b;
        }

        /** log2 of m, a power of two. */
        protected final int log2(int m) {
            int levels = 0;
            while ((1 << levels) < m) levels++;
            return levels;
        }

        /** Up-sweep step d, pair j, of the tree at offset o of x. */
        protected final void upOp(int o, int d, int j) {
            int l = o + ((j * 2 + 1) << d) - 1;
            int r = o + ((j * 2 + 2) << d) - 1;
            x[r] = op(x[l], x[r]);
        }

        /** Down-sweep step d, pair j, of the tree at offset o of x. */
        protected final void downOp(int o, int d, int j) {
            int l = o + ((j * 2 + 1) << d) - 1;
            int r = o + ((j * 2 + 2) << d) - 1;
            $T$ t = x[l];
            x[l] = x[r];
            x[r] = op(x[r], t);
        }

        /** Work-item lid loads elements lid and lid + wg of the block at base into the tree at o, identity past n. */
        protected final void load(int o, int base, int lid, int wg) {
            x[o + lid] = base + lid < n ? in[base + lid] : identity;
            x[o + lid + wg] = base + lid + wg < n ? in[base + lid + wg] : identity;
        }

        protected final void store(int o, int base, int lid, int wg) {
            if (base + lid < n) out[base + lid] = x[o + lid];
            if (base + lid + wg < n) out[base + lid + wg] = x[o + lid + wg];
        }
    }


    /** What V1 and Scan⁺ share: SUM as atomics, the counter, and the end of the protocol. */
    public abstract static class StaticScan$Ty$ extends Scan$Ty$ {
//#if T=float
        /** SUM, one element per static group, as the bits of float values. */
//#else
        /** SUM, one element per static group, as atomic int values. */
//#end
        AtomicInteger[] sumBits;
        /** counter[0]: the k+1 counter; counter[1]: groups that scanned SUM. */
        int[] counter;

//#use opMaxCtor K=StaticScan

        protected final $T$ sumGet(int i) {
//#if T=float
            return Float.intBitsToFloat(atomicAdd(sumBits[i], 0));
//#else
            return atomicAdd(sumBits[i], 0);
//#end
        }

        protected final void sumSet(int i, $T$ v) {
//#if T=float
            atomicXchg(sumBits[i], Float.floatToRawIntBits(v));
//#else
            atomicXchg(sumBits[i], v);
//#end
        }

        /**
         * The end of V1 and Scan⁺ (seed 003 §3.4, Fig. 7): publish the carry, count down, the last
         * group scans SUM, the others wait for it and add their SUM prefix to their blocks.
         */
        protected final void finish(int carry, int lid, int wg) {
            int sg = getGroupId(0);
            int k = getNumGroups(0);
            int m = 2 * wg;
            int s = (int) (((long) ppTasks * sg) / k);
            int e = (int) (((long) ppTasks * (sg + 1)) / k);
            if (lid == 0) sumSet(sg, x[carry]);
            localGlobalBarrier();
            if (lid == 0) {
                int old = atomicAdd(counter, 0, -1);
                countGlobalAtomic();
                if (old == 2) {                      // the last to finish
                    $T$ acc = identity;
                    for (int i = 0; i < k; i++) {
                        $T$ v = sumGet(i);
                        sumSet(i, acc);
                        acc = op(acc, v);
                    }
                    atomicAdd(counter, 1, 1);
                    countGlobalAtomic();
                    atomicAdd(counter, 0, -1);
                    countGlobalAtomic();
                }
                if (sg != 0) {
                    while (atomicAdd(counter, 0, 0) != 0) {
                        // an atomic read each time round; the groups are co-resident (k <= residency)
                    }
                    x[carry] = sumGet(sg);
                }
            }
            localGlobalBarrier();
            if (sg != 0) {
                $T$ p = x[carry];
                int to = e * m < n ? e * m : n;
                // work-item lid wrote elements lid and lid + wg of every block, so it updates them itself
                for (int i = s * m + lid; i < to; i += wg) out[i] = op(p, out[i]);
            }
        }
    }

    /** V1: one kernel on k static work-groups; x holds one tree of m elements, then the carry. */
    public static final class V1$Ty$ extends StaticScan$Ty$ {
//#use opMaxCtor K=V1

        @Override
        public void run() {
//#use sizes
            int carry = m;
            if (lid == 0) x[carry] = identity;
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int base = t * m;
//#use upSweep
                if (lid == 0) {                      // block total into the carry, carry to the root
                    $T$ tot = x[m - 1];
                    x[m - 1] = x[carry];
                    x[carry] = op(x[carry], tot);
                }
//#use downSweep
            }
            finish(carry, lid, wg);
        }
    }

    /**
     * Scan⁺: the down-sweep of task t runs in the same steps as the up-sweep of task t+1; x holds
     * two trees of m elements (offsets 0 and m), then the carry at 2m.
     */
    public static final class Plus$Ty$ extends StaticScan$Ty$ {
//#use opMaxCtor K=Plus

        @Override
        public void run() {
//#use sizes
            int carry = 2 * m;
            int cur = 0;                             // tree of the previous task, waiting for its down-sweep
            int prev = -1;
            if (lid == 0) x[carry] = identity;
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int nxt = m - cur;
                load(nxt, t * m, lid, wg);
                localBarrier();
                for (int s = 0; s < levels; s++) {
                    if (lid < (m >> (s + 1))) upOp(nxt, s, lid);
                    int q = wg - 1 - lid;
                    int d = levels - 1 - s;
                    if (prev >= 0 && q < (m >> (d + 1))) downOp(cur, d, q);
                    localBarrier();
                }
                if (prev >= 0) store(cur, prev * m, lid, wg);
                if (lid == 0) {
                    $T$ tot = x[nxt + m - 1];
                    x[nxt + m - 1] = x[carry];
                    x[carry] = op(x[carry], tot);
                }
                // no barrier: the next load writes, per work-item, exactly the elements it just stored;
                // the barrier after that load orders the root update before step 0
                prev = t;
                cur = nxt;
            }
            localBarrier();                          // the last task's down-sweep on its own
            for (int d = levels - 1; d >= 0; d--) {
                if (prev >= 0 && lid < (m >> (d + 1))) downOp(cur, d, lid);
                localBarrier();
            }
            if (prev >= 0) store(cur, prev * m, lid, wg);
            finish(carry, lid, wg);
        }
    }

    /**
     * Single-pass (not a paper variant): scan.cl's {@code scan_single_pass} with its default
     * schedule (LOOKBACK, RAKE, WARP, PREFETCH and COALESCE 0), STRIPED 0 or 1 (Aparapi has no vector
     * loads: its coalesced tile is element by element). k persistent groups take tiles of
     * wg·items elements from the ticket counter {@code next}; a group scans its tile (items per work-item,
     * then a Hillis-Steele scan of the work-items' totals), publishes the tile's aggregate, looks back over
     * its predecessors' words in windows of {@value ScanKernels#SP_WINDOW} until it meets an inclusive
     * prefix, publishes its own and writes the tile. Its barriers are scan.cl's.
     *
     * <p>What differs from the OpenCL C, and why. scan.cl packs a tile's value and (epoch·4 + flag) in one
     * 64-bit word, written by one store and read by one volatile load. Aparapi 3.0.2 has neither 64-bit
     * atomics, nor volatile loads, nor a fence outside a group barrier; its coherent accesses are atomics on
     * an {@code int[]}. So:
     * <ul>
     *   <li>the long status buffer is bound as int pairs: [2t] the value's bits, [2t + 1] epoch·4 + flag;</li>
     *   <li>every access to it is an atomic, and each of a work-item's accesses takes the value the one
     *       before it returned into its index ({@link #after}, always + 0): it cannot be issued before
     *       that one is done, so they take effect in program order without a fence;</li>
     *   <li>a tile's inclusive prefix replaces its aggregate in the same value word, so it first sets the
     *       flag {@link ScanKernels#SP_BUSY}, then writes the value, then sets
     *       {@link ScanKernels#SP_PREFIX}; a reader takes a word only when the flag it read before the
     *       value equals the flag it read after it and is not busy (a sequence lock).</li>
     * </ul>
     * The look-back thus makes three dependent atomics per word where scan.cl makes one load.
     */
    public static class SinglePass$Ty$ extends Scan$Ty$ {
        /** The status words as int pairs: [2t] the value's bits, [2t + 1] epoch·4 + flag (the long buffer's view). */
        int[] status;
        /** The tile counter; the launch's last take sets it back to 0. */
        int[] next;
        /** The host's epoch of this launch, in [1, 2^29]: words of earlier launches are stale without clearing them. */
        int epoch;
        /** The look-back window: flags, values, and flags read again. */
        @Local int[] look = new int[3 * SP_WINDOW];
        /**
         * Work-item 0's notes: the tile taken, whether the look-back is done, the next tile to read, how many words
         * the next round reads, and the tile's value and flag words as they were before this launch wrote them.
         */
        @Local int[] ctrl = new int[6];
        /** The tile's exclusive prefix, from work-item 0. */
        @Local $T$[] prefix = new $T$[1];
        /** The work-item's elements; {@link Specialiser} makes items a constant, so only items of them live, in registers. */
        @PrivateMemorySpace(SP_MAX_ITEMS) $T$[] v = new $T$[SP_MAX_ITEMS];
        /** Elements per work-item (ITEMS). */
        final int items;
        /** STRIPED: 1 loads and stores the tile coalesced, through local memory (x[wg..]); 0 each work-item its own items. */
        final int striped;

        /** {opMax, items, striped}. */
        SinglePass$Ty$(int[] c) {
            super(c[0]);
            this.items = c[1];
            this.striped = c[2];
        }

        /** Every work-item thread of the Java thread pool runs a clone: it needs its elements of its own. */
        @Override
        public SinglePass$Ty$ clone() {
            SinglePass$Ty$ c = (SinglePass$Ty$) super.clone();
            c.v = new $T$[SP_MAX_ITEMS];
            return c;
        }

        /** Local memory beyond the 276 B the definition declares (scan.cl's look[32] of longs, three ints and the prefix). */
        @Override
        public long hiddenLocalBytes(long localItems) {
            return (3L * SP_WINDOW + 6) * Integer.BYTES + 4 - (8L * SP_WINDOW + 16 + 4);
        }

        /**
         * 0, computed from what an atomic returned: bit 31 of (r AND epoch), and epoch is below 2^31. No compiler can
         * know that, so an index plus this waits for r.
         */
        protected final int after(int r) {
            return (r & epoch) >>> 31;
        }

        /** Where element e of a striped tile sits after x's first wg: one pad element every 32 (scan.cl's SP_PAD). */
        protected final int padded(int e) {
            return e + (e >> 5);
        }

        /** One ticket: the last of the tiles + k takes (each group's one failed take) sets the counter back to 0. */
        protected final int take(int tiles, int k) {
            int taken = atomicAdd(next, 0, 1);
            if (taken == tiles + k - 1) atomicAdd(next, 0, -(tiles + k));
            return taken;
        }

        protected final int bits($T$ value) {
//#if T=float
            return Float.floatToRawIntBits(value);
//#else
            return value;
//#end
        }

        protected final $T$ value(int bits) {
//#if T=float
            return Float.intBitsToFloat(bits);
//#else
            return bits;
//#end
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int k = getNumGroups();
            int tileElems = wg * items;
            int tiles = (n + tileElems - 1) / tileElems;
            if (lid == 0) ctrl[0] = take(tiles, k);
            localBarrier();
            int tile = ctrl[0];
            while (tile < tiles) {                   // uniform in the group
                int tb = tile * tileElems;
                int base = tb + lid * items;
                // the tile's words as the last launch left them (issued now, used after the loads): a word is
                // written by adding the difference, Aparapi having no atomic store on an int[]
                int oldValue = 0;
                int oldFlag = 0;
                if (lid == 0) {
                    oldValue = atomicAdd(status, 2 * tile, 0);
                    oldFlag = atomicAdd(status, 2 * tile + 1, 0);
                }
                if (striped != 0) {
                    // coalesced: the group loads the tile element by element (a warp's load covers 128 consecutive
                    // bytes) into local memory, padded by one element every 32 against bank conflicts; each
                    // work-item then takes its items consecutive elements from there
                    for (int q = 0; q < items; q++) {
                        int e = q * wg + lid;
                        x[wg + padded(e)] = tb + e < n ? in[tb + e] : identity;
                    }
                } else if (base + items <= n) {
                    for (int j = 0; j < items; j++) v[j] = in[base + j];
                } else {
                    for (int j = 0; j < items; j++) v[j] = base + j < n ? in[base + j] : identity;
                }
                if (lid == 0) {
                    ctrl[3] = SP_WINDOW;
                    ctrl[4] = oldValue;
                    ctrl[5] = oldFlag;
                    prefix[0] = identity;
                }
                if (striped != 0) {
                    localBarrier();
                    for (int j = 0; j < items; j++) {
                        int e = lid * items + j;
                        v[j] = x[wg + padded(e)];
                    }
                }
                $T$ acc = identity;                  // the work-item's inclusive scan of its items
                for (int j = 0; j < items; j++) {
                    acc = op(acc, v[j]);
                    v[j] = acc;
                }
                x[lid] = acc;
                localBarrier();
                for (int off = 1; off < wg; off <<= 1) {   // inclusive scan of the work-items' totals
                    $T$ t = lid >= off ? x[lid - off] : identity;
                    localBarrier();
                    x[lid] = op(t, x[lid]);
                    localBarrier();
                }
                $T$ before = lid > 0 ? x[lid - 1] : identity;
                if (lid == 0) {                      // the aggregate, then its flag (the flag's index waits for the value)
                    int r = atomicAdd(status, 2 * tile, bits(x[wg - 1]) - ctrl[4]);
                    atomicAdd(status, 2 * tile + 1 + after(r), epoch * 4 + (tile == 0 ? SP_PREFIX : SP_AGGREGATE) - ctrl[5]);
                }
                int j = tile - 1;                    // uniform: the nearest tile not yet combined
                int done = tile == 0 ? 1 : 0;
                while (done == 0) {
                    // the words j, j-1, ...: flag, value, flag again, each read waiting for the one before; while the
                    // nearest is unpublished, only it is read (fewer atomics on the words every waiting group reads)
                    if (lid < ctrl[3]) {
                        int w = j - lid;
                        int f1 = 0;
                        int val = 0;
                        int f2 = 0;
                        if (w >= 0) {
                            f1 = atomicAdd(status, 2 * w + 1, 0);
                            val = atomicAdd(status, 2 * w + after(f1), 0);
                            f2 = atomicAdd(status, 2 * w + 1 + after(val), 0);
                        }
                        look[lid] = f1;
                        look[SP_WINDOW + lid] = val;
                        look[2 * SP_WINDOW + lid] = f2;
                    }
                    localBarrier();
                    if (lid == 0) {
                        int used = 0;
                        int stop = 0;
                        int found = 0;
                        $T$ excl = prefix[0];
                        for (int q = 0; q < SP_WINDOW; q++) {
                            int f = look[q];
                            if (stop == 0 && j - q >= 0 && q < wg && q < ctrl[3]) {   // a group under 32 reads wg words
                                if (f != look[2 * SP_WINDOW + q] || (f >> 2) != epoch || (f & 3) == SP_BUSY) {
                                    stop = 1;        // not yet published, or changing: read again
                                } else {
                                    excl = op(value(look[SP_WINDOW + q]), excl);
                                    used++;
                                    if ((f & 3) == SP_PREFIX) {
                                        found = 1;
                                        stop = 1;
                                    }
                                }
                            }
                        }
                        prefix[0] = excl;
                        ctrl[1] = found;
                        ctrl[2] = j - used;
                        ctrl[3] = used == 0 ? 1 : SP_WINDOW;
                    }
                    localBarrier();
                    done = ctrl[1];
                    j = ctrl[2];
                    localBarrier();                  // look and ctrl are rewritten next round
                }
                if (lid == 0 && tile > 0) {
                    // the inclusive prefix replaces the aggregate: busy, value, prefix, each waiting for the one before
                    $T$ agg = x[wg - 1];
                    int r = atomicAdd(status, 2 * tile + 1, SP_BUSY - SP_AGGREGATE);
                    r = atomicAdd(status, 2 * tile + after(r), bits(op(prefix[0], agg)) - bits(agg));
                    atomicAdd(status, 2 * tile + 1 + after(r), SP_PREFIX - SP_BUSY);
                }
                localBarrier();
                $T$ p0 = op(prefix[0], before);
                // exclusive: element j gets p0 combined with items 0..j-1
                if (striped != 0) {
                    x[wg + padded(lid * items)] = p0;
                    for (int q = 1; q < items; q++) {
                        int e = lid * items + q;
                        x[wg + padded(e)] = op(p0, v[q - 1]);
                    }
                    localBarrier();
                    for (int q = 0; q < items; q++) {
                        int e = q * wg + lid;
                        if (tb + e < n) out[tb + e] = x[wg + padded(e)];
                    }
                } else if (base + items <= n) {
                    out[base] = p0;
                    for (int q = 1; q < items; q++) out[base + q] = op(p0, v[q - 1]);
                } else {
                    if (base < n) out[base] = p0;
                    for (int q = 1; q < items; q++) {
                        if (base + q < n) out[base + q] = op(p0, v[q - 1]);
                    }
                }
                localBarrier();                      // x, prefix and ctrl are reused by the next tile
                if (lid == 0) ctrl[0] = take(tiles, k);
                localBarrier();
                tile = ctrl[0];
            }
        }
    }

//#register
KernelSpec.of("scan.v1.$T$", V1$Ty$.class, c -> new V1$Ty$(op(c, $F$)), "in", "out", "sumBits", "counter", "n", "x")
//#end
//#register
KernelSpec.of("scan.plus.$T$", Plus$Ty$.class, c -> new Plus$Ty$(op(c, $F$)), "in", "out", "sumBits", "counter", "n", "x")
//#end
//#register
KernelSpec.of("scan.single_pass.$T$", SinglePass$Ty$.class, c -> Specialiser.of(SinglePass$Ty$.class, singlePass(c, $F$)),
        SINGLE_PASS_FIELDS)
//#end
//#end
//#else
    // its own form for V1 and Scan⁺: a hidden ticket orders arrivals (its int atomics return nothing), CPU devices only
    /** Why TornadoVM has no single-pass scan: stated by a row that asks for one. */
    static final String SINGLE_PASS_DECLINED = "the single-pass look-back spins on status words that other work-groups publish, "
            + "and TornadoVM 5.2's Kernel API has no volatile or atomic load to read them with (its int atomics return nothing; "
            + "a plain load may read a stale cache line forever on a GPU)";

    @Override
    public List<Declined> declined() {
        return List.of(new Declined(TornadoKernel.class, "scan.single_pass.int", SINGLE_PASS_DECLINED),
                new Declined(TornadoKernel.class, "scan.single_pass.float", SINGLE_PASS_DECLINED));
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

    /**
     * Why V1 and Scan⁺ run on CPU devices only. TornadoVM 5.2's Kernel API lacks three things their protocol uses, so:
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
    static final String CPU_ONLY = "V1's wait needs a coherent read of the counter, and TornadoVM 5.2's Kernel API has no volatile"
            + " or atomic load (its int atomics return nothing); on a GPU the plain load may read a stale cache line forever";

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
//#for T=int,float  Ty=Int,Float  E=INT,FLOAT
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

//#register
new TornadoKernel("scan.v1.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, GLOBAL, INT, PRIVATE, INT, LOCAL, $E$), false, true, CPU_ONLY,
        a -> a.graph().task(a.task(), ScanTornado::v1$Ty$, a.context(), a.counters(), a.counting(), a.$T$s(0), a.$T$s(1),
                a.$T$s(2), a.ints(3), a.intArg(4), a.localLength(5), a.tasks(), levels(a.localSize(0)), opMax(a),
                ($T$) identity(a, $E$), a.ticket()))
//#end
//#register
new TornadoKernel("scan.plus.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, GLOBAL, INT, PRIVATE, INT, LOCAL, $E$), false, true, CPU_ONLY,
        a -> a.graph().task(a.task(), ScanTornado::plus$Ty$, a.context(), a.counters(), a.counting(), a.$T$s(0), a.$T$s(1),
                a.$T$s(2), a.ints(3), a.intArg(4), a.localLength(5), a.tasks(), levels(a.localSize(0)), opMax(a),
                ($T$) identity(a, $E$), a.ticket()))
//#end
//#end
//#end
//#def operator
//#if R=aparapi
        /** 1: max, 0: add (the constant OP_MAX). */
        final int opMax;
        /** The operator's identity: 0, or $maxId$ for max. */
        final $T$ identity;

        $K$$Ty$(int opMax) {
            this.opMax = opMax;
            this.identity = opMax != 0 ? $maxId$ : $zero$;
        }
//#end
//#end
//#for T=int,float  Ty=Int,Float  zero=0,0f  maxId=Integer.MIN_VALUE,Float.NEGATIVE_INFINITY  E=INT,FLOAT  F=0,1
//#if R=aparapi,tornado

    /** Harris, kernel 1: scans each block of m elements and writes its total to sums[group]. */
//#kernel scan.block.$T$ block$Ty$ in:$T$[] out:$T$[] sums:$T$[] n:int x:$T$[local] aparapi.factory="c -> new {class}(op(c, $F$))" tornado.extra="int levels=levels(a.localSize(0)), int opMax=opMax(a), $T$ identity=($T$) identity(a, $E$)"
//#setup
//#use operator K=Block
//#end
        int lid = $lid$;
        int wg = $lsize$;
        int m = 2 * wg;
        int group = $group$;
        int base = group * m;
//#if R=aparapi
        int levels = 0;                          // log2(m); TornadoVM takes it as an argument it compiles in
        while ((1 << levels) < m) levels++;
//#end
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
//#barrier
        for (int d = 0; d < levels; d++) {
            if (lid < (m >> (d + 1))) {
                int l = ((lid * 2 + 1) << d) - 1;
                int r = ((lid * 2 + 2) << d) - 1;
                $T$ a = x[l];
                $T$ b = x[r];
                x[r] = opMax == 1 ? (a > b ? a : b) : a + b;
            }
//#barrier
        }
        if (lid == 0) {
            sums.set(group, x[m - 1]);
            x[m - 1] = identity;
        }
//#barrier
        for (int d = levels - 1; d >= 0; d--) {
            if (lid < (m >> (d + 1))) {
                int l = ((lid * 2 + 1) << d) - 1;
                int r = ((lid * 2 + 2) << d) - 1;
                $T$ t = x[l];
                $T$ b = x[r];
                x[l] = b;
                x[r] = opMax == 1 ? (b > t ? b : t) : b + t;
            }
//#barrier
        }
        if (base + lid < n) {
            out.set(base + lid, x[lid]);
        }
        if (base + lid + wg < n) {
            out.set(base + lid + wg, x[lid + wg]);
        }
//#end

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
//#kernel scan.sequential.$T$ sequential$Ty$ sums:$T$[] count:int aparapi.factory="c -> new {class}(op(c, $F$))" tornado.extra="int opMax=opMax(a), $T$ identity=($T$) identity(a, $E$)"
//#setup
//#use operator K=Sequential
//#end
        if ($gid$ == 0) {
            $T$ acc = identity;
            for (int i = 0; i < count; i++) {
                $T$ v = sums.get(i);
                sums.set(i, acc);
                acc = opMax == 1 ? (acc > v ? acc : v) : acc + v;
            }
        }
//#end

    /** Harris, kernel 3: adds the scanned sums[group] to each element of its block (work-item lid: elements lid and lid + wg). */
//#kernel scan.add.$T$ add$Ty$ out:$T$[] sums:$T$[] n:int aparapi.factory="c -> new {class}(op(c, $F$))" tornado.extra="int opMax=opMax(a)"
//#setup
//#use operator K=Add
//#end
        int lid = $lid$;
        int wg = $lsize$;
        int base = $group$ * 2 * wg;
        $T$ p = sums.get($group$);
        if (base + lid < n) {
            $T$ v = out.get(base + lid);
            out.set(base + lid, opMax == 1 ? (p > v ? p : v) : p + v);
        }
        if (base + lid + wg < n) {
            $T$ v = out.get(base + lid + wg);
            out.set(base + lid + wg, opMax == 1 ? (p > v ? p : v) : p + v);
        }
//#end
//#end
//#end
