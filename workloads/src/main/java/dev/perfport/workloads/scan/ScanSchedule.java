package dev.perfport.workloads.scan;

import java.util.function.LongBinaryOperator;

/**
 * The tree schedule of the work-efficient block scan (Harris, Sengupta and Owens; seed 003 §3.4)
 * and of its interleaved form in Scan⁺, shared by the Java work-group kernels, {@code scan.cl}
 * (which spells out the same formulas) and the tests.
 *
 * <p>A block has m = 2·wg elements (m a power of two, L = log2 m levels) and is scanned by wg
 * work-items.
 * <ul>
 *   <li><b>Up-sweep</b> level d = 0 … L−1: pair j &lt; m / 2^(d+1) has
 *       {@code left = (2j+1)·2^d − 1}, {@code right = left + 2^d};
 *       {@code x[right] = x[left] ⊕ x[right]}. Work-item j does pair j.</li>
 *   <li>The root {@code x[m−1]} then holds the block total; it is replaced by the value the block
 *       is offset by (the identity in Harris' block scan, the running carry in V1 and Scan⁺).</li>
 *   <li><b>Down-sweep</b> level d = L−1 … 0, same pairs: {@code t = x[left]; x[left] = x[right];
 *       x[right] = x[right] ⊕ t} (the prefix stays on the left of ⊕).</li>
 * </ul>
 *
 * <p><b>Scan⁺ interleaving</b> (the paper's Fig. 8 is not in the text; this is the reconstruction
 * of the seed-003 digest §3.4, made exact). A static work-group keeps two trees in local memory.
 * While task t waits for its down-sweep, task t+1 is loaded and up-swept, and the two sweeps run
 * in the same L steps, one barrier after each:
 * <ul>
 *   <li>step s = 0 … L−1 does up-sweep level s of task t+1 (m / 2^(s+1) pairs: work-item j does
 *       pair j) and down-sweep level L−1−s of task t (2^s pairs: work-item wg−1−q does pair q, so
 *       that the down-sweep fills the work-items from the top while the up-sweep empties them from
 *       the bottom);</li>
 *   <li>so a work-item does at most one op of each sweep per step, at most wg+1 ops run per step,
 *       and exactly one work-item does both only at the first step (work-item wg−1: the last
 *       up-sweep pair at the leaves and the root of the down-sweep) and at the last step
 *       (work-item 0: the up-sweep root and one down-sweep pair at the leaves);</li>
 *   <li>after the L steps, in one phase without a barrier in between: task t is stored, one
 *       work-item moves the root of task t+1 into the carry (its total is known once its up-sweep
 *       is done): {@code tot = root; root = carry; carry = carry ⊕ tot}, and task t+2 is loaded
 *       into the tree task t used (each work-item loads the very elements it just stored, so no
 *       barrier is needed between the store and the load).</li>
 * </ul>
 * The first task of a group is up-swept alone and the last is down-swept alone. Per task this
 * takes L + 1 barrier phases (L steps, store/root/load) instead of V1's 2L + 2 (L up-sweep
 * levels, root, L down-sweep levels, store with the next load).
 */
public final class ScanSchedule {
    private ScanSchedule() {
    }

    /** log2 m, for a power of two m >= 2. */
    public static int levels(int m) {
        if (m < 2 || Integer.bitCount(m) != 1) throw new IllegalArgumentException("block size must be a power of two >= 2, got " + m);
        return Integer.numberOfTrailingZeros(m);
    }

    /** Pairs (active work-items) at tree level d of a block of m elements. */
    public static int pairs(int m, int d) {
        return m >> (d + 1);
    }

    /** Left index of pair j at level d. */
    public static int left(int d, int j) {
        return ((2 * j + 1) << d) - 1;
    }

    /** Right index of pair j at level d. */
    public static int right(int d, int j) {
        return ((2 * j + 2) << d) - 1;
    }

    /** The up-sweep pair work-item {@code lid} does at Scan⁺ step s, or -1. */
    public static int upPair(int m, int s, int lid) {
        return lid < pairs(m, s) ? lid : -1;
    }

    /** The down-sweep pair (at level L−1−s) work-item {@code lid} of {@code wg} does at Scan⁺ step s, or -1. */
    public static int downPair(int m, int s, int lid, int wg) {
        int q = wg - 1 - lid;
        return q < pairs(m, levels(m) - 1 - s) ? q : -1;
    }

    /**
     * What {@link #simulate} found besides the result.
     *
     * @param out                       the exclusive scan, offset by the carry in
     * @param carry                     the carry out: carry in ⊕ every element
     * @param phases                    barrier-separated phases the schedule took
     * @param doubleDutySteps           steps in which some work-item did an op of each sweep
     * @param maxDoubleDutyItemsPerStep most work-items doing both ops in one step
     * @param maxOpsPerStep             most ops in one step (at most wg + 1)
     */
    public record Simulation(long[] out, long carry, int phases, int doubleDutySteps,
                             int maxDoubleDutyItemsPerStep, int maxOpsPerStep) {
    }

    /**
     * Runs the Scan⁺ schedule of one static work-group on the host, work-item by work-item and
     * step by step exactly as {@code scan_plus} in {@code scan.cl} and the Java kernel do, over
     * the tasks (blocks of m elements) of {@code in}, padding the last block with the identity.
     * Returns the exclusive scan offset by {@code carryIn} and statistics of the schedule, so
     * that tests can hold it against a plain sequential scan.
     */
    public static Simulation simulate(long[] in, int wg, LongBinaryOperator op, long identity, long carryIn) {
        int m = 2 * wg;
        int levels = levels(m);
        int tasks = (in.length + m - 1) / m;
        long[] out = new long[in.length];
        long[][] tree = {new long[m], new long[m]};
        long carry = carryIn;
        int barriers = 0, doubleSteps = 0, maxDouble = 0, maxOps = 0;
        int cur = 0;
        int prev = -1;
        for (int t = 0; t < tasks; t++) {
            int nxt = 1 - cur;
            // region: (store and root of the previous iteration, then) the load of task t
            for (int lid = 0; lid < wg; lid++) {
                for (int e : new int[]{lid, lid + wg}) {
                    long i = (long) t * m + e;
                    tree[nxt][e] = i < in.length ? in[(int) i] : identity;
                }
            }
            barriers++;
            for (int s = 0; s < levels; s++) {
                int doubles = 0, ops = 0;
                for (int lid = 0; lid < wg; lid++) {
                    int up = upPair(m, s, lid);
                    int dn = prev >= 0 ? downPair(m, s, lid, wg) : -1;
                    if (up >= 0) {
                        upOp(tree[nxt], s, up, op);
                        ops++;
                    }
                    if (dn >= 0) {
                        downOp(tree[cur], levels - 1 - s, dn, op);
                        ops++;
                    }
                    if (up >= 0 && dn >= 0) doubles++;
                }
                if (doubles > 0) doubleSteps++;
                maxDouble = Math.max(maxDouble, doubles);
                maxOps = Math.max(maxOps, ops);
                barriers++;
            }
            if (prev >= 0) store(tree[cur], out, prev, m);
            long tot = tree[nxt][m - 1];
            tree[nxt][m - 1] = carry;
            carry = op.applyAsLong(carry, tot);
            prev = t;
            cur = nxt;
        }
        barriers++;
        for (int d = levels - 1; d >= 0; d--) {   // the last task's down-sweep on its own
            if (prev >= 0) for (int q = 0; q < pairs(m, d); q++) downOp(tree[cur], d, q, op);
            barriers++;
        }
        if (prev >= 0) store(tree[cur], out, prev, m);
        return new Simulation(out, carry, barriers + 1, doubleSteps, maxDouble, maxOps);
    }

    /** Barrier-separated phases V1 takes for the same tasks: per task L up-sweep levels, the root, L down-sweep levels and the store with the next load. */
    public static int v1Phases(int tasks, int m) {
        int levels = levels(m);
        return tasks * (2 * levels + 2) + 1;
    }

    private static void upOp(long[] x, int d, int j, LongBinaryOperator op) {
        x[right(d, j)] = op.applyAsLong(x[left(d, j)], x[right(d, j)]);
    }

    private static void downOp(long[] x, int d, int j, LongBinaryOperator op) {
        long tmp = x[left(d, j)];
        x[left(d, j)] = x[right(d, j)];
        x[right(d, j)] = op.applyAsLong(x[right(d, j)], tmp);
    }

    private static void store(long[] tree, long[] out, int task, int m) {
        for (int e = 0; e < m; e++) {
            long i = (long) task * m + e;
            if (i < out.length) out[(int) i] = tree[e];
        }
    }
}
