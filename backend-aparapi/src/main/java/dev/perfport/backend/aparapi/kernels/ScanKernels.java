package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The scan study of seed 003 (§3.4) as Aparapi kernels: the algorithms of the workloads module's
 * {@code scan.cl}, exclusive scan of int32 or float32 with add or max on blocks of m = 2·wg
 * elements (the work-efficient tree: up-sweep, down-sweep). One class per kernel and element type;
 * the definitions' {@code OP_MAX} constant becomes the field {@code opMax} and the operator's
 * identity the field {@code identity} (both set by the factory, as Aparapi has no preprocessor;
 * the identity is a kernel argument rather than a literal, so that -inf needs no OpenCL spelling).
 *
 * <ul>
 *   <li>{@code scan.block}, {@code scan.sequential}, {@code scan.add}: Harris' three kernels.</li>
 *   <li>{@code scan.v1}, {@code scan.plus}: one kernel on k static work-groups (BLOCKED tasks of m
 *       elements), ending with the counter protocol: each group publishes its carry in SUM and
 *       decrements the counter the host set to k+1; the group that takes it to 1 scans SUM, counts
 *       itself in counter[1] and takes the counter to 0; all groups but the first wait for 0 and add
 *       their SUM prefix. The three counter updates are counted global atomics, as on jocl.</li>
 * </ul>
 *
 * The wait in the protocol is legal only because k never exceeds the residency query. Aparapi
 * cannot declare {@code volatile} pointers, so SUM is bound as an {@code AtomicInteger[]} (values,
 * or float bits) and read and written with atomics ({@code atomicAdd(p, 0)}, {@code atomicXchg}),
 * which go to device-coherent memory; the wait reads the counter with {@code atomicAdd(counter, 0, 0)}.
 * A {@code localGlobalBarrier()} (a barrier with a global-memory fence) orders each group's SUM
 * write before its counter update, where the OpenCL kernel uses {@code mem_fence}.
 */
@AutoService(KernelLibrary.class)
public final class ScanKernels implements KernelLibrary {
    /** The operator constant: 0 add, 1 max. */
    static final String OP_MAX = "OP_MAX";

    /** Made by {@link java.util.ServiceLoader}. */
    public ScanKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("scan.block.int", BlockInt.class, c -> new BlockInt(op(c, 0)), "in", "out", "sums", "n", "x"),
                KernelSpec.of("scan.sequential.int", SequentialInt.class, c -> new SequentialInt(op(c, 0)), "sums", "count"),
                KernelSpec.of("scan.add.int", AddInt.class, c -> new AddInt(op(c, 0)), "out", "sums", "n"),
                KernelSpec.of("scan.v1.int", V1Int.class, c -> new V1Int(op(c, 0)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.plus.int", PlusInt.class, c -> new PlusInt(op(c, 0)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.block.float", BlockFloat.class, c -> new BlockFloat(op(c, 1)), "in", "out", "sums", "n", "x"),
                KernelSpec.of("scan.sequential.float", SequentialFloat.class, c -> new SequentialFloat(op(c, 1)), "sums", "count"),
                KernelSpec.of("scan.add.float", AddFloat.class, c -> new AddFloat(op(c, 1)), "out", "sums", "n"),
                KernelSpec.of("scan.v1.float", V1Float.class, c -> new V1Float(op(c, 1)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.plus.float", PlusFloat.class, c -> new PlusFloat(op(c, 1)), "in", "out", "sumBits", "counter", "n", "x"));
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

    // ---- int ------------------------------------------------------------------------------------

    /** Fields and tree steps of the int scan kernels. */
    public abstract static class ScanInt extends PerfportKernel {
        int[] in;
        int[] out;
        int[] sums;
        int n;
        @Local int[] x;
        /** 1: max, 0: add (the constant OP_MAX). */
        final int opMax;
        /** The operator's identity: 0, or Integer.MIN_VALUE for max. */
        final int identity;

        ScanInt(int opMax) {
            this.opMax = opMax;
            this.identity = opMax != 0 ? Integer.MIN_VALUE : 0;
        }

        /** The operator: the same expression as the OpenCL macro ({@code a > b ? a : b} for max, so ties keep b). */
        protected final int op(int a, int b) {
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
            int t = x[l];
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
    public static final class BlockInt extends ScanInt {
        BlockInt(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
            int group = getGroupId();
            int base = group * m;
            load(0, base, lid, wg);
            localBarrier();
            for (int d = 0; d < levels; d++) {
                if (lid < (m >> (d + 1))) upOp(0, d, lid);
                localBarrier();
            }
            if (lid == 0) {
                sums[group] = x[m - 1];
                x[m - 1] = identity;
            }
            localBarrier();
            for (int d = levels - 1; d >= 0; d--) {
                if (lid < (m >> (d + 1))) downOp(0, d, lid);
                localBarrier();
            }
            store(0, base, lid, wg);
        }
    }

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
    public static final class SequentialInt extends ScanInt {
        int count;

        SequentialInt(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int acc = identity;
            for (int i = 0; i < count; i++) {
                int v = sums[i];
                sums[i] = acc;
                acc = op(acc, v);
            }
        }
    }

    /** Harris, kernel 3: adds the scanned sums[group] to each element of its block. */
    public static final class AddInt extends ScanInt {
        AddInt(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int group = getGroupId();
            int base = group * 2 * wg;
            int p = sums[group];
            if (base + lid < n) out[base + lid] = op(p, out[base + lid]);
            if (base + lid + wg < n) out[base + lid + wg] = op(p, out[base + lid + wg]);
        }
    }

    /** What V1 and Scan⁺ share: SUM as atomics, the counter, and the end of the protocol. */
    public abstract static class StaticScanInt extends ScanInt {
        /** SUM, one element per static group, as atomic int values. */
        AtomicInteger[] sumBits;
        /** counter[0]: the k+1 counter; counter[1]: groups that scanned SUM. */
        int[] counter;

        StaticScanInt(int opMax) {
            super(opMax);
        }

        protected final int sumGet(int i) {
            return atomicAdd(sumBits[i], 0);
        }

        protected final void sumSet(int i, int v) {
            atomicXchg(sumBits[i], v);
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
                    int acc = identity;
                    for (int i = 0; i < k; i++) {
                        int v = sumGet(i);
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
                int p = x[carry];
                int to = e * m < n ? e * m : n;
                // work-item lid wrote elements lid and lid + wg of every block, so it updates them itself
                for (int i = s * m + lid; i < to; i += wg) out[i] = op(p, out[i]);
            }
        }
    }

    /** V1: one kernel on k static work-groups; x holds one tree of m elements, then the carry. */
    public static final class V1Int extends StaticScanInt {
        V1Int(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
            int carry = m;
            if (lid == 0) x[carry] = identity;
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int base = t * m;
                load(0, base, lid, wg);
                localBarrier();
                for (int d = 0; d < levels; d++) {
                    if (lid < (m >> (d + 1))) upOp(0, d, lid);
                    localBarrier();
                }
                if (lid == 0) {                      // block total into the carry, carry to the root
                    int tot = x[m - 1];
                    x[m - 1] = x[carry];
                    x[carry] = op(x[carry], tot);
                }
                localBarrier();
                for (int d = levels - 1; d >= 0; d--) {
                    if (lid < (m >> (d + 1))) downOp(0, d, lid);
                    localBarrier();
                }
                store(0, base, lid, wg);
            }
            finish(carry, lid, wg);
        }
    }

    /**
     * Scan⁺: the down-sweep of task t runs in the same steps as the up-sweep of task t+1; x holds
     * two trees of m elements (offsets 0 and m), then the carry at 2m.
     */
    public static final class PlusInt extends StaticScanInt {
        PlusInt(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
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
                    int tot = x[nxt + m - 1];
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

    // ---- float ------------------------------------------------------------------------------------

    /** Fields and tree steps of the float scan kernels. */
    public abstract static class ScanFloat extends PerfportKernel {
        float[] in;
        float[] out;
        float[] sums;
        int n;
        @Local float[] x;
        /** 1: max, 0: add (the constant OP_MAX). */
        final int opMax;
        /** The operator's identity: 0, or Float.NEGATIVE_INFINITY for max. */
        final float identity;

        ScanFloat(int opMax) {
            this.opMax = opMax;
            this.identity = opMax != 0 ? Float.NEGATIVE_INFINITY : 0f;
        }

        /** The operator: the same expression as the OpenCL macro ({@code a > b ? a : b} for max, so ties keep b). */
        protected final float op(float a, float b) {
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
            float t = x[l];
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
    public static final class BlockFloat extends ScanFloat {
        BlockFloat(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
            int group = getGroupId();
            int base = group * m;
            load(0, base, lid, wg);
            localBarrier();
            for (int d = 0; d < levels; d++) {
                if (lid < (m >> (d + 1))) upOp(0, d, lid);
                localBarrier();
            }
            if (lid == 0) {
                sums[group] = x[m - 1];
                x[m - 1] = identity;
            }
            localBarrier();
            for (int d = levels - 1; d >= 0; d--) {
                if (lid < (m >> (d + 1))) downOp(0, d, lid);
                localBarrier();
            }
            store(0, base, lid, wg);
        }
    }

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
    public static final class SequentialFloat extends ScanFloat {
        int count;

        SequentialFloat(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            float acc = identity;
            for (int i = 0; i < count; i++) {
                float v = sums[i];
                sums[i] = acc;
                acc = op(acc, v);
            }
        }
    }

    /** Harris, kernel 3: adds the scanned sums[group] to each element of its block. */
    public static final class AddFloat extends ScanFloat {
        AddFloat(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int group = getGroupId();
            int base = group * 2 * wg;
            float p = sums[group];
            if (base + lid < n) out[base + lid] = op(p, out[base + lid]);
            if (base + lid + wg < n) out[base + lid + wg] = op(p, out[base + lid + wg]);
        }
    }

    /** What V1 and Scan⁺ share: SUM as atomics, the counter, and the end of the protocol. */
    public abstract static class StaticScanFloat extends ScanFloat {
        /** SUM, one element per static group, as the bits of float values. */
        AtomicInteger[] sumBits;
        /** counter[0]: the k+1 counter; counter[1]: groups that scanned SUM. */
        int[] counter;

        StaticScanFloat(int opMax) {
            super(opMax);
        }

        protected final float sumGet(int i) {
            return Float.intBitsToFloat(atomicAdd(sumBits[i], 0));
        }

        protected final void sumSet(int i, float v) {
            atomicXchg(sumBits[i], Float.floatToRawIntBits(v));
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
                    float acc = identity;
                    for (int i = 0; i < k; i++) {
                        float v = sumGet(i);
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
                float p = x[carry];
                int to = e * m < n ? e * m : n;
                // work-item lid wrote elements lid and lid + wg of every block, so it updates them itself
                for (int i = s * m + lid; i < to; i += wg) out[i] = op(p, out[i]);
            }
        }
    }

    /** V1: one kernel on k static work-groups; x holds one tree of m elements, then the carry. */
    public static final class V1Float extends StaticScanFloat {
        V1Float(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
            int carry = m;
            if (lid == 0) x[carry] = identity;
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int base = t * m;
                load(0, base, lid, wg);
                localBarrier();
                for (int d = 0; d < levels; d++) {
                    if (lid < (m >> (d + 1))) upOp(0, d, lid);
                    localBarrier();
                }
                if (lid == 0) {                      // block total into the carry, carry to the root
                    float tot = x[m - 1];
                    x[m - 1] = x[carry];
                    x[carry] = op(x[carry], tot);
                }
                localBarrier();
                for (int d = levels - 1; d >= 0; d--) {
                    if (lid < (m >> (d + 1))) downOp(0, d, lid);
                    localBarrier();
                }
                store(0, base, lid, wg);
            }
            finish(carry, lid, wg);
        }
    }

    /**
     * Scan⁺: the down-sweep of task t runs in the same steps as the up-sweep of task t+1; x holds
     * two trees of m elements (offsets 0 and m), then the carry at 2m.
     */
    public static final class PlusFloat extends StaticScanFloat {
        PlusFloat(int opMax) {
            super(opMax);
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int wg = getLocalSize();
            int m = 2 * wg;
            int levels = log2(m);
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
                    float tot = x[nxt + m - 1];
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
}
