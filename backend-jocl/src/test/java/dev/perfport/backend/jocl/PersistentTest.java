package dev.perfport.backend.jocl;

import dev.perfport.conformance.PersistentGroupsConformance;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
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
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Static work-groups and static local memory emulated by persistent work-groups (seed 003 §4),
 * with this route's mark and hooks kernels ({@code persistent.cl}); beyond the shared checks,
 * the residency with local memory, the refusal of an NDRange and 2-D logical ids. The GPU
 * residency estimate is tested in ResidencyTest.
 */
class PersistentTest extends PersistentGroupsConformance {
    static final KernelDef MARK = OpenCl.kernel("test.mark_tasks", "persistent.cl", "mark_tasks")
            .form(LaunchForm.STATIC_GROUPS)
            .global("hits", ElemType.INT, Access.READ_WRITE).global("owner", ElemType.INT, Access.WRITE).build();

    PersistentTest() {
        super(OpenCl::session, MARK, PersistentTest::hooks, k -> ((JoclKernel) k).workGroupSize());
    }

    private static KernelDef hooks(LaunchForm form) {
        return OpenCl.kernel(form == LaunchForm.STATIC_GROUPS ? "test.slm_hooks.static" : "test.slm_hooks", "persistent.cl", "slm_hooks").form(form)
                .global("perUnit", ElemType.INT, Access.WRITE).global("lastTask", ElemType.INT, Access.WRITE)
                .global("inits", ElemType.INT, Access.READ_WRITE).global("total", ElemType.INT, Access.READ_WRITE)
                .staticLocal("slm", ElemType.INT).build();
    }

    @Test
    void residencyOnCpuIgnoresLocalMemoryThatFits() {
        DeviceSession s = session();
        OpenCl.DEVICE.assumeThat(s.device().type() == DeviceType.CPU, "not a CPU device (the GPU estimate is tested in ResidencyTest)");
        int cus = s.device().computeUnits();
        assertEquals(cus, s.maxResidentGroups(mark(), new long[]{256}, 1024));
        assertEquals(cus, s.maxResidentGroups(mark(), new long[]{1}, s.device().capacity(MemoryLevel.LOCAL) - 64));
    }

    @Test
    void staticGroupsKernelRefusesAnNDRange() {
        DeviceSession s = session();
        try (DeviceBuffer hits = s.allocate(ElemType.INT, 10); DeviceBuffer own = s.allocate(ElemType.INT, 10)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(mark(), NDRange.of(640, 64), hits, own));
            assertTrue(e.getMessage().contains("StaticGroups"), e.getMessage());
        }
    }

    @Test
    void twoDimensionalNDRangeOnPersistentGroups() {
        DeviceSession s = session();
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
