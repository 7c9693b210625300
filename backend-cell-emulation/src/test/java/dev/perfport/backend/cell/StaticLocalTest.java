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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Seed 003 §8 item 4: static local memory persists per SPE, is invisible elsewhere, hooks fire once per busy SPE. */
class StaticLocalTest {

    /**
     * Each group counts itself in its SPE's static local memory and records (unit, count so far,
     * unit marker seen). The first group of a unit initialises, the last reports the total.
     */
    static final KernelDef COUNTER = Cells.kernel("slm-counter")
            .global("record", ElemType.INT, Access.WRITE)   // 3 ints per group
            .global("hooks", ElemType.INT, Access.READ_WRITE) // per unit: first count, last count, total
            .staticLocal("slm", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] slm = g.localInts(2);
                int u = g.unitId();
                var hooks = g.ints(1);
                if (g.firstGroupOnUnit()) {
                    hooks.atomicAdd(3 * u, 1);
                    slm[0] = 0;
                    slm[1] = 1000 + u;
                }
                slm[0]++;
                int grp = (int) g.groupLinearId();
                g.ints(0).set(3 * grp, u);
                g.ints(0).set(3 * grp + 1, slm[0]);
                g.ints(0).set(3 * grp + 2, slm[1]);
                if (g.lastGroupOnUnit()) {
                    hooks.atomicAdd(3 * u + 1, 1);
                    hooks.set(3 * u + 2, slm[0]);
                }
            })).build();

    @ParameterizedTest(name = "{0} groups on {1} SPEs, poison {2}")
    @CsvSource({"100, 6, false", "100, 6, true", "4, 6, false", "6, 6, true", "7, 3, false", "1, 1, false"})
    void persistsOnItsSpeAndIsInvisibleToTheOthers(int groups, int workers, boolean poison) {
        try (DeviceSession s = Cells.open("workers", "" + workers, "poison", "" + poison);
             CompiledKernel k = s.compile(COUNTER);
             DeviceBuffer record = s.allocate(ElemType.INT, 3L * groups);
             DeviceBuffer hooks = s.allocate(ElemType.INT, 3L * workers)) {
            LaunchStats st = s.launch(k, NDRange.of(groups * 8L, 8), record, hooks, LocalSize.of(2));
            int[] r = new int[3 * groups];
            int[] h = new int[3 * workers];
            record.read(r);
            hooks.read(h);

            int busy = 0;
            for (int w = 0; w < workers; w++) {
                // static equal shares: worker w runs the block [w·G/W, (w+1)·G/W)
                int start = w * groups / workers;
                int end = (w + 1) * groups / workers;
                int expectHook = end > start ? 1 : 0;
                busy += expectHook;
                assertEquals(expectHook, h[3 * w], "first-group hook of SPE " + w);
                assertEquals(expectHook, h[3 * w + 1], "last-group hook of SPE " + w);
                assertEquals(end - start, h[3 * w + 2], "groups counted in the static local memory of SPE " + w);
                for (int grp = start; grp < end; grp++) {
                    assertEquals(w, r[3 * grp], "unit of group " + grp);
                    assertEquals(grp - start + 1, r[3 * grp + 1], "count seen by group " + grp + " (persistence)");
                    assertEquals(1000 + w, r[3 * grp + 2], "marker seen by group " + grp + " (isolation)");
                }
            }
            assertEquals(Math.min(groups, workers), busy);
            assertEquals(busy, st.counters().get(Counters.UNITS_USED));
            assertEquals(busy, st.counters().get(Counters.STATIC_LOCAL_INITS));
            assertEquals(groups, st.counters().get(Counters.WORK_GROUPS));
            assertEquals(2L * busy, st.counters().get(Counters.GLOBAL_ATOMICS));
        }
    }
}
