package dev.perfport.core.backend;

import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;

import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * How a persistent kernel's launch runs on k persistent work-groups (seed 003 §4), for the routes
 * that emulate static work-groups and static local memory that way (jocl, aparapi, tornado): a
 * {@code StaticGroups} launch runs its tasks on its k groups with its mapping; an NDRange runs its
 * logical work-groups, blocked, on min(groups, residency) groups.
 *
 * @param groups  k, the persistent work-groups launched
 * @param tasks   the tasks (logical work-groups) they run
 * @param mapping {@link OpenClPrelude#MAP_BLOCKED}, {@code MAP_CYCLIC} or {@code MAP_DYNAMIC}
 * @param ng0     logical work-groups in dimension 0
 * @param ng1     logical work-groups in dimension 1
 * @param local   the local size per dimension
 * @param global  the global size per dimension of the persistent launch: k·local in dimension 0
 */
public record PersistentGrid(int groups, int tasks, int mapping, int ng0, int ng1, long[] local, long[] global) {

    /**
     * {@return the persistent grid of a launch of a persistent kernel}
     *
     * @param launch    the launch
     * @param residency the residency of groups of a local size (the launch's, as {@code long[]})
     * @param where     the kernel and device, for errors
     * @param intLimit  what in the route limits counts and ids to an int, for errors: "that ... can address"
     * @throws InvalidLaunchException where a count exceeds an int or no persistent group fits
     */
    public static PersistentGrid of(Launch launch, ToIntFunction<long[]> residency, String where, String intLimit) {
        int dims = launch.dims();
        long[] local = new long[dims];
        for (int d = 0; d < dims; d++) local[d] = launch.local(d);
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
        return new PersistentGrid(groups, tasks, mapping, ng0, ng1, local, global);
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
