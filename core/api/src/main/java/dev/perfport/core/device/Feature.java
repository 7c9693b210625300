package dev.perfport.core.device;

/** Features beyond the memory levels that a kernel may need. */
public enum Feature {
    /** Persistent work-groups, no more than can be co-resident, running tasks in a user mapping (seed 003 §4.2). */
    STATIC_WORK_GROUPS,
    /** Atomic add on 32-bit integers in global memory. */
    GLOBAL_INT_ATOMICS,
    /** Atomic add on 32-bit floats in global memory (a compare-and-swap loop on OpenCL 1.x). */
    GLOBAL_FLOAT_ATOMICS,
    /** 64-bit floating point in kernels. */
    DOUBLE_PRECISION,
    /** {@code async_work_group_copy} between global and local memory. */
    ASYNC_COPY,
    /**
     * The device keeps as many work-groups in flight per unit as a kernel asks with the constant
     * {@code PP_GROUPS_IN_FLIGHT} (software multi-buffering, seed 003 §2.3). Where unsupported the
     * device schedules groups itself and the constant has no effect.
     */
    GROUPS_IN_FLIGHT
}
