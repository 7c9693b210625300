package dev.perfport.backend.aparapi.kernels;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Aparapi classes of the scan kernels, one per kernel and element type from one source
 * (tools/KernelGen.java expands the template); {@link ScanKernels} says what they compute and
 * registers them.
 */
public final class ScanKernelClasses {
    /** The single-pass look-back window: tiles read at once, as scan.cl's SP_WINDOW. */
    static final int SP_WINDOW = 32;
    /** The largest ITEMS the single-pass kernels hold in private memory (the workload's limit). */
    static final int SP_MAX_ITEMS = 64;
    /** A single-pass tile's flags, below the epoch in its status word: scan.cl's two, and one for a prefix being written. */
    static final int SP_AGGREGATE = 1, SP_PREFIX = 2, SP_BUSY = 3;

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

    /**
     * Single-pass (issue 16, not a paper variant): scan.cl's {@code scan_single_pass} with its default
     * schedule (LOOKBACK, RAKE, WARP, PREFETCH and COALESCE 0), STRIPED 0 or 1 (Aparapi has no vector
     * loads: its coalesced tile is element by element). k persistent groups take tiles of
     * wg·items elements from the ticket counter {@code next}; a group scans its tile (items per work-item,
     * then a Hillis-Steele scan of the work-items' totals), publishes the tile's aggregate, looks back over
     * its predecessors' words in windows of {@value ScanKernelClasses#SP_WINDOW} until it meets an inclusive
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
     *       flag {@link ScanKernelClasses#SP_BUSY}, then writes the value, then sets
     *       {@link ScanKernelClasses#SP_PREFIX}; a reader takes a word only when the flag it read before the
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

//#end
}
