package dev.perfport.backend.jocl;

import dev.perfport.conformance.TaskMappingChecks;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Static work-groups and static local memory emulated by persistent work-groups (seed 003 §4):
 * task mappings, first/last hooks, logical ids, counters and the residency limit.
 */
class PersistentTest {
    private static JoclSession s;
    private static CompiledKernel mark;
    private static int residency;

    static final KernelDef MARK = OpenCl.kernel("test.mark_tasks", "persistent.cl", "mark_tasks")
            .form(LaunchForm.STATIC_GROUPS)
            .global("hits", ElemType.INT, Access.READ_WRITE).global("owner", ElemType.INT, Access.WRITE).build();

    /** slm_hooks as an NDRange kernel whose static local memory is emulated. */
    static final KernelDef HOOKS = hooks("test.slm_hooks", LaunchForm.NDRANGE);

    private static KernelDef hooks(String name, LaunchForm form) {
        return OpenCl.kernel(name, "persistent.cl", "slm_hooks").form(form)
                .global("perUnit", ElemType.INT, Access.WRITE).global("lastTask", ElemType.INT, Access.WRITE)
                .global("inits", ElemType.INT, Access.READ_WRITE).global("total", ElemType.INT, Access.READ_WRITE)
                .staticLocal("slm", ElemType.INT).build();
    }

    @BeforeAll
    static void open() {
        s = OpenCl.session();
        mark = s.compile(MARK);
        residency = s.maxResidentGroups(mark, new long[]{64}, 0);
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    @ParameterizedTest(name = "{0}, {1} tasks, k = {2}")
    @MethodSource("dev.perfport.conformance.TaskMappingChecks#mappings")
    void everyTaskRunsExactlyOnce(TaskMapping mapping, int tasks, String which) {
        TaskMappingChecks.everyTaskRunsExactlyOnce(s, mark, mapping, tasks, TaskMappingChecks.k(which, residency));
    }

    @Test
    void dynamicMappingRestartsEachLaunch() {
        // the dynamic mapping's counter is zeroed before each launch: a second launch runs every task again
        TaskMappingChecks.dynamicMappingRestartsEachLaunch(s, mark, Math.min(residency, 4));
    }

    @Test
    void residencyOnCpuEqualsComputeUnits() {
        OpenCl.DEVICE.assumeThat(s.device().type() == DeviceType.CPU, "not a CPU device (the GPU estimate is tested in ResidencyTest)");
        int cus = s.device().computeUnits();
        assertEquals(cus, residency);
        assertEquals(cus, s.maxResidentGroups(mark, new long[]{256}, 1024));
        assertEquals(cus, s.maxResidentGroups(mark, new long[]{8, 8}, 0));
        assertEquals(cus, s.maxResidentGroups(mark, new long[]{1}, s.device().capacity(MemoryLevel.LOCAL) - 64));
    }

    @Test
    void residencyIsZeroWhenNothingFits() {
        long cap = s.device().capacity(MemoryLevel.LOCAL);
        assertEquals(0, s.maxResidentGroups(mark, new long[]{64}, cap + 1));
        long wg = ((JoclKernel) mark).workGroupSize();
        assertEquals(0, s.maxResidentGroups(mark, new long[]{wg + 1}, 0));
        assertTrue(s.maxResidentGroups(mark, new long[]{wg}, 0) >= 1);
    }

    @Test
    void staticGroupsBeyondResidencyAreRefusedWithTheNumbers() {
        try (DeviceBuffer hits = s.allocate(ElemType.INT, 10); DeviceBuffer own = s.allocate(ElemType.INT, 10)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(mark, StaticGroups.of(residency + 1, 64, TaskMapping.BLOCKED, 10), hits, own));
            assertTrue(e.getMessage().contains("k = " + (residency + 1)), e.getMessage());
            assertTrue(e.getMessage().contains("exceeds the " + residency), e.getMessage());
            // the query and the check agree: the largest allowed k runs
            s.launch(mark, StaticGroups.of(residency, 64, TaskMapping.BLOCKED, 10), hits, own);
        }
    }

    @Test
    void staticGroupsKernelRefusesAnNDRange() {
        try (DeviceBuffer hits = s.allocate(ElemType.INT, 10); DeviceBuffer own = s.allocate(ElemType.INT, 10)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(mark, NDRange.of(640, 64), hits, own));
            assertTrue(e.getMessage().contains("StaticGroups"), e.getMessage());
        }
    }

    /** slm_hooks over logical groups: the hooks and counters ({@link TaskMappingChecks#staticLocalHooks}). */
    @Test
    void staticLocalMemoryOfAnNDRangeKernel() {
        try (CompiledKernel k = s.compile(HOOKS)) {
            int res = s.maxResidentGroups(k, new long[]{32}, 8);
            for (int groups : new int[]{1, 2, 37, 1001}) {
                TaskMappingChecks.staticLocalHooks(s, k, groups, 32, TaskMapping.BLOCKED, false, Math.min(groups, res));
            }
        }
    }

    @Test
    void staticLocalMemoryOfAStaticGroupsKernel() {
        try (CompiledKernel k = s.compile(hooks("test.slm_hooks.static", LaunchForm.STATIC_GROUPS))) {
            int res = s.maxResidentGroups(k, new long[]{16}, 8);
            for (int kg : new int[]{1, Math.min(res, 3), res}) {
                TaskMappingChecks.staticLocalHooks(s, k, 10, 16, TaskMapping.CYCLIC, true, kg);
                TaskMappingChecks.staticLocalHooks(s, k, 10, 16, TaskMapping.BLOCKED, true, kg);
            }
            // more groups than tasks: the hooks still run in every group, idle ones publish 0
            TaskMappingChecks.staticLocalHooks(s, k, 1, 16, TaskMapping.CYCLIC, true, Math.min(res, 2));
        }
    }

    @Test
    void twoDimensionalNDRangeOnPersistentGroups() {
        int w = 64, h = 24;
        KernelDef def = OpenCl.kernel("test.slm_ids2d", "persistent.cl", "slm_ids2d")
                .global("cells", ElemType.INT, Access.READ_WRITE).global("info", ElemType.INT, Access.READ_WRITE)
                .scalar("width", ElemType.INT).staticLocal("slm", ElemType.INT).build();
        try (CompiledKernel k = s.compile(def); DeviceBuffer cells = s.upload(new int[w * h]); DeviceBuffer info = s.upload(new int[5])) {
            LaunchStats st = s.launch(k, NDRange.of(w, h, 8, 4), cells, info, w, LocalSize.of(1));
            int[] c = new int[w * h], i = new int[5];
            cells.read(c);
            info.read(i);
            for (int idx = 0; idx < w * h; idx++) assertEquals(1, c[idx], "logical work-item (" + idx % w + ", " + idx / w + ")");
            assertEquals(8 * 6, i[0], "tasks run in total");
            assertEquals(8, i[1]);
            assertEquals(6, i[2]);
            assertEquals(48, i[3]);
            assertEquals(OpenClPrelude.MAP_BLOCKED, i[4]);
            int kk = Math.min(48, s.maxResidentGroups(k, new long[]{8, 4}, 4));
            assertEquals((long) kk, st.counters().get(Counters.UNITS_USED));
            assertEquals((long) kk, st.counters().get(Counters.STATIC_LOCAL_INITS));
            assertEquals(48L, st.counters().get(Counters.WORK_GROUPS));
        }
    }
}
