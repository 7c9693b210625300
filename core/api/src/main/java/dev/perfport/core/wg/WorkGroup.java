package dev.perfport.core.wg;

import dev.perfport.core.kernel.Constants;

import java.util.function.IntConsumer;

/**
 * One work-group as a {@link WorkGroupKernel} sees it: its geometry, its arguments, its local and
 * private memory, the static-local-memory hooks, and the task stream of a static work-group.
 *
 * <p>Work-items are addressed by their linear local id {@code lid} in {@code [0, localItems())};
 * {@link #localId(int, int)} and {@link #globalId(int, int)} give per-dimension ids. Successive
 * {@link #forEachItem(IntConsumer)} calls are separated by an implicit barrier.
 */
public interface WorkGroup {

    // ---- geometry -------------------------------------------------------------------------

    int dims();

    /** Group id in dimension d (for a static work-group: the id of the current task's group is up to the kernel). */
    long groupId(int d);

    long numGroups(int d);

    int localSize(int d);

    long globalSize(int d);

    /** Work-items in this group. */
    int localItems();

    /** Linear id of this group in the NDRange (x fastest). */
    long groupLinearId();

    /** Local id in dimension d of the work-item with linear local id lid. */
    default int localId(int d, int lid) {
        return switch (d) {
            case 0 -> lid % localSize(0);
            case 1 -> (lid / localSize(0)) % localSize(1);
            default -> lid / (localSize(0) * localSize(1));
        };
    }

    /** Global id in dimension d of the work-item with linear local id lid. */
    default long globalId(int d, int lid) {
        return groupId(d) * localSize(d) + localId(d, lid);
    }

    // ---- phases ---------------------------------------------------------------------------

    /**
     * Runs one barrier-free phase: {@code body} for every work-item, in local-id order. The
     * next call is the code after the barrier.
     */
    default void forEachItem(IntConsumer body) {
        int n = localItems();
        for (int lid = 0; lid < n; lid++) body.accept(lid);
    }

    // ---- arguments ------------------------------------------------------------------------

    GlobalInts ints(int arg);

    GlobalLongs longs(int arg);

    GlobalFloats floats(int arg);

    GlobalDoubles doubles(int arg);

    int intArg(int arg);

    long longArg(int arg);

    float floatArg(int arg);

    double doubleArg(int arg);

    /** A LOCAL argument (one instance per group) or STATIC_LOCAL argument (one per compute unit). */
    int[] localInts(int arg);

    long[] localLongs(int arg);

    float[] localFloats(int arg);

    double[] localDoubles(int arg);

    /** The kernel's tuning constants. */
    Constants constants();

    // ---- private memory -------------------------------------------------------------------

    /**
     * Private per-work-item state that must survive barriers: {@code perItem} values for each
     * work-item, element {@code lid * perItem + j}. Counted against the kernel's declared private
     * footprint; asking for more is an error naming both numbers.
     */
    int[] privateInts(int perItem);

    long[] privateLongs(int perItem);

    float[] privateFloats(int perItem);

    double[] privateDoubles(int perItem);

    // ---- static local memory --------------------------------------------------------------

    /** The compute unit running this group. */
    int unitId();

    /** True for exactly one group on each compute unit that runs at least one group: the first there. */
    boolean firstGroupOnUnit();

    /** True for exactly one group on each compute unit that runs at least one group: the last there. */
    boolean lastGroupOnUnit();

    // ---- static work-groups ---------------------------------------------------------------

    /** Index of this static work-group in [0, k); for NDRange launches the linear group id. */
    int staticGroupId();

    /** k for static launches; the number of groups otherwise. */
    int staticGroupCount();

    /** Total tasks of a static launch. */
    long taskCount();

    /** The next task for this static work-group under the launch's mapping, or -1 when there are none left. */
    long nextTask();

    // ---- asynchronous copies (async_work_group_copy) ---------------------------------------

    /**
     * {@code async_work_group_copy} from global to local memory: all work-items of the group
     * copy {@code n} elements together. Returns an event for {@link #waitEvents(long...)}; the
     * destination must not be read before the wait. Emulated devices map this onto DMA (it
     * bypasses the software cache); the default copies at once.
     */
    default long asyncCopy(int[] dst, int dstOffset, GlobalInts src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    default long asyncCopy(long[] dst, int dstOffset, GlobalLongs src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    default long asyncCopy(float[] dst, int dstOffset, GlobalFloats src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    default long asyncCopy(double[] dst, int dstOffset, GlobalDoubles src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    /** {@code async_work_group_copy} from local to global memory. */
    default long asyncCopy(GlobalInts dst, int dstOffset, int[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    default long asyncCopy(GlobalLongs dst, int dstOffset, long[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    default long asyncCopy(GlobalFloats dst, int dstOffset, float[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    default long asyncCopy(GlobalDoubles dst, int dstOffset, double[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    /** {@code wait_group_events}: returns when the copies of these events are complete. */
    default void waitEvents(long... events) {
    }

    // ---- cost accounting --------------------------------------------------------------------

    /**
     * Declares {@code count} operations of class {@code op} done by this group's work-items (in
     * total, not per item). Emulated devices charge them in their cost model; others ignore it.
     */
    default void ops(Op op, long count) {
    }
}
