package dev.perfport.backend.tornado;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Static work-groups on persistent groups: every mapping runs every task exactly once, on k groups. */
class PersistentTest {
    static final int TASKS = 1001;
    static final int LOCAL = 32;
    private static TornadoVmSession s;

    @BeforeAll
    static void open() {
        s = Tornado.session(TestKernels.all());
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    @ParameterizedTest
    @EnumSource(TaskMapping.class)
    void everyTaskRunsOnceOnOneOfTheKGroups(TaskMapping mapping) {
        try (CompiledKernel k = s.compile(TestKernels.TASKS); DeviceBuffer owner = s.allocate(ElemType.INT, TASKS);
             DeviceBuffer runs = s.allocate(ElemType.INT, TASKS)) {
            int groups = s.maxResidentGroups(k, new long[]{LOCAL}, 4);
            assertEquals(s.device().computeUnits(), groups, "one group per compute unit is sure to be co-resident");
            for (int rep = 0; rep < 2; rep++) {                // the dynamic counter starts at 0 again
                runs.write(new int[TASKS]);
                LaunchStats st = s.launch(k, StaticGroups.of(groups, LOCAL, mapping, TASKS), owner, runs);
                int[] o = new int[TASKS];
                int[] r = new int[TASKS];
                owner.read(o);
                runs.read(r);
                assertTrue(Arrays.stream(r).allMatch(x -> x == 1), mapping + ": every task exactly once: " + Arrays.toString(r));
                assertTrue(Arrays.stream(o).allMatch(x -> x >= 1 && x <= groups), mapping + ": owners " + Arrays.toString(o));
                if (mapping == TaskMapping.BLOCKED) {
                    for (int t = 0; t < TASKS; t++) {
                        int g = o[t] - 1;
                        assertTrue((long) TASKS * g / groups <= t && t < (long) TASKS * (g + 1) / groups, "task " + t + " on group " + g);
                    }
                }
                if (mapping == TaskMapping.CYCLIC) {
                    for (int t = 0; t < TASKS; t++) assertEquals(t % groups, o[t] - 1, "task " + t);
                }
                assertEquals((long) groups, st.counters().get(Counters.UNITS_USED));
                assertEquals((long) TASKS, st.counters().get(Counters.WORK_GROUPS));
            }
        }
    }

    @Test
    void moreStaticGroupsThanCanBeCoResidentAreRefused() {
        try (CompiledKernel k = s.compile(TestKernels.TASKS); DeviceBuffer owner = s.allocate(ElemType.INT, TASKS);
             DeviceBuffer runs = s.allocate(ElemType.INT, TASKS)) {
            int res = s.maxResidentGroups(k, new long[]{LOCAL}, 4);
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(k, StaticGroups.of(res + 1, LOCAL, TaskMapping.DYNAMIC, TASKS), owner, runs));
            assertTrue(e.getMessage().contains("co-resident"), e.getMessage());
        }
    }
}
