package dev.perfport.workloads.scan;

import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

/**
 * The phases of the Java scan kernels for one work-group and one element type: each method is
 * one barrier-separated phase (or the part of one that a single work-item does), written as a
 * loop over the work-items with the indexing of {@link ScanSchedule}. The kernels in
 * ScanGroups (from the shared template) are written once against this class; {@link Ints} and {@link Floats} hold
 * the type-specific loops, so that the virtual call is per phase, not per element.
 *
 * <p>A new instance serves one kernel invocation (kernels are shared by all workers; per-group
 * state must not live in the kernel object).
 *
 * <p>Compute is declared with {@link WorkGroup#ops}: the arithmetic of the operator as
 * {@code arith} (INT for int32, FLOAT for float32), {@value #INT_PER_OP} INT per tree op for its
 * indices, the local-memory loads and stores as LOCAL_MEM, and, for every barrier-separated
 * phase, a charge per work-item whether it is active or not: on the Cell each phase is a loop over
 * all work-items (the START/END loop fission of seed 003 §2.2) that runs the item's loop control
 * and activity test ({@value #PHASE_INT} INT) and reloads the private values it keeps across the
 * barrier from the local store ({@value #PHASE_LOCAL} LOCAL_MEM). That per-phase cost over mostly
 * idle work-items is the paper's problem P2, which Scan⁺ attacks by halving the phases.
 */
abstract class ScanTree {
    static final int INT_PER_OP = 3;
    /** INT charged per work-item and phase: the item loop's control and the activity test. */
    static final int PHASE_INT = 3;
    /** LOCAL_MEM charged per work-item and phase: its private values reloaded from the local store. */
    static final int PHASE_LOCAL = 2;

    final WorkGroup g;
    final ScanOp op;
    final int wg;
    final int m;
    final int levels;
    final Op arith;

    ScanTree(WorkGroup g, ScanOp op, Op arith) {
        this.g = g;
        this.op = op;
        this.wg = g.localItems();
        this.m = 2 * wg;
        this.levels = ScanSchedule.levels(m);
        this.arith = arith;
    }

    /** Charges one barrier-separated phase: the loop over all work-items, active or idle. */
    final void phase() {
        g.ops(Op.INT, (long) PHASE_INT * wg);
        g.ops(Op.LOCAL_MEM, (long) PHASE_LOCAL * wg);
    }

    final void chargeUp(long pairs) {
        g.ops(arith, pairs);
        g.ops(Op.INT, INT_PER_OP * pairs);
        g.ops(Op.LOCAL_MEM, 3 * pairs);
    }

    final void chargeDown(long pairs) {
        g.ops(arith, pairs);
        g.ops(Op.INT, INT_PER_OP * pairs);
        g.ops(Op.LOCAL_MEM, 4 * pairs);
    }

    final void chargeElements(long elements, long localAccesses) {
        g.ops(Op.INT, 2 * elements);
        g.ops(Op.LOCAL_MEM, localAccesses);
    }

    /** Phase: work-item lid loads elements lid and lid+wg of the block at {@code base} into tree {@code off}; identity past n. */
    abstract void load(int off, int base, int n);

    /** Work-item lid stores elements lid and lid+wg of tree {@code off} to the block at {@code base} (only those below n). */
    abstract void store(int off, int base, int n);

    /** Phase: up-sweep level d of tree {@code off}. */
    abstract void up(int off, int d);

    /** Phase: down-sweep level d of tree {@code off}. */
    abstract void down(int off, int d);

    /**
     * Phase: Scan⁺ step s: up-sweep level s of tree {@code upOff} (when {@code doUp}) and
     * down-sweep level L−1−s of tree {@code downOff} (when {@code doDown}), pairs assigned as in
     * {@link ScanSchedule#upPair} and {@link ScanSchedule#downPair}.
     */
    abstract void step(int upOff, int downOff, int s, boolean doUp, boolean doDown);

    /** Work-item 0: SUM[index] = root of tree {@code off}; root = identity (Harris). */
    abstract void rootToSum(int off, int index);

    /** Work-item 0: tot = root; root = carry; carry = carry ⊕ tot (V1, Scan⁺). */
    abstract void rootToCarry(int off, int carry);

    /** Work-item 0: local slot = identity. */
    abstract void identity(int slot);

    /** Work-item 0: SUM[index] = local slot. */
    abstract void slotToSum(int slot, int index);

    /** Work-item 0: local slot = SUM[index]. */
    abstract void sumToSlot(int index, int slot);

    /** One work-item: exclusive scan of SUM[0, count) in place. */
    abstract void scanSums(int count);

    /** Phase: out[i] = SUM[index] ⊕ out[i] for the block of m elements at {@code base}, i below n (Harris' third kernel). */
    abstract void addSum(int index, int base, int n);

    /** Phase: out[i] = slot ⊕ out[i] for i in [from, to), work-item lid taking from+lid, from+lid+wg, ... */
    abstract void addSlot(int slot, int from, int to);

//#for T=int,float  Ty=Int,Float  op=INT,FLOAT
    /** $T$32 trees. */
    static final class $Ty$s extends ScanTree {
        private final Global$Ty$s in, out, sums;
        private final $T$[] x;

        /** Argument indices of the input, output, SUM and the local tree memory; -1 where the kernel has none. */
        $Ty$s(WorkGroup g, ScanOp op, int inArg, int outArg, int sumsArg, int xArg) {
            super(g, op, Op.$op$);
            this.in = inArg < 0 ? null : g.$T$s(inArg);
            this.out = outArg < 0 ? null : g.$T$s(outArg);
            this.sums = sumsArg < 0 ? null : g.$T$s(sumsArg);
            this.x = xArg < 0 ? null : g.local$Ty$s(xArg);
        }

        @Override
        void load(int off, int base, int n) {
            $T$ id = op.identity$Ty$();
            for (int lid = 0; lid < wg; lid++) {
                int i = base + lid;
                x[off + lid] = i < n ? in.get(i) : id;
                x[off + lid + wg] = i + wg < n ? in.get(i + wg) : id;
            }
            phase();
            chargeElements(m, m);
        }

        @Override
        void store(int off, int base, int n) {
            for (int lid = 0; lid < wg; lid++) {
                int i = base + lid;
                if (i < n) out.set(i, x[off + lid]);
                if (i + wg < n) out.set(i + wg, x[off + lid + wg]);
            }
            chargeElements(m, m);
        }

        /** The up-sweep ops of level d on the tree at off, pair by pair; returns the pairs. */
        private int upOps(int off, int d) {
            int pairs = ScanSchedule.pairs(m, d);
            for (int j = 0; j < pairs; j++) {
                int l = off + ScanSchedule.left(d, j), r = off + ScanSchedule.right(d, j);
                x[r] = op.combine(x[l], x[r]);
            }
            return pairs;
        }

        /** The down-sweep ops of level d on the tree at off, pair by pair; returns the pairs. */
        private int downOps(int off, int d) {
            int pairs = ScanSchedule.pairs(m, d);
            for (int q = 0; q < pairs; q++) {
                int l = off + ScanSchedule.left(d, q), r = off + ScanSchedule.right(d, q);
                $T$ t = x[l];
                x[l] = x[r];
                x[r] = op.combine(x[r], t);
            }
            return pairs;
        }

        @Override
        void up(int off, int d) {
            int pairs = upOps(off, d);
            phase();
            chargeUp(pairs);
        }

        @Override
        void down(int off, int d) {
            int pairs = downOps(off, d);
            phase();
            chargeDown(pairs);
        }

        @Override
        void step(int upOff, int downOff, int s, boolean doUp, boolean doDown) {
            int d = levels - 1 - s;
            // The work-items wg-1-q (down-sweep) and j (up-sweep) of ScanSchedule touch disjoint
            // pairs of two different trees, so the host may run the ops pair by pair instead of
            // item by item: same result, without visiting the idle items (charged by phase()).
            if (doUp) upOps(upOff, s);
            if (doDown) downOps(downOff, d);
            phase();
            if (doUp) chargeUp(ScanSchedule.pairs(m, s));
            if (doDown) chargeDown(ScanSchedule.pairs(m, d));
        }

        @Override
        void rootToSum(int off, int index) {
            sums.set(index, x[off + m - 1]);
            x[off + m - 1] = op.identity$Ty$();
            phase();
            g.ops(Op.LOCAL_MEM, 2);
        }

        @Override
        void rootToCarry(int off, int carry) {
            $T$ tot = x[off + m - 1];
            x[off + m - 1] = x[carry];
            x[carry] = op.combine(x[carry], tot);
            phase();
            g.ops(arith, 1);
            g.ops(Op.LOCAL_MEM, 4);
        }

        @Override
        void identity(int slot) {
            x[slot] = op.identity$Ty$();
            g.ops(Op.LOCAL_MEM, 1);
        }

        @Override
        void slotToSum(int slot, int index) {
            sums.set(index, x[slot]);
            g.ops(Op.LOCAL_MEM, 1);
        }

        @Override
        void sumToSlot(int index, int slot) {
            x[slot] = sums.getVolatile(index);   // written by the group that scanned SUM
            g.ops(Op.LOCAL_MEM, 1);
        }

        @Override
        void scanSums(int count) {
            $T$ acc = op.identity$Ty$();
            for (int i = 0; i < count; i++) {
                $T$ v = sums.getVolatile(i);     // other groups' totals
                sums.set(i, acc);
                acc = op.combine(acc, v);
            }
            g.ops(arith, count);
            g.ops(Op.INT, 2L * count);
        }

        @Override
        void addSum(int index, int base, int n) {
            $T$ p = sums.get(index);
            int end = Math.min(n, base + m);
            for (int i = base; i < end; i++) out.set(i, op.combine(p, out.get(i)));
            phase();
            g.ops(arith, Math.max(0, end - base));
            g.ops(Op.INT, 2L * Math.max(0, end - base));
        }

        @Override
        void addSlot(int slot, int from, int to) {
            $T$ p = x[slot];
            // the order over i is the order of the work-items' strided loops, interleaved
            for (int i = from; i < to; i++) out.set(i, op.combine(p, out.get(i)));
            phase();
            g.ops(arith, Math.max(0, to - from));
            g.ops(Op.INT, 2L * Math.max(0, to - from));
        }
    }
//#end
}
