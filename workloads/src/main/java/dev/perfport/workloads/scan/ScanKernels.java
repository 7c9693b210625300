package dev.perfport.workloads.scan;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.concurrent.TimeUnit;

/**
 * The kernels of the scan study (seed 003 §3.4), one definition per element type (int32, float32)
 * with OpenCL C ({@code scan.cl}) and Java work-group implementations of the same algorithms. The
 * operator is the constant {@code OP_MAX} (0 add, 1 max; see {@link ScanOp}); {@code FLOAT}
 * selects the OpenCL element type.
 *
 * <p>Arguments:
 * <ul>
 *   <li>{@code scan.block}: in, out, sums, n, x (LOCAL, m = 2·wg elements);</li>
 *   <li>{@code scan.sequential}: sums, count (one work-item);</li>
 *   <li>{@code scan.add}: out, sums, n;</li>
 *   <li>{@code scan.v1} and {@code scan.plus} (static work-groups, BLOCKED mapping, tasks = blocks of
 *       m elements): in, out, sums (k elements), counter (int[2]: the k+1 counter and the number
 *       of groups that scanned SUM), n, x (LOCAL: m + 1 elements for V1, 2m + 1 for Scan⁺; the
 *       last is the running carry).</li>
 * </ul>
 */
public final class ScanKernels {
    static final String SOURCE = Sources.load(ScanKernels.class, "scan.cl");
    /** The operator constant: 0 add, 1 max. */
    public static final String OP_MAX = "OP_MAX";
    /**
     * How long a Java static group waits for the V1 counter before it gives up. The wait is legal
     * only because all k groups are co-resident; if one of them failed, the others would spin
     * forever on an emulator worker nobody can stop, so they fail after this long instead.
     */
    static final long SPIN_LIMIT_SECONDS = 300;

    private ScanKernels() {
    }

    /** Harris, kernel 1: scans each block of m elements and writes its total to sums[group]. */
    public static KernelDef block(ElemType t) {
        return base("scan.block." + t.clName(), t, "scan_block")
                .global("in", t, Access.READ).global("out", t, Access.WRITE).global("sums", t, Access.WRITE)
                .scalar("n", ElemType.INT).local("x", t)
                .impl(KernelImpl.JavaWorkGroup.of(c -> blockKernel(t, op(c)), 0))
                .build();
    }

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
    public static KernelDef sequential(ElemType t) {
        return base("scan.sequential." + t.clName(), t, "scan_seq")
                .global("sums", t, Access.READ_WRITE).scalar("count", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> sequentialKernel(t, op(c)), 0))
                .build();
    }

    /** Harris, kernel 3: adds the scanned sums[group] to every element of its block. */
    public static KernelDef add(ElemType t) {
        return base("scan.add." + t.clName(), t, "scan_add")
                .global("out", t, Access.READ_WRITE).global("sums", t, Access.READ).scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> addKernel(t, op(c)), 0))
                .build();
    }

    /** V1: one kernel on k static work-groups. */
    public static KernelDef v1(ElemType t) {
        return staticBase("scan.v1." + t.clName(), t, "scan_v1")
                .impl(KernelImpl.JavaWorkGroup.of(c -> v1Kernel(t, op(c)), 0))
                .build();
    }

    /** Scan⁺: V1 with the down-sweep of each task interleaved with the up-sweep of the next. */
    public static KernelDef plus(ElemType t) {
        return staticBase("scan.plus." + t.clName(), t, "scan_plus")
                .impl(KernelImpl.JavaWorkGroup.of(c -> plusKernel(t, op(c)), 0))
                .build();
    }

    /**
     * Single-pass (issue 16, not a paper variant): decoupled look-back on k persistent groups
     * that take tiles of wg·ITEMS elements in increasing order from an atomic counter (an NDRange
     * of k groups: a group only ever waits for tiles taken before its own, so k need not respect
     * the residency query). Arguments: in, out, status (long, one word per tile, zero before the
     * first launch), next (int, zero before the first launch; the kernel leaves it at zero), n,
     * epoch (a new value above 0 for every launch), x (LOCAL, wg elements). Constant ITEMS (a
     * multiple of 4).
     */
    public static KernelDef singlePass(ElemType t) {
        return base("scan.single_pass." + t.clName(), t, "scan_single_pass")
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0, OP_MAX, 0, "ITEMS", 8, "STRIPED", 0, "LOOKBACK", 0, "RAKE", 0, "WARP", 0, "PREFETCH", 0, "COALESCE", 0))
                .global("in", t, Access.READ).global("out", t, Access.WRITE).global("status", ElemType.LONG, Access.READ_WRITE)
                .global("next", ElemType.INT, Access.READ_WRITE)
                .scalar("n", ElemType.INT).scalar("epoch", ElemType.INT).local("x", t)
                .declaredLocalBytes(c -> 8L * 32 + 16 + t.bytes())   // look[32], tile, ctrl, prefix
                .impl(KernelImpl.JavaWorkGroup.of(c -> singlePassKernel(t, op(c)), 0))
                .build();
    }

    private static KernelDef.Builder staticBase(String name, ElemType t, String entry) {
        return base(name, t, entry).form(LaunchForm.STATIC_GROUPS)
                .global("in", t, Access.READ).global("out", t, Access.READ_WRITE).global("sums", t, Access.READ_WRITE)
                .global("counter", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT).local("x", t);
    }

    private static KernelDef.Builder base(String name, ElemType t, String entry) {
        if (t != ElemType.INT && t != ElemType.FLOAT) throw new IllegalArgumentException("scan supports int and float, not " + t);
        return KernelDef.builder(name)
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0, OP_MAX, 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    /** Local elements V1 needs for a work-group of wg items: one tree and the carry. */
    public static long v1LocalElements(int wg) {
        return 2L * wg + 1;
    }

    /** Local elements Scan⁺ needs: two trees and the carry. */
    public static long plusLocalElements(int wg) {
        return 4L * wg + 1;
    }

    private static ScanOp op(Constants c) {
        return c.getInt(OP_MAX) != 0 ? ScanOp.MAX : ScanOp.ADD;
    }

    private static ScanTree tree(ElemType t, WorkGroup g, ScanOp op, int in, int out, int sums, int x) {
        return t == ElemType.INT ? new ScanTree.Ints(g, op, in, out, sums, x) : new ScanTree.Floats(g, op, in, out, sums, x);
    }

    // ---- Java work-group implementations ---------------------------------------------------

    private static WorkGroupKernel blockKernel(ElemType t, ScanOp op) {
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

    private static WorkGroupKernel sequentialKernel(ElemType t, ScanOp op) {
        return g -> tree(t, g, op, -1, -1, 0, -1).scanSums(g.intArg(1));
    }

    private static WorkGroupKernel addKernel(ElemType t, ScanOp op) {
        return g -> {
            ScanTree x = tree(t, g, op, -1, 0, 1, -1);
            int group = (int) g.groupLinearId();
            x.addSum(group, group * x.m, g.intArg(2));
        };
    }

    private static WorkGroupKernel v1Kernel(ElemType t, ScanOp op) {
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

    private static WorkGroupKernel plusKernel(ElemType t, ScanOp op) {
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
    private static WorkGroupKernel singlePassKernel(ElemType t, ScanOp op) {
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
}
