package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.params.provider.Arguments;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checks of static work-groups and static local memory on persistent groups that a route's own
 * tests run with its own kernels. The task mappings take a "mark" kernel: a {@code STATIC_GROUPS} kernel of two int buffers {@code (hits, owner)} in which
 * every task {@code t} adds 1 to {@code hits[t]} and writes its static group's index to
 * {@code owner[t]}, with work-groups of 64 (and 32) work-items.
 */
public final class TaskMappingChecks {
    private TaskMappingChecks() {
    }

    /**
     * {@return the cases of {@link #everyTaskRunsExactlyOnce}: every mapping, 0, 1, 7 and 1000 tasks,
     * and k named as in {@link #k}} For {@code @MethodSource("dev.perfport.conformance.TaskMappingChecks#mappings")}.
     */
    public static Stream<Arguments> mappings() {
        List<Arguments> l = new ArrayList<>();
        for (TaskMapping m : TaskMapping.values()) {
            for (int tasks : new int[]{0, 1, 7, 1000}) {
                for (String k : new String[]{"1", "small", "all"}) l.add(Arguments.of(m, tasks, k));
            }
        }
        return l.stream();
    }

    /**
     * {@return k: 1, at most 4, or the full residency}
     *
     * @param which     {@code 1}, {@code small} or {@code all}
     * @param residency the residency of the mark kernel's groups
     */
    public static int k(String which, int residency) {
        return switch (which) {
            case "1" -> 1;
            case "small" -> Math.min(residency, 4);
            default -> residency;
        };
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

    /**
     * Static local memory on persistent groups with the route's "hooks" kernel, of arguments
     * {@code (perUnit, lastTask, inits, total)} (int buffers) and a static local int array of 2:
     * the first-group hook runs once per persistent group (counted in {@code inits}), every
     * logical group adds 1 to {@code total} and to its persistent group's count, the last-group
     * hook writes the count to {@code perUnit[g]} and the last task to {@code lastTask[g]} with
     * one counted atomic.
     *
     * @param s            the session
     * @param hooks        the route's hooks kernel, compiled by {@code s}
     * @param groups       logical groups (tasks of a static launch)
     * @param local        work-items per group
     * @param mapping      BLOCKED or CYCLIC (an NDRange launch is BLOCKED)
     * @param staticLaunch a {@code StaticGroups} launch, else an NDRange of {@code groups} groups
     * @param kGroups      the persistent groups that run them, at most the residency
     */
    public static void staticLocalHooks(DeviceSession s, CompiledKernel hooks, int groups, int local, TaskMapping mapping,
                                        boolean staticLaunch, int kGroups) {
        int units = Math.max(kGroups, 1);
        int[] minus = new int[units];
        Arrays.fill(minus, -2);
        try (DeviceBuffer perUnit = s.upload(minus.clone()); DeviceBuffer last = s.upload(minus.clone());
             DeviceBuffer inits = s.upload(new int[1]); DeviceBuffer total = s.upload(new int[1])) {
            LaunchStats st = staticLaunch
                    ? s.launch(hooks, StaticGroups.of(kGroups, local, mapping, groups), perUnit, last, inits, total, LocalSize.of(2))
                    : s.launch(hooks, NDRange.of((long) groups * local, local), perUnit, last, inits, total, LocalSize.of(2));
            int[] pu = new int[units], lt = new int[units], in = new int[1], tot = new int[1];
            perUnit.read(pu);
            last.read(lt);
            inits.read(in);
            total.read(tot);
            assertEquals(kGroups, in[0], "first hook runs once per persistent group");
            assertEquals(groups, tot[0], "every logical group counted once");
            for (int g = 0; g < kGroups; g++) {
                int count, lastT;
                if (mapping == TaskMapping.BLOCKED) {
                    int s0 = (int) ((long) groups * g / kGroups), e0 = (int) ((long) groups * (g + 1) / kGroups);
                    count = e0 - s0;
                    lastT = count > 0 ? e0 - 1 : -1;
                } else {    // CYCLIC
                    count = g < groups ? (groups - 1 - g) / kGroups + 1 : 0;
                    lastT = count > 0 ? g + (count - 1) * kGroups : -1;
                }
                assertEquals(count, pu[g], "tasks run by persistent group " + g);
                assertEquals(lastT, lt[g], "last task of persistent group " + g);
            }
            Map<String, Long> c = st.counters();
            assertEquals((long) kGroups, c.get(Counters.GLOBAL_ATOMICS), "one counted atomic per last hook");
            assertEquals((long) kGroups, c.get(Counters.UNITS_USED));
            assertEquals((long) kGroups, c.get(Counters.STATIC_LOCAL_INITS));
            assertEquals((long) groups, c.get(Counters.WORK_GROUPS));
        }
    }
}
