package dev.perfport.core.device;

/**
 * The OpenCL memory levels plus static local memory (Breitbart &amp; Fohry, seed 003 §4.1):
 * a per-compute-unit region that outlives the work-groups run there.
 */
public enum MemoryLevel {
    GLOBAL(MemoryScope.DEVICE, true),
    CONSTANT(MemoryScope.DEVICE, true),
    STATIC_LOCAL(MemoryScope.COMPUTE_UNIT, false),
    LOCAL(MemoryScope.WORK_GROUP, false),
    PRIVATE(MemoryScope.WORK_ITEM, false);

    private final MemoryScope scope;
    private final boolean hostVisible;

    MemoryLevel(MemoryScope scope, boolean hostVisible) {
        this.scope = scope;
        this.hostVisible = hostVisible;
    }

    public MemoryScope scope() {
        return scope;
    }

    /** Whether the host can allocate and copy buffers of this level. */
    public boolean hostVisible() {
        return hostVisible;
    }

    /** True for levels that kernels receive as buffers (global, constant). */
    public boolean isBuffer() {
        return hostVisible;
    }

    /** True for levels whose size is given at launch (local, static local). */
    public boolean isLocalAllocation() {
        return this == LOCAL || this == STATIC_LOCAL;
    }
}
