package dev.perfport.core.launch;

import java.util.Arrays;
import java.util.Objects;

/**
 * Persistent static work-groups: {@code k} groups, all co-resident (never more than the device's
 * residency query allows), each running a sequence of tasks given by {@code mapping}.
 */
public final class StaticGroups implements Launch {
    private final int k;
    private final long[] local;
    private final TaskMapping mapping;
    private final long tasks;

    /**
     * A launch of {@code k} persistent groups.
     *
     * @param k       groups, at least 1 and at most the residency query's answer
     * @param local   local size per dimension (1 to 3)
     * @param mapping how tasks are handed to groups
     * @param tasks   tasks in all, at least 0
     */
    public StaticGroups(int k, long[] local, TaskMapping mapping, long tasks) {
        if (k < 1) throw new IllegalArgumentException("static work-group count k must be >= 1, got " + k);
        if (local.length < 1 || local.length > 3) throw new IllegalArgumentException("local size has 1 to 3 dimensions");
        for (long l : local) if (l < 1) throw new IllegalArgumentException("local sizes must be positive: " + Arrays.toString(local));
        if (tasks < 0) throw new IllegalArgumentException("task count must be >= 0, got " + tasks);
        this.k = k;
        this.local = local.clone();
        this.mapping = Objects.requireNonNull(mapping);
        this.tasks = tasks;
    }

    /**
     * {@return a one-dimensional launch of {@code k} persistent groups}
     *
     * @param k       groups
     * @param local   local size
     * @param mapping how tasks are handed to groups
     * @param tasks   tasks in all
     */
    public static StaticGroups of(int k, long local, TaskMapping mapping, long tasks) {
        return new StaticGroups(k, new long[]{local}, mapping, tasks);
    }

    /** {@return the number of groups} */
    public int k() {
        return k;
    }

    /** {@return how tasks are handed to groups} */
    public TaskMapping mapping() {
        return mapping;
    }

    /** {@return the number of tasks} */
    public long tasks() {
        return tasks;
    }

    @Override
    public int dims() {
        return local.length;
    }

    @Override
    public long local(int d) {
        return local[d];
    }

    /** {@return the local size per dimension (a copy)} */
    public long[] localSizes() {
        return local.clone();
    }

    @Override
    public long groupCount() {
        return k;
    }

    /**
     * {@return the first task of group {@code g} under the BLOCKED mapping}
     *
     * @param g the group, 0 to k
     */
    public long blockStart(int g) {
        return tasks * g / k;
    }

    @Override
    public String toString() {
        return "StaticGroups(k " + k + ", local " + Arrays.toString(local) + ", " + mapping.name().toLowerCase() + ", tasks " + tasks + ")";
    }
}
