package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.List;

/**
 * The Einstein@Home proxy of seed 003 (§3.2) as Aparapi kernels: the algorithm of the workloads
 * module's {@code table.cl}. One work-group per calculation group, each calculation reading a
 * sin/cos table of {@code TABLE_SIZE} doubles in local memory ({@link LocalTable}: every work-group
 * builds it) or static local memory ({@link StaticLocalTable}: every persistent group builds it once,
 * before its task loop). Arguments: offsets, ab, w, out, builds, iters, acc (LOCAL double[1]),
 * table (LOCAL or STATIC_LOCAL double[2·TABLE_SIZE]). Every build adds one to builds[0], a counted
 * global atomic.
 *
 * <p>The OpenCL kernels combine a group's results with double-precision atomic adds on local
 * memory (a 64-bit compare-and-swap). Aparapi 3.0.2 has neither 64-bit atomics nor atomics on
 * local memory, so here each work-item leaves its result in a hidden {@code @Local} array of one
 * double per work-item and the group adds them in a tree (any group size); the sum lands in
 * {@code acc[0]} and {@code out[group]}. The order of the additions differs from the atomics'
 * (which is itself unordered); the workload's tolerance covers both.
 */
@AutoService(KernelLibrary.class)
public final class TableKernels implements KernelLibrary {
    /** The kernel constant naming the table size. */
    static final String TABLE_SIZE = "TABLE_SIZE";

    /** Made by {@link java.util.ServiceLoader}. */
    public TableKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        String[] fields = {"offsets", "ab", "w", "out", "builds", "iters", "acc", "table"};
        return List.of(
                KernelSpec.of("table.local", LocalTable.class, c -> new LocalTable(tableSize(c)), fields),
                KernelSpec.of("table.static_local", StaticLocalTable.class, c -> new StaticLocalTable(tableSize(c)), fields));
    }

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
}
