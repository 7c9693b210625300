package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.WorkGroup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The int32 reduction of seed 003 §3.3 with the structure of the workloads module's Java kernels
 * (argument order in, out, n, scratch [, slm]): exact sums, and seed 003 §8 item 5's atomic counts.
 */
class ReductionTest {

    /** Loads the group's elements into scratch (zero past n) and tree-reduces them into scratch[0]. */
    private static void loadAndReduce(WorkGroup g, GlobalInts in, int n, int[] scratch) {
        int items = g.localItems();
        long base = g.groupLinearId() * items;
        int valid = (int) Math.max(0, Math.min(items, n - base));
        for (int lid = 0; lid < valid; lid++) scratch[lid] = in.get((int) base + lid);
        for (int lid = valid; lid < items; lid++) scratch[lid] = 0;
        for (int s = items / 2; s > 0; s >>= 1) {          // a barrier between levels
            for (int lid = 0; lid < s; lid++) scratch[lid] += scratch[lid + s];
        }
    }

    static final KernelDef LOCAL_ATOMIC = Cells.kernel("reduction.local_atomic.int")
            .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT)
            .local("scratch", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] scratch = g.localInts(3);
                loadAndReduce(g, g.ints(0), g.intArg(2), scratch);
                g.ints(1).atomicAdd(0, scratch[0]);
            })).build();

    static final KernelDef STATIC_LOCAL = Cells.kernel("reduction.static_local.int")
            .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT)
            .local("scratch", ElemType.INT).staticLocal("slm", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] scratch = g.localInts(3);
                int[] slm = g.localInts(4);
                if (g.firstGroupOnUnit()) slm[0] = 0;
                loadAndReduce(g, g.ints(0), g.intArg(2), scratch);
                slm[0] += scratch[0];
                if (g.lastGroupOnUnit()) g.ints(1).atomicAdd(0, slm[0]);
            })).build();

    static final KernelDef PARTIALS = Cells.kernel("reduction.partials.int")
            .global("in", ElemType.INT, Access.READ).global("partial", ElemType.INT, Access.WRITE).scalar("n", ElemType.INT)
            .local("scratch", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] scratch = g.localInts(3);
                loadAndReduce(g, g.ints(0), g.intArg(2), scratch);
                g.ints(1).set((int) g.groupLinearId(), scratch[0]);
            })).build();

    static final KernelDef FINAL = Cells.kernel("reduction.final.int")
            .global("partial", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE).scalar("m", ElemType.INT)
            .local("scratch", ElemType.INT)
            .impl(Cells.java(0, g -> {
                GlobalInts partial = g.ints(0);
                int m = g.intArg(2);
                int[] scratch = g.localInts(3);
                int items = g.localItems();
                g.forEachItem(lid -> {
                    int acc = 0;
                    for (int i = lid; i < m; i += items) acc += partial.get(i);
                    scratch[lid] = acc;
                });
                for (int s = items / 2; s > 0; s >>= 1) {
                    for (int lid = 0; lid < s; lid++) scratch[lid] += scratch[lid + s];
                }
                g.ints(1).set(0, scratch[0]);
            })).build();

    @ParameterizedTest(name = "n = {0}, wg = {1}, poison {2}")
    @CsvSource({"1048579, 256, false", "1048579, 64, true", "1000, 256, false", "1, 32, false"})
    void int32SumsAreExactWithTheExpectedAtomicCounts(int n, int wg, boolean poison) {
        SplittableRandom r = new SplittableRandom(n);
        int[] data = new int[n];
        int expected = 0;
        for (int i = 0; i < n; i++) {
            data[i] = r.nextInt();          // full range: the sum wraps, identically everywhere
            expected += data[i];
        }
        int groups = (n + wg - 1) / wg;
        int busy = Math.min(groups, 6);
        NDRange range = NDRange.of((long) groups * wg, wg);
        try (DeviceSession s = Cells.open("poison", "" + poison); DeviceBuffer in = s.upload(data);
             DeviceBuffer out = s.allocate(ElemType.INT, 1); DeviceBuffer partial = s.allocate(ElemType.INT, groups)) {
            int[] result = new int[1];

            try (CompiledKernel k = s.compile(LOCAL_ATOMIC)) {
                LaunchStats st = s.launch(k, range, in, out, n, LocalSize.of(wg));
                out.read(result);
                assertEquals(expected, result[0], "local-atomic sum");
                assertEquals(groups, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per work-group");
                assertEquals(groups, st.counters().get(Counters.WORK_GROUPS));
                assertEquals(busy, st.counters().get(Counters.UNITS_USED));
                assertEquals(0, st.counters().get(Counters.STATIC_LOCAL_INITS));
            }

            out.write(new int[1]);
            try (CompiledKernel k = s.compile(STATIC_LOCAL)) {
                LaunchStats st = s.launch(k, range, in, out, n, LocalSize.of(wg), LocalSize.of(1));
                out.read(result);
                assertEquals(expected, result[0], "static-local sum");
                assertEquals(busy, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per SPE with work");
                assertEquals(busy, st.counters().get(Counters.STATIC_LOCAL_INITS));
                assertEquals(busy, st.counters().get(Counters.UNITS_USED));
            }

            out.write(new int[]{12345});
            try (CompiledKernel k1 = s.compile(PARTIALS); CompiledKernel k2 = s.compile(FINAL)) {
                s.launch(k1, range, in, partial, n, LocalSize.of(wg));
                LaunchStats st = s.launch(k2, NDRange.of(wg, wg), partial, out, groups, LocalSize.of(wg));
                out.read(result);
                assertEquals(expected, result[0], "two-kernel sum");
                assertEquals(1, st.counters().get(Counters.UNITS_USED));
                assertEquals(0, st.counters().get(Counters.GLOBAL_ATOMICS));
            }
            assertEquals(4, s.profile().launches());
            assertEquals(groups + busy, s.counters().get(Counters.GLOBAL_ATOMICS), "session totals");
        }
    }
}
