package dev.perfport.backend.tornado;

import java.util.Arrays;

/**
 * The shape a plan is compiled and launched with.
 *
 * @param global     work-items per dimension TornadoVM runs (k x local for a persistent launch)
 * @param local      the local size
 * @param persistent whether the kernel runs as persistent groups
 * @param tasks      tasks of a persistent launch (logical work-groups or StaticGroups tasks), else work-groups
 * @param mapping    LaunchArgs.BLOCKED, CYCLIC or DYNAMIC
 * @param ng0        logical work-groups in dimension 0 (persistent NDRange), else groups in dimension 0
 * @param ng1        logical work-groups in dimension 1, else 1
 * @param groups     groups that really run: k when persistent, else the work-groups
 * @param logical    logical work-groups (counter workGroups)
 */
record Geometry(int[] global, int[] local, boolean persistent, int tasks, int mapping, int ng0, int ng1,
                int groups, long logical) {

    int dims() {
        return global.length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Geometry g && Arrays.equals(global, g.global) && Arrays.equals(local, g.local)
                && persistent == g.persistent && tasks == g.tasks && mapping == g.mapping && ng0 == g.ng0 && ng1 == g.ng1
                && groups == g.groups && logical == g.logical;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(global) * 31 + Arrays.hashCode(local) * 7 + tasks * 3 + mapping + groups;
    }

    @Override
    public String toString() {
        return "global " + Arrays.toString(global) + ", local " + Arrays.toString(local)
                + (persistent ? ", persistent k=" + groups + " tasks=" + tasks + " mapping=" + mapping : "");
    }
}
