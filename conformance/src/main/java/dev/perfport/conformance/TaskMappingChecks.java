package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;

import java.util.Arrays;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks of the task mappings of static work-groups that a route's own tests run with its own
 * "mark" kernel: a {@code STATIC_GROUPS} kernel of two int buffers {@code (hits, owner)} in which
 * every task {@code t} adds 1 to {@code hits[t]} and writes its static group's index to
 * {@code owner[t]}, with work-groups of 64 (and 32) work-items.
 */
public final class TaskMappingChecks {
    private TaskMappingChecks() {
    }

    /**
     * Every task runs once, on the group its mapping names, and the counters say so.
     *
     * @param s       the session
     * @param mark    the route's mark kernel, compiled by {@code s}
     * @param mapping the mapping
     * @param tasks   tasks (0 allowed)
     * @param k       static groups, at most the residency
     */
    public static void everyTaskRunsExactlyOnce(DeviceSession s, CompiledKernel mark, TaskMapping mapping, int tasks, int k) {
        int len = Math.max(tasks, 1);
        int[] owner = new int[len];
        Arrays.fill(owner, -1);
        try (DeviceBuffer hits = s.upload(new int[len]); DeviceBuffer own = s.upload(owner)) {
            LaunchStats st = s.launch(mark, StaticGroups.of(k, 64, mapping, tasks), hits, own);
            int[] h = new int[len];
            hits.read(h);
            own.read(owner);
            for (int t = 0; t < tasks; t++) {
                assertEquals(1, h[t], "task " + t + " ran " + h[t] + " times");
                int g = owner[t];
                switch (mapping) {
                    case BLOCKED -> assertTrue((long) tasks * g / k <= t && t < (long) tasks * (g + 1) / k,
                            "task " + t + " ran on group " + g + ", outside its block");
                    case CYCLIC -> assertEquals(t % k, g, "task " + t);
                    case DYNAMIC -> assertTrue(g >= 0 && g < k, "task " + t + " ran on group " + g);
                }
            }
            Map<String, Long> c = st.counters();
            assertEquals((long) tasks, c.get(Counters.WORK_GROUPS));
            assertEquals((long) k, c.get(Counters.UNITS_USED));
            assertFalse(c.containsKey(Counters.STATIC_LOCAL_INITS), "no static local argument: " + c);
            assertEquals(0L, c.get(Counters.GLOBAL_ATOMICS));
        }
    }

    /**
     * The dynamic mapping's task counter starts again at every launch: three launches run every
     * task three times.
     *
     * @param s    the session
     * @param mark the route's mark kernel, compiled by {@code s}
     * @param k    static groups, at most the residency
     */
    public static void dynamicMappingRestartsEachLaunch(DeviceSession s, CompiledKernel mark, int k) {
        int tasks = 300;
        try (DeviceBuffer hits = s.upload(new int[tasks]); DeviceBuffer own = s.allocate(ElemType.INT, tasks)) {
            for (int i = 0; i < 3; i++) s.launch(mark, StaticGroups.of(k, 32, TaskMapping.DYNAMIC, tasks), hits, own);
            int[] h = new int[tasks];
            hits.read(h);
            for (int t = 0; t < tasks; t++) assertEquals(3, h[t], "task " + t);
        }
    }
}
