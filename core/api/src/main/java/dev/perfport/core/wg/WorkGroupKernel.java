package dev.perfport.core.wg;

/**
 * A kernel in the Java work-group dialect: {@link #run(WorkGroup)} is called once per work-group
 * (or once per static work-group). The work-items of the group are not threads: the kernel
 * expresses each barrier-separated phase as a loop over them, usually through
 * {@link WorkGroup#forEachItem(java.util.function.IntConsumer)}. Values a work-item keeps across
 * a barrier live in {@link WorkGroup#privateInts(int) private arrays} indexed by its local id.
 * This is the loop fission of seed 003's START/END macros.
 */
@FunctionalInterface
public interface WorkGroupKernel {
    /**
     * Runs one work-group (or one static work-group).
     *
     * @param g the group: its geometry, arguments, local and private memory
     */
    void run(WorkGroup g);
}
