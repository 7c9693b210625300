package dev.perfport.core.kernel;

/** How a kernel must be launched. */
public enum LaunchForm {
    /** An ordinary NDRange of work-groups. May still use static local memory. */
    NDRANGE,
    /** Persistent static work-groups running tasks ({@link dev.perfport.core.launch.StaticGroups}). */
    STATIC_GROUPS
}
