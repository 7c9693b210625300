package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Static work-groups and static local memory emulated on persistent work-groups (seed 003 §4),
 * for the routes that emulate them (jocl, aparapi), with the route's own "mark" and "hooks"
 * kernels ({@link TaskMappingChecks}): task coverage of the blocked, cyclic and dynamic mappings,
 * the first/last hooks and counters, and the residency query. A route's test extends it and
 * passes them and adds its own checks.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class PersistentGroupsConformance {
    private final Supplier<DeviceSession> open;
    private final KernelDef markTasks;
    private final Function<LaunchForm, KernelDef> slmHooks;
    private final ToLongFunction<CompiledKernel> maxGroupSize;
    private DeviceSession session;
    private CompiledKernel mark;
    private int residency;

    /**
     * The checks of one route.
     *
     * @param open         opens a session on the device under test (the class closes it); skips, saying why, without one
     * @param markTasks    the route's mark kernel ({@link TaskMappingChecks})
     * @param slmHooks     the route's hooks kernel ({@link TaskMappingChecks#staticLocalHooks}) in a launch form
     * @param maxGroupSize the largest work-group the route allows for a kernel of the session
     */
    protected PersistentGroupsConformance(Supplier<DeviceSession> open, KernelDef markTasks, Function<LaunchForm, KernelDef> slmHooks,
                                          ToLongFunction<CompiledKernel> maxGroupSize) {
        this.open = open;
        this.markTasks = markTasks;
        this.slmHooks = slmHooks;
        this.maxGroupSize = maxGroupSize;
    }

    /** {@return the open session} */
    protected final DeviceSession session() {
        return session;
    }

    /** {@return the compiled mark kernel} */
    protected final CompiledKernel mark() {
        return mark;
    }

    @BeforeAll
    final void openTheSession() {
        session = open.get();
        mark = session.compile(markTasks);
        residency = session.maxResidentGroups(mark, new long[]{64}, 0);
    }

    @AfterAll
    final void closeTheSession() {
        if (session != null) session.close();
    }

    @ParameterizedTest(name = "{0}, {1} tasks, k = {2}")
    @MethodSource("dev.perfport.conformance.TaskMappingChecks#mappings")
    void everyTaskRunsExactlyOnceOnTheGroupItsMappingNames(TaskMapping mapping, int tasks, String which) {
        TaskMappingChecks.everyTaskRunsExactlyOnce(session, mark, mapping, tasks, TaskMappingChecks.k(which, residency));
    }

    @Test
    void dynamicMappingRestartsEachLaunch() {
        // the dynamic mapping's counter is zeroed before each launch: a second launch runs every task again
        TaskMappingChecks.dynamicMappingRestartsEachLaunch(session, mark, Math.min(residency, 4));
    }

    @Test
    void residencyOnCpuEqualsComputeUnits() {
        if (session.device().type() != DeviceType.CPU) {
            TestDevice.skip("SKIPPED on " + session.device().name() + ": not a CPU device (the GPU estimate is tested apart)");
        }
        int cus = session.device().computeUnits();
        assertEquals(cus, residency);
        assertEquals(cus, session.maxResidentGroups(mark, new long[]{8, 8}, 0));
    }

    @Test
    void residencyIsZeroWhenNothingFits() {
        long cap = session.device().capacity(MemoryLevel.LOCAL);
        assertEquals(0, session.maxResidentGroups(mark, new long[]{64}, cap + 1));
        long wg = maxGroupSize.applyAsLong(mark);
        assertEquals(0, session.maxResidentGroups(mark, new long[]{wg + 1}, 0));
        assertTrue(session.maxResidentGroups(mark, new long[]{wg}, 0) >= 1);
    }

    @Test
    void staticGroupsBeyondResidencyAreRefusedWithTheNumbers() {
        try (DeviceBuffer hits = session.allocate(ElemType.INT, 10); DeviceBuffer own = session.allocate(ElemType.INT, 10)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> session.launch(mark, StaticGroups.of(residency + 1, 64, TaskMapping.BLOCKED, 10), hits, own));
            assertTrue(e.getMessage().contains("k = " + (residency + 1)), e.getMessage());
            assertTrue(e.getMessage().contains("exceeds the " + residency), e.getMessage());
            // the query and the check agree: the largest allowed k runs
            session.launch(mark, StaticGroups.of(residency, 64, TaskMapping.BLOCKED, 10), hits, own);
        }
    }

    /** The hooks over logical groups of an NDRange: min(groups, residency) persistent groups run them. */
    @Test
    void staticLocalMemoryOfAnNDRangeKernel() {
        try (CompiledKernel k = session.compile(slmHooks.apply(LaunchForm.NDRANGE))) {
            int res = session.maxResidentGroups(k, new long[]{32}, 8);
            for (int groups : new int[]{1, 2, 37, 1001}) {
                TaskMappingChecks.staticLocalHooks(session, k, groups, 32, TaskMapping.BLOCKED, false, Math.min(groups, res));
            }
        }
    }

    @Test
    void staticLocalMemoryOfAStaticGroupsKernelHonoursTheMapping() {
        try (CompiledKernel k = session.compile(slmHooks.apply(LaunchForm.STATIC_GROUPS))) {
            int res = session.maxResidentGroups(k, new long[]{16}, 8);
            for (int kg : new int[]{1, Math.min(res, 3), res}) {
                TaskMappingChecks.staticLocalHooks(session, k, 37, 16, TaskMapping.CYCLIC, true, kg);
                TaskMappingChecks.staticLocalHooks(session, k, 37, 16, TaskMapping.BLOCKED, true, kg);
            }
            // more groups than tasks: the hooks still run in every group, idle ones publish 0
            TaskMappingChecks.staticLocalHooks(session, k, 1, 16, TaskMapping.CYCLIC, true, Math.min(res, 2));
        }
    }
}
