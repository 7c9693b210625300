package dev.perfport.core.device;

/**
 * The OpenCL memory levels plus static local memory (Breitbart &amp; Fohry, seed 003 §4.1):
 * a per-compute-unit region that outlives the work-groups run there.
 */
public enum MemoryLevel {
    /** Device memory every work-item can read and write; host-visible through buffers. */
    GLOBAL(MemoryScope.DEVICE, true),
    /** Read-only device memory for kernels; host-visible through buffers. */
    CONSTANT(MemoryScope.DEVICE, true),
    /** One instance per compute unit, alive across the work-groups run there (seed 003 §4.1). */
    STATIC_LOCAL(MemoryScope.COMPUTE_UNIT, false),
    /** One instance per work-group, shared by its work-items. */
    LOCAL(MemoryScope.WORK_GROUP, false),
    /** One instance per work-item: registers, scalars. */
    PRIVATE(MemoryScope.WORK_ITEM, false);

    private final MemoryScope scope;
    private final boolean hostVisible;

    MemoryLevel(MemoryScope scope, boolean hostVisible) {
        this.scope = scope;
        this.hostVisible = hostVisible;
    }

    /** {@return who shares one instance} */
    public MemoryScope scope() {
        return scope;
    }

    /** {@return whether the host can allocate and copy buffers of this level} */
    public boolean hostVisible() {
        return hostVisible;
    }

    /** {@return true for levels that kernels receive as buffers (global, constant)} */
    public boolean isBuffer() {
        return hostVisible;
    }

    /** {@return true for levels whose size is given at launch (local, static local)} */
    public boolean isLocalAllocation() {
        return this == LOCAL || this == STATIC_LOCAL;
    }
}
