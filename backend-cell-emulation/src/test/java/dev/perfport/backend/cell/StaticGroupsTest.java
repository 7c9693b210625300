package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.wg.GlobalInts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Seed 003 §8 item 6: residency query, co-resident static work-groups, task mappings. */
class StaticGroupsTest {

    /** Every static group announces itself, waits at a global barrier on an atomic counter, then reads a neighbour's slot. */
    static final KernelDef GLOBAL_BARRIER = Cells.kernel("global-barrier").form(LaunchForm.STATIC_GROUPS)
            .global("slots", ElemType.INT, Access.READ_WRITE).global("arrived", ElemType.INT, Access.READ_WRITE)
            .global("seen", ElemType.INT, Access.WRITE)
            .impl(Cells.java(0, g -> {
                int i = g.staticGroupId();
                int k = g.staticGroupCount();
                GlobalInts slots = g.ints(0);
                GlobalInts arrived = g.ints(1);
                slots.set(i, 100 + i);
                arrived.atomicAdd(0, 1);
                // spin through atomics: they are ordered reads, and the emulator can stop them
                while (arrived.atomicAdd(0, 0) < k) Thread.onSpinWait();
                g.ints(2).set(i, slots.get((i + 1) % k));
            })).build();

    /** Records which static group ran each task, and how often. */
    static final KernelDef TASKS = Cells.kernel("tasks").form(LaunchForm.STATIC_GROUPS)
            .global("hits", ElemType.INT, Access.READ_WRITE).global("owner", ElemType.INT, Access.WRITE)
            .global("info", ElemType.LONG, Access.WRITE)
            .local("acc", ElemType.LONG)
            .impl(Cells.java(0, g -> {
                long[] acc = g.localLongs(3);      // persists across this static group's tasks
                acc[0] = 0;
                int i = g.staticGroupId();
                long t;
                while ((t = g.nextTask()) >= 0) {
                    g.ints(0).atomicAdd((int) t, 1);
                    g.ints(1).set((int) t, i);
                    acc[0] += t;
                }
                g.longs(2).set(2 * i, acc[0]);
                if (i == 0) g.longs(2).set(2 * g.staticGroupCount() + 1, g.taskCount() * 1000 + g.staticGroupCount());
                g.longs(2).set(2 * i + 1, g.firstGroupOnUnit() && g.lastGroupOnUnit() ? g.unitId() : -1);
            })).build();

    @Test
    void residencyIsTheWorkerCountWhenAGroupFitsTheLocalStore() {
        try (DeviceSession s = Cells.open("workers", "5"); CompiledKernel k = s.compile(GLOBAL_BARRIER)) {
            assertEquals(5, s.maxResidentGroups(k, new long[]{64}, 0));
            assertEquals(5, s.maxResidentGroups(k, new long[]{128, 128}, 262144 - 16384));
            assertEquals(0, s.maxResidentGroups(k, new long[]{64}, 262144 - 16384 + 1));
            assertEquals(0, s.maxResidentGroups(k, new long[]{16385}, 0));
        }
    }

    @Test
    @Timeout(60)
    void globalBarrierWithAsManyStaticGroupsAsWorkersCompletes() {
        try (DeviceSession s = Cells.open("timeoutSeconds", "30"); CompiledKernel k = s.compile(GLOBAL_BARRIER);
             DeviceBuffer slots = s.allocate(ElemType.INT, 6); DeviceBuffer arrived = s.allocate(ElemType.INT, 1);
             DeviceBuffer seen = s.allocate(ElemType.INT, 6)) {
            int k6 = s.maxResidentGroups(k, new long[]{32}, 0);
            assertEquals(6, k6);
            LaunchStats st = s.launch(k, StaticGroups.of(k6, 32, TaskMapping.BLOCKED, 0), slots, arrived, seen);
            int[] v = new int[6];
            seen.read(v);
            for (int i = 0; i < 6; i++) assertEquals(100 + (i + 1) % 6, v[i], "static group " + i);
            assertEquals(6, st.counters().get(Counters.UNITS_USED));
            assertEquals(0, st.counters().get(Counters.WORK_GROUPS), "no tasks were taken");
            assertTrue(st.counters().get(Counters.GLOBAL_ATOMICS) >= 12, "each group adds once and polls at least once");
        }
    }

    @Test
    void moreStaticGroupsThanWorkersAreRefusedNamingBothNumbers() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(GLOBAL_BARRIER);
             DeviceBuffer a = s.allocate(ElemType.INT, 7); DeviceBuffer b = s.allocate(ElemType.INT, 1);
             DeviceBuffer c = s.allocate(ElemType.INT, 7)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(k, StaticGroups.of(7, 32, TaskMapping.DYNAMIC, 0), a, b, c));
            assertTrue(e.getMessage().contains("k = 7") && e.getMessage().contains("the 6 that can be co-resident"), e.getMessage());
        }
    }

    @ParameterizedTest
    @EnumSource(TaskMapping.class)
    void everyMappingRunsEveryTaskExactlyOnce(TaskMapping mapping) {
        int tasks = 103;
        int k = 4;
        try (DeviceSession s = Cells.open("poison", "true"); CompiledKernel kern = s.compile(TASKS);
             DeviceBuffer hits = s.allocate(ElemType.INT, tasks); DeviceBuffer owner = s.allocate(ElemType.INT, tasks);
             DeviceBuffer info = s.allocate(ElemType.LONG, 2L * k + 2)) {
            LaunchStats st = s.launch(kern, StaticGroups.of(k, 16, mapping, tasks), hits, owner, info, LocalSize.of(1));
            int[] h = new int[tasks];
            int[] o = new int[tasks];
            long[] in = new long[2 * k + 2];
            hits.read(h);
            owner.read(o);
            info.read(in);
            long[] sums = new long[k];
            for (int t = 0; t < tasks; t++) {
                assertEquals(1, h[t], "task " + t + " ran " + h[t] + " times");
                switch (mapping) {
                    case BLOCKED -> assertEquals(blockOwner(t, tasks, k), o[t], "owner of " + t);
                    case CYCLIC -> assertEquals(t % k, o[t], "owner of " + t);
                    case DYNAMIC -> assertTrue(o[t] >= 0 && o[t] < k, "owner of " + t);
                }
                sums[o[t]] += t;
            }
            for (int i = 0; i < k; i++) {
                assertEquals(sums[i], in[2 * i], "local memory of static group " + i + " kept its sum across tasks");
                assertEquals(i, in[2 * i + 1], "static group " + i + " runs alone on SPE " + i);
            }
            assertEquals(tasks * 1000L + k, in[2 * k + 1]);
            assertEquals(tasks, st.counters().get(Counters.WORK_GROUPS));
            long perUnit = 0;
            for (int u = 0; u < k; u++) perUnit += st.counters().get("workGroups.spe" + u);
            assertEquals(tasks, perUnit, "per-unit counts are the tasks each static group took");
            if (mapping == TaskMapping.BLOCKED) assertEquals(tasks / k, st.counters().get("workGroups.spe0"));
            assertEquals(k, st.counters().get(Counters.UNITS_USED));
            assertEquals(tasks, st.counters().get(Counters.GLOBAL_ATOMICS));
        }
    }

    /** BLOCKED: group i owns [i·T/k, (i+1)·T/k). */
    private static int blockOwner(int t, int tasks, int k) {
        for (int i = 0; i < k; i++) if (t >= i * tasks / k && t < (i + 1) * tasks / k) return i;
        throw new AssertionError("task " + t + " in no block");
    }

    @Test
    void blockedBlocksAreContiguousAndOrdered() {
        try (DeviceSession s = Cells.open(); CompiledKernel kern = s.compile(TASKS);
             DeviceBuffer hits = s.allocate(ElemType.INT, 10); DeviceBuffer owner = s.allocate(ElemType.INT, 10);
             DeviceBuffer info = s.allocate(ElemType.LONG, 2L * 3 + 2)) {
            s.launch(kern, StaticGroups.of(3, 8, TaskMapping.BLOCKED, 10), hits, owner, info, LocalSize.of(1));
            int[] o = new int[10];
            owner.read(o);
            assertEquals("[0, 0, 0, 1, 1, 1, 2, 2, 2, 2]", java.util.Arrays.toString(o));
        }
    }

    @Test
    void noTasksMeansEveryGroupGetsMinusOneAtOnce() {
        try (DeviceSession s = Cells.open(); CompiledKernel kern = s.compile(TASKS);
             DeviceBuffer hits = s.allocate(ElemType.INT, 1); DeviceBuffer owner = s.allocate(ElemType.INT, 1);
             DeviceBuffer info = s.allocate(ElemType.LONG, 2L * 6 + 2)) {
            for (TaskMapping m : TaskMapping.values()) {
                LaunchStats st = s.launch(kern, StaticGroups.of(6, 8, m, 0), hits, owner, info, LocalSize.of(1));
                assertEquals(0, st.counters().get(Counters.WORK_GROUPS), m.name());
                assertEquals(6, st.counters().get(Counters.UNITS_USED), m.name());
            }
            int[] h = new int[1];
            hits.read(h);
            assertEquals(0, h[0]);
        }
    }
}
