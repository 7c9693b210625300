package dev.perfport.core.device;

/** Who shares one instance of a memory level. */
public enum MemoryScope {
    /** One instance for the whole device, shared by every work-item (and the host, where visible). */
    DEVICE,
    /** One instance per compute unit, shared by all work-groups that run there (static local memory). */
    COMPUTE_UNIT,
    /** One instance per work-group. */
    WORK_GROUP,
    /** One instance per work-item. */
    WORK_ITEM
}
