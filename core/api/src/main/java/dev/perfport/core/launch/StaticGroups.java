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

    public static StaticGroups of(int k, long local, TaskMapping mapping, long tasks) {
        return new StaticGroups(k, new long[]{local}, mapping, tasks);
    }

    public int k() {
        return k;
    }

    public TaskMapping mapping() {
        return mapping;
    }

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

    public long[] localSizes() {
        return local.clone();
    }

    @Override
    public long groupCount() {
        return k;
    }

    /** First task of group g under BLOCKED mapping. */
    public long blockStart(int g) {
        return tasks * g / k;
    }

    @Override
    public String toString() {
        return "StaticGroups(k " + k + ", local " + Arrays.toString(local) + ", " + mapping.name().toLowerCase() + ", tasks " + tasks + ")";
    }
}
