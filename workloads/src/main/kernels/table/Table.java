//#if R=wg
import dev.perfport.core.wg.GlobalDoubles;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
//#elif R=aparapi
import dev.perfport.core.kernel.Constants;
//#end
/**
 * The Einstein@Home proxy of seed 003 (§3.2, table.cl) in the Java routes. One work-group per
 * calculation group, each calculation reading a sin/cos table of TABLE_SIZE doubles in local memory
 * (table.local: every work-group builds it) or static local memory (table.static_local: built once
 * per unit, before its groups). Arguments follow the definitions (workloads' TableKernels): offsets,
 * ab, w, out, builds, iters, acc (LOCAL double[1]), table (LOCAL or STATIC_LOCAL double[2 ·
 * TABLE_SIZE]). Every build adds one to builds[0], a counted global atomic.
 *
 * <p>table.cl combines a group's results with double-precision atomic adds on local memory (a 64-bit
 * compare-and-swap). Aparapi and TornadoVM have neither 64-bit nor local atomics, so there each
 * work-item leaves its result in local memory (one double per work-item) and the group adds them in
 * a tree (any group size). The order of the additions differs from the atomics' (itself unordered);
 * the workload's relative tolerance (1e-12) covers both. Each route keeps its own form, saying why.
 */
//#if R=wg
    // its own form: the work-items of a group run in turn, so the combine is the local accumulator itself, with the emulator's cost charges
    /** INT charged per calculation step: its indices and loop. */
    static final int INT_PER_STEP = 5;

    /** The table in local memory, rebuilt by every work-group. */
    static WorkGroupKernel local() {
        return g -> {
            build(g, g.localDoubles(7));
            group(g, (int) g.groupLinearId(), g.localDoubles(7));
        };
    }

    /** The table in static local memory, built once per compute unit by its first work-group. */
    static WorkGroupKernel staticLocal() {
        return g -> {
            double[] table = g.localDoubles(7);
            if (g.firstGroupOnUnit()) build(g, table);
            group(g, (int) g.groupLinearId(), table);
        };
    }

    /** Phase: the work-items build the table together (item lid builds entries lid, lid + L, ...) and count the build. */
    private static void build(WorkGroup g, double[] table) {
        int size = g.constants().getInt(TableKernels.TABLE_SIZE);
        for (int i = 0; i < size; i++) {
            double phase = 2.0 * Math.PI * i / size;
            table[i] = Math.sin(phase);
            table[size + i] = Math.cos(phase);
        }
        g.ints(4).atomicAdd(0, 1);
        g.ops(Op.SPECIAL, 2L * size);
        g.ops(Op.DOUBLE, 2L * size);
        g.ops(Op.INT, 3L * size);
        g.ops(Op.LOCAL_MEM, 2L * size);
    }

    /** One calculation group: idle work-items past its size; the active ones combine through the local accumulator. */
    private static void group(WorkGroup g, int group, double[] table) {
        GlobalInts offsets = g.ints(0), ab = g.ints(1);
        GlobalDoubles w = g.doubles(2);
        int iters = g.intArg(5);
        double[] acc = g.localDoubles(6);
        int size = table.length / 2;
        int mask = size - 1;
        acc[0] = 0;   // work-item 0, then a barrier
        int first = offsets.get(group), count = offsets.get(group + 1) - first;
        int active = Math.min(count, g.localItems());
        for (int lid = 0; lid < active; lid++) {
            int c = first + lid;
            int a = ab.get(2 * c), b = ab.get(2 * c + 1);
            double s = 0;
            for (int j = 0; j < iters; j++) {
                int p = (a + j * b) & mask;
                int q = (p + j) & mask;
                s += 1.5 + table[p] * table[size + q];
            }
            // a local atomic: trivially atomic here, since the work-items of a group run in turn
            acc[0] += w.get(c) * s;
        }
        g.doubles(3).set(group, acc[0]);   // work-item 0, after a barrier
        long steps = (long) active * iters;
        g.ops(Op.DOUBLE, 2 * steps + 2L * active);
        g.ops(Op.INT, INT_PER_STEP * steps + 4L * g.localItems());
        g.ops(Op.LOCAL_MEM, 2 * steps + 2L * active + 2);
    }
//#elif R=aparapi
    // its own form: the per-work-item results are a hidden local array sized at launch (prepareLaunch), which a //#kernel does not declare
    /** The kernel constant naming the table size. */
    static final String TABLE_SIZE = "TABLE_SIZE";

    static int tableSize(Constants c) {
        int size = c.has(TABLE_SIZE) ? c.getInt(TABLE_SIZE) : 1024;
        if (size < 2 || Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException(TABLE_SIZE + " must be a power of two >= 2 (indices are masked), got " + size);
        }
        return size;
    }

    /** Fields and steps both kernels share. */
    public abstract static class TableKernel extends PerfportKernel {
        int[] offsets;
        int[] ab;
        double[] w;
        double[] out;
        int[] builds;
        int iters;
        @Local double[] acc;
        @Local double[] table;
        /** One partial result per work-item (hidden: not an argument of the definition). */
        @Local double[] part = new double[1];
        /** Entries of each of the sine and cosine tables; the constant TABLE_SIZE. */
        final int tableSize;
        final int mask;

        TableKernel(int tableSize) {
            this.tableSize = tableSize;
            this.mask = tableSize - 1;
        }

        @Override
        public long hiddenLocalBytes(long localItems) {
            return Double.BYTES * localItems;
        }

        @Override
        public void prepareLaunch(int localItems) {
            if (part.length != localItems) part = new double[localItems];
        }

        /** Entries i of sin and cos at 2·pi·i / TABLE_SIZE; work-item lid builds lid, lid + L, ...; counts the build. */
        protected final void buildTable(int lid, int size) {
            for (int i = lid; i < tableSize; i += size) {
                double phase = 2.0 * Math.PI * i / tableSize;
                table[i] = sin(phase);
                table[tableSize + i] = cos(phase);
            }
            if (lid == 0) {
                atomicAdd(builds, 0, 1);
                countGlobalAtomic();
            }
        }

        protected final double calculation(int c) {
            int a = ab[2 * c];
            int b = ab[2 * c + 1];
            double s = 0.0;
            for (int j = 0; j < iters; j++) {
                int p = (a + j * b) & mask;
                int q = (p + j) & mask;
                s += 1.5 + table[p] * table[tableSize + q];
            }
            return w[c] * s;
        }

        /** One calculation group: the work-items below its size compute, then the group adds the results into acc and out. */
        protected final void runGroup(int g, int lid, int size) {
            int first = offsets[g];
            int count = offsets[g + 1] - first;
            double v = 0.0;
            if (lid < count) v = calculation(first + lid);
            part[lid] = v;
            int p = 1;
            while (p < size) p <<= 1;
            for (int s = p / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s && lid + s < size) part[lid] += part[lid + s];
            }
            localBarrier();
            if (lid == 0) {
                acc[0] = part[0];
                out[g] = acc[0];
            }
        }
    }

//#def tableCtor
        $K$(int tableSize) {
            super(tableSize);
        }
//#end
//#def lidAndSize
            int lid = getLocalId();
            int size = getLocalSize();
//#end
    /** The table in local memory, rebuilt by every work-group. */
    public static final class LocalTable extends TableKernel {
//#use tableCtor K=LocalTable

        @Override
        public void run() {
//#use lidAndSize
            buildTable(lid, size);
            localBarrier();
            runGroup(getGroupId(), lid, size);
        }
    }

    /** The table in static local memory: built once per persistent group (the first group on the unit). */
    public static final class StaticLocalTable extends TableKernel {
//#use tableCtor K=StaticLocalTable

        @Override
        public void run() {
//#use lidAndSize
            buildTable(lid, size);                  // first group on this unit
            localBarrier();
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                runGroup(t, lid, size);
                localBarrier();                     // part is reused by the next task
            }
        }
    }
//#register
KernelSpec.of("table.local", LocalTable.class, c -> new LocalTable(tableSize(c)), FIELDS)
//#end
//#register
KernelSpec.of("table.static_local", StaticLocalTable.class, c -> new StaticLocalTable(tableSize(c)), FIELDS)
//#end

    private static final String[] FIELDS = {"offsets", "ab", "w", "out", "builds", "iters", "acc", "table"};
//#else
    // its own form: the tree's local array and span are scalars it compiles in, and acc (unused) is not allocated
    private static int tableSize(LaunchArgs a) {
        return a.constants().getInt("TABLE_SIZE");
    }

    /** The smallest power of two >= n: the span of the combining tree. */
    static int pow2AtLeast(int n) {
        return n <= 1 ? 1 : Integer.highestOneBit(n - 1) << 1;
    }

//#def buildTable
        for (int i = lid; i < tableSize; i += size) {
            double phase = 2.0 * Math.PI * i / tableSize;
            table[i] = Math.sin(phase);
            table[tableSize + i] = Math.cos(phase);
        }
        if (lid == 0) {
            ctx.atomicAdd(builds, 0, 1);
            if (counting != 0) {
                ctx.atomicAdd(counters, 0, 1);
            }
        }
        ctx.localBarrier();
//#end
//#def groupSum
        double v = 0.0;
        if (lid < count) {
            int c = first + lid;
            int av = ab.get(2 * c);
            int bv = ab.get(2 * c + 1);
            double s = 0.0;
            for (int j = 0; j < iters; j++) {
                int p = (av + j * bv) & mask;
                int q = (p + j) & mask;
                s += 1.5 + table[p] * table[tableSize + q];
            }
            v = w.get(c) * s;
        }
        red[lid] = v;
        ctx.localBarrier();
        for (int s = span / 2; s > 0; s >>= 1) {
            if (lid < s && lid + s < size) {
                red[lid] += red[lid + s];
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            out.set(g, red[0]);
        }
//#end
    public static void tableLocal(KernelContext ctx, IntArray counters, int counting, IntArray offsets, IntArray ab, DoubleArray w,
                                  DoubleArray out, IntArray builds, int iters, int tableLength, int tableSize, int wg, int span) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        double[] table = ctx.allocateDoubleLocalArray(tableLength);
        double[] red = ctx.allocateDoubleLocalArray(wg);
//#use buildTable
        int g = ctx.groupIdx;
        int first = offsets.get(g);
        int count = offsets.get(g + 1) - first;
        int mask = tableSize - 1;
//#use groupSum
    }

    public static void tableStatic(KernelContext ctx, IntArray counters, int counting, IntArray offsets, IntArray ab, DoubleArray w,
                                   DoubleArray out, IntArray builds, int iters, int tableLength, int tableSize, int wg, int span,
                                   int tasks) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int sg = ctx.groupIdx;
        int groups = ctx.globalGroupSizeX / size;
        double[] table = ctx.allocateDoubleLocalArray(tableLength);
        double[] red = ctx.allocateDoubleLocalArray(wg);
        // first group on this unit
//#use buildTable
        int mask = tableSize - 1;
        int firstTask = (int) (((long) tasks * sg) / groups);
        int end = (int) (((long) tasks * (sg + 1)) / groups);
        for (int g = firstTask; g < end; g++) {
            int first = offsets.get(g);
            int count = offsets.get(g + 1) - first;
//#use groupSum
            ctx.localBarrier();
        }
    }
//#register
new TornadoKernel("table.local",
        sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, DOUBLE, GLOBAL, DOUBLE, GLOBAL, INT, PRIVATE, INT, LOCAL, DOUBLE, LOCAL, DOUBLE),
        false, a -> a.graph().task(a.task(), TableTornado::tableLocal, a.context(), a.counters(), a.counting(), a.ints(0), a.ints(1),
        a.doubles(2), a.doubles(3), a.ints(4), a.intArg(5), a.localLength(7), tableSize(a), a.localSize(0),
        pow2AtLeast(a.localSize(0))))
//#end
//#register
new TornadoKernel("table.static_local",
        sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, DOUBLE, GLOBAL, DOUBLE, GLOBAL, INT, PRIVATE, INT, LOCAL, DOUBLE,
                STATIC_LOCAL, DOUBLE),
        false, a -> a.graph().task(a.task(), TableTornado::tableStatic, a.context(), a.counters(), a.counting(), a.ints(0), a.ints(1),
        a.doubles(2), a.doubles(3), a.ints(4), a.intArg(5), a.localLength(7), tableSize(a), a.localSize(0),
        pow2AtLeast(a.localSize(0)), a.tasks()))
//#end
//#end
