package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.device.MemoryLevel.STATIC_LOCAL;
import static dev.perfport.core.memory.ElemType.DOUBLE;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The Einstein@Home proxy of seed 003 §3.2 (workloads' TableKernels, table.cl) in TornadoVM's
 * Kernel API. Arguments: offsets, ab, w, out, builds, iters, acc (LOCAL double[1]), table (LOCAL
 * or STATIC_LOCAL double[2 · TABLE_SIZE]).
 *
 * <p>One difference, because TornadoVM has no double atomics and no compare-and-swap (table.cl
 * adds each calculation into {@code acc} with a 64-bit local compare-and-swap): the work-items
 * of a group combine their results with a tree in local memory ({@code wg} doubles) instead. Any
 * order of the atomic adds is a valid result, and the tree is one such order; the workload's
 * relative tolerance (1e-12) covers the rounding. {@code acc} is not used.
 *
 * <p>static-local: persistent groups; the table is built once per group before the task loop
 * (the first group on the unit) and every build is counted in {@code builds} and as a global
 * atomic, as on the other backends.
 */
@AutoService(KernelLibrary.class)
public final class TableTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public TableTornado() {
        super(TableTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("table.local",
                sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, DOUBLE, GLOBAL, DOUBLE, GLOBAL, INT, PRIVATE, INT, LOCAL, DOUBLE, LOCAL, DOUBLE),
                false, a -> a.graph().task(a.task(), TableTornado::tableLocal, a.context(), a.counters(), a.counting(), a.ints(0), a.ints(1),
                a.doubles(2), a.doubles(3), a.ints(4), a.intArg(5), a.localLength(7), tableSize(a), a.localSize(0),
                pow2AtLeast(a.localSize(0)))));
        into.add(new TornadoKernel("table.static_local",
                sig(GLOBAL, INT, GLOBAL, INT, GLOBAL, DOUBLE, GLOBAL, DOUBLE, GLOBAL, INT, PRIVATE, INT, LOCAL, DOUBLE,
                        STATIC_LOCAL, DOUBLE),
                false, a -> a.graph().task(a.task(), TableTornado::tableStatic, a.context(), a.counters(), a.counting(), a.ints(0), a.ints(1),
                a.doubles(2), a.doubles(3), a.ints(4), a.intArg(5), a.localLength(7), tableSize(a), a.localSize(0),
                pow2AtLeast(a.localSize(0)), a.tasks())));
    }

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
}
