package dev.perfport.backend.aparapi;

import dev.perfport.conformance.TaskMappingChecks;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Static work-groups and static local memory on persistent Aparapi work-groups (seed 003 §4):
 * task coverage of the blocked, cyclic and dynamic mappings, the first/last hooks, counters and
 * the residency limit.
 */
class PersistentTest {
    private static AparapiSession s;
    private static CompiledKernel mark;
    private static int residency;

    @BeforeAll
    static void open() {
        s = Aparapi.session();
        mark = s.compile(TestKernels.MARK_TASKS);
        residency = s.maxResidentGroups(mark, new long[]{64}, 0);
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    @ParameterizedTest(name = "{0}, {1} tasks, k = {2}")
    @MethodSource("dev.perfport.conformance.TaskMappingChecks#mappings")
    void everyTaskRunsExactlyOnceOnTheGroupItsMappingNames(TaskMapping mapping, int tasks, String which) {
        TaskMappingChecks.everyTaskRunsExactlyOnce(s, mark, mapping, tasks, TaskMappingChecks.k(which, residency));
    }

    @Test
    void dynamicMappingRestartsEachLaunch() {
        // the dynamic mapping's counter is zeroed before each launch: a second launch runs every task again
        TaskMappingChecks.dynamicMappingRestartsEachLaunch(s, mark, Math.min(residency, 4));
    }

    /** Runs the hooks kernel over {@code groups} logical groups and checks hooks and counters. */
    private void checkHooks(LaunchForm form, int groups, int local, TaskMapping mapping, int kGroups) {
        try (CompiledKernel k = s.compile(TestKernels.slmHooks(form))) {
            TaskMappingChecks.staticLocalHooks(s, k, groups, local, mapping, form == LaunchForm.STATIC_GROUPS, kGroups);
        }
    }

    @Test
    void staticLocalMemoryOfAnNDRangeRunsOnMinGroupsResidencyPersistentGroups() {
        checkHooks(LaunchForm.NDRANGE, 1000, 32, TaskMapping.BLOCKED, Math.min(1000, residency));
        checkHooks(LaunchForm.NDRANGE, 1, 32, TaskMapping.BLOCKED, 1);
    }

    @Test
    void staticLocalMemoryOnStaticGroupsHonoursTheMapping() {
        checkHooks(LaunchForm.STATIC_GROUPS, 37, 16, TaskMapping.CYCLIC, residency);
        checkHooks(LaunchForm.STATIC_GROUPS, 37, 16, TaskMapping.BLOCKED, 1);
    }

    @Test
    void residencyOnCpuEqualsComputeUnits() {
        Aparapi.DEVICE.assumeThat(s.device().type() == DeviceType.CPU, "not a CPU device (the GPU estimate is tested in BackendTest)");
        int cus = s.device().computeUnits();
        assertEquals(cus, residency);
        assertEquals(cus, s.maxResidentGroups(mark, new long[]{8, 8}, 0));
    }

    @Test
    void residencyIsZeroWhenNothingFits() {
        long cap = s.device().capacity(MemoryLevel.LOCAL);
        assertEquals(0, s.maxResidentGroups(mark, new long[]{64}, cap + 1));
        long wg = ((AparapiKernelHandle) mark).maxGroupSize;
        assertEquals(0, s.maxResidentGroups(mark, new long[]{wg + 1}, 0));
        assertTrue(s.maxResidentGroups(mark, new long[]{wg}, 0) >= 1);
    }

    @Test
    void staticGroupsBeyondResidencyAreRefusedWithTheNumbers() {
        try (DeviceBuffer hits = s.allocate(dev.perfport.core.memory.ElemType.INT, 10);
             DeviceBuffer own = s.allocate(dev.perfport.core.memory.ElemType.INT, 10)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(mark, StaticGroups.of(residency + 1, 64, TaskMapping.BLOCKED, 10), hits, own));
            assertTrue(e.getMessage().contains("k = " + (residency + 1)), e.getMessage());
            assertTrue(e.getMessage().contains("exceeds the " + residency), e.getMessage());
            s.launch(mark, StaticGroups.of(residency, 64, TaskMapping.BLOCKED, 10), hits, own);
        }
    }
}
