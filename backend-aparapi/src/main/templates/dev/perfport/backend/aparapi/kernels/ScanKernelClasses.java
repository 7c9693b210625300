package dev.perfport.backend.aparapi.kernels;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Aparapi classes of the scan kernels, one per kernel and element type from one source
 * (tools/KernelGen.java expands the template); {@link ScanKernels} says what they compute and
 * registers them.
 */
public final class ScanKernelClasses {
    private ScanKernelClasses() {
    }

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
//#for T=int,float  Ty=Int,Float  zero=0,0f  maxId=Integer.MIN_VALUE,Float.NEGATIVE_INFINITY
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

        /** The operator: the same expression as the OpenCL macro ({@code a > b ? a : b} for max, so ties keep b). */
        protected final $T$ op($T$ a, $T$ b) {
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

    /** Harris, kernel 1: scans each block of m elements and writes its total to sums[group]. */
    public static final class Block$Ty$ extends Scan$Ty$ {
//#use opMaxCtor K=Block

        @Override
        public void run() {
//#use sizes
            int group = getGroupId();
            int base = group * m;
//#use upSweep
            if (lid == 0) {
                sums[group] = x[m - 1];
                x[m - 1] = identity;
            }
//#use downSweep
        }
    }

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
    public static final class Sequential$Ty$ extends Scan$Ty$ {
        int count;

//#use opMaxCtor K=Sequential

        @Override
        public void run() {
            $T$ acc = identity;
            for (int i = 0; i < count; i++) {
                $T$ v = sums[i];
                sums[i] = acc;
                acc = op(acc, v);
            }
        }
    }

    /** Harris, kernel 3: adds the scanned sums[group] to each element of its block. */
    public static final class Add$Ty$ extends Scan$Ty$ {
//#use opMaxCtor K=Add

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int group = getGroupId();
            int base = group * 2 * wg;
            $T$ p = sums[group];
            if (base + lid < n) out[base + lid] = op(p, out[base + lid]);
            if (base + lid + wg < n) out[base + lid + wg] = op(p, out[base + lid + wg]);
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

//#end
}
