package dev.perfport.core.backend;

import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.result.Counters;

import java.util.Arrays;
import java.util.Map;
import java.util.function.ToIntFunction;

/**
 * The grid a route launches for a validated launch, with the prelude's hidden arguments, for the
 * routes that emulate static work-groups and static local memory on persistent work-groups
 * (jocl, aparapi, tornado; seed 003 §4). A persistent kernel's {@code StaticGroups} launch runs
 * its tasks on its k groups with its mapping; its NDRange runs its logical work-groups, blocked,
 * on min(groups, residency) groups. An ordinary kernel's NDRange runs as it is.
 *
 * @param groups     k, the persistent work-groups launched (0 for an ordinary launch)
 * @param tasks      the tasks (logical work-groups) they run; saturated at the int range for an ordinary launch
 * @param mapping    {@link OpenClPrelude#MAP_BLOCKED}, {@code MAP_CYCLIC} or {@code MAP_DYNAMIC};
 *                   {@link OpenClPrelude#MAP_NONE} for an ordinary launch
 * @param ng0        logical work-groups in dimension 0
 * @param ng1        logical work-groups in dimension 1
 * @param workGroups the logical work-groups
 * @param global     the global size per dimension launched: k·local in dimension 0 for a persistent launch
 */
public record LaunchGrid(int groups, int tasks, int mapping, int ng0, int ng1, long workGroups, long[] global) {

    /**
     * {@return the grid of an ordinary (not persistent) kernel's launch}
     *
     * @param r the launch
     */
    public static LaunchGrid ordinary(NDRange r) {
        // an ordinary kernel does not need these; saturate rather than wrap if they exceed int
        return new LaunchGrid(0, saturate(r.groupCount()), OpenClPrelude.MAP_NONE, saturate(r.groups(0)),
                r.dims() > 1 ? saturate(r.groups(1)) : 1, r.groupCount(), r.globalSizes());
    }

    /**
     * {@return the persistent grid of a launch of a persistent kernel}
     *
     * @param launch    the launch
     * @param residency the residency of groups of a local size (the launch's, as {@code long[]})
     * @param where     the kernel and device, for errors
     * @param intLimit  what in the route limits counts and ids to an int, for errors: "that ... can address"
     * @throws InvalidLaunchException where a count exceeds an int or no persistent group fits
     */
    public static LaunchGrid persistent(Launch launch, ToIntFunction<long[]> residency, String where, String intLimit) {
        int dims = launch.dims();
        long[] local = launch.localSizes();
        int tasks, groups, mapping, ng0, ng1;
        if (launch instanceof StaticGroups sg) {
            tasks = checkInt(sg.tasks(), "tasks", where, intLimit);
            groups = sg.k();
            mapping = switch (sg.mapping()) {
                case BLOCKED -> OpenClPrelude.MAP_BLOCKED;
                case CYCLIC -> OpenClPrelude.MAP_CYCLIC;
                case DYNAMIC -> OpenClPrelude.MAP_DYNAMIC;
            };
            ng0 = tasks;
            ng1 = 1;
        } else {
            NDRange r = (NDRange) launch;
            tasks = checkInt(r.groupCount(), "logical work-groups", where, intLimit);
            for (int d = 0; d < dims; d++) checkInt(r.global(d), "work-items in dimension " + d, where, intLimit);
            int res = residency.applyAsInt(local.clone());
            if (res < 1) {
                throw new InvalidLaunchException(where + ": no persistent work-group of local size "
                        + Arrays.toString(local) + " fits (residency 0), so static local memory cannot be emulated");
            }
            groups = Math.min(tasks, res);
            mapping = OpenClPrelude.MAP_BLOCKED;
            ng0 = (int) r.groups(0);
            ng1 = dims > 1 ? (int) r.groups(1) : 1;
        }
        long[] global = local.clone();
        global[0] = (long) groups * local[0];
        return new LaunchGrid(groups, tasks, mapping, ng0, ng1, tasks, global);
    }

    /** {@return whether this is a persistent kernel's launch} */
    public boolean persistent() {
        return mapping != OpenClPrelude.MAP_NONE;
    }

    /**
     * Adds the launch's counters: its work-groups, and for a persistent launch the groups (units)
     * used and, where the kernel has static local memory, its initialisations (the code before
     * the task loop runs once in every persistent group).
     *
     * @param counters    the row's counters
     * @param staticLocal whether the kernel has static local memory
     * @param times       launches of this grid (the repeated launches of one call)
     */
    public void addCounters(Map<String, Long> counters, boolean staticLocal, int times) {
        counters.put(Counters.WORK_GROUPS, workGroups * times);
        if (!persistent()) return;
        counters.put(Counters.UNITS_USED, (long) groups);
        if (staticLocal) counters.put(Counters.STATIC_LOCAL_INITS, (long) groups * times);
    }

    private static int saturate(long v) {
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    /**
     * {@return {@code value} as an int}
     *
     * @param value    a count
     * @param what     what it counts
     * @param where    the kernel and device
     * @param intLimit what in the route limits it to an int: "that ... can address"
     * @throws InvalidLaunchException where it exceeds {@link Integer#MAX_VALUE}
     */
    public static int checkInt(long value, String what, String where, String intLimit) {
        if (value > Integer.MAX_VALUE) {
            throw new InvalidLaunchException(where + ": " + value + " " + what + " exceed the " + Integer.MAX_VALUE + " " + intLimit);
        }
        return (int) value;
    }
}
