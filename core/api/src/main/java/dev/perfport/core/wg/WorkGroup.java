package dev.perfport.core.wg;

import dev.perfport.core.kernel.ArgDef;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * One work-group as a {@link WorkGroupKernel} sees it: its geometry, its arguments, its local and
 * private memory, the static-local-memory hooks, and the task stream of a static work-group.
 *
 * <p>Work-items are addressed by their linear local id {@code lid} in {@code [0, localItems())};
 * {@link #localId(int, int)} and {@link #globalId(int, int)} give per-dimension ids. Successive
 * {@link #forEachItem(IntConsumer)} calls are separated by an implicit barrier.
 */
public interface WorkGroup extends GroupShape {

    // ---- geometry -------------------------------------------------------------------------

    /**
     * {@return the local id in dimension {@code d} of the work-item with linear local id {@code lid}}
     *
     * @param d   the dimension
     * @param lid the work-item's linear local id
     */
    default int localId(int d, int lid) {
        return switch (d) {
            case 0 -> lid % localSize(0);
            case 1 -> (lid / localSize(0)) % localSize(1);
            default -> lid / (localSize(0) * localSize(1));
        };
    }

    /**
     * {@return the global id in dimension {@code d} of the work-item with linear local id {@code lid}}
     *
     * @param d   the dimension
     * @param lid the work-item's linear local id
     */
    default long globalId(int d, int lid) {
        return groupId(d) * localSize(d) + localId(d, lid);
    }

    // ---- phases ---------------------------------------------------------------------------

    /**
     * Runs one barrier-free phase: {@code body} for every work-item, in local-id order. The next call
     * is the code after the barrier.
     *
     * @param body the phase's code, given each work-item's linear local id
     */
    default void forEachItem(IntConsumer body) {
        int n = localItems();
        for (int lid = 0; lid < n; lid++) body.accept(lid);
    }

    // ---- arguments ------------------------------------------------------------------------
    //
    // An argument is addressed by its position in the kernel definition's argument list
    // (KernelDef.Builder order, counted from 0), or by its name: g.floats("x") is
    // g.floats(indexOf("x")). The accessor must match the argument's memory level and type.

    /**
     * The definition's arguments in order; their positions are the indices the accessors take.
     * Empty where the device does not tell them (then only the index accessors work).
     *
     * @return the arguments
     */
    default List<ArgDef> argDefs() {
        return List.of();
    }

    /**
     * The position of a named argument. A lookup scans the arguments; a kernel that calls it in
     * an inner loop should look up once per group instead.
     *
     * @param name the argument's name in the definition
     * @return its index, for the index accessors
     * @throws IllegalArgumentException when no argument has this name (the message lists them)
     */
    default int indexOf(String name) {
        List<ArgDef> args = argDefs();
        for (int i = 0; i < args.size(); i++) if (args.get(i).name().equals(name)) return i;
        throw new IllegalArgumentException("the kernel has no argument '" + name + "'; its arguments: "
                + args.stream().map(ArgDef::name).toList());
    }

    /**
     * A global or constant int buffer argument by name.
     *
     * @param name the argument's name
     * @return the buffer's view
     */
    default GlobalInts ints(String name) {
        return ints(indexOf(name));
    }

    /**
     * A global or constant long buffer argument by name.
     *
     * @param name the argument's name
     * @return the buffer's view
     */
    default GlobalLongs longs(String name) {
        return longs(indexOf(name));
    }

    /**
     * A global or constant float buffer argument by name.
     *
     * @param name the argument's name
     * @return the buffer's view
     */
    default GlobalFloats floats(String name) {
        return floats(indexOf(name));
    }

    /**
     * A global or constant double buffer argument by name.
     *
     * @param name the argument's name
     * @return the buffer's view
     */
    default GlobalDoubles doubles(String name) {
        return doubles(indexOf(name));
    }

    /**
     * A private int scalar argument by name.
     *
     * @param name the argument's name
     * @return its value
     */
    default int intArg(String name) {
        return intArg(indexOf(name));
    }

    /**
     * A private long scalar argument by name.
     *
     * @param name the argument's name
     * @return its value
     */
    default long longArg(String name) {
        return longArg(indexOf(name));
    }

    /**
     * A private float scalar argument by name.
     *
     * @param name the argument's name
     * @return its value
     */
    default float floatArg(String name) {
        return floatArg(indexOf(name));
    }

    /**
     * A private double scalar argument by name.
     *
     * @param name the argument's name
     * @return its value
     */
    default double doubleArg(String name) {
        return doubleArg(indexOf(name));
    }

    /**
     * A local or static-local int array argument by name.
     *
     * @param name the argument's name
     * @return the array
     */
    default int[] localInts(String name) {
        return localInts(indexOf(name));
    }

    /**
     * A local or static-local float array argument by name.
     *
     * @param name the argument's name
     * @return the array
     */
    default float[] localFloats(String name) {
        return localFloats(indexOf(name));
    }

    /**
     * {@return the view of global or constant int buffer argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    GlobalInts ints(int arg);

    /**
     * {@return the view of global or constant long buffer argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    GlobalLongs longs(int arg);

    /**
     * {@return the view of global or constant float buffer argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    GlobalFloats floats(int arg);

    /**
     * {@return the view of global or constant double buffer argument {@code arg}}
     *
     * @param arg the argument's position in the definition, from 0
     */
    GlobalDoubles doubles(int arg);

    /**
     * {@return local int array argument {@code arg}} A LOCAL argument has one instance per group, a
     * STATIC_LOCAL one one instance per compute unit, alive across the groups run there.
     *
     * @param arg the argument's position in the definition, from 0
     */
    int[] localInts(int arg);

    /**
     * {@return local long array argument {@code arg}} As {@link #localInts(int)}.
     *
     * @param arg the argument's position in the definition, from 0
     */
    long[] localLongs(int arg);

    /**
     * {@return local float array argument {@code arg}} As {@link #localInts(int)}.
     *
     * @param arg the argument's position in the definition, from 0
     */
    float[] localFloats(int arg);

    /**
     * {@return local double array argument {@code arg}} As {@link #localInts(int)}.
     *
     * @param arg the argument's position in the definition, from 0
     */
    double[] localDoubles(int arg);

    // ---- private memory -------------------------------------------------------------------

    /**
     * {@return private per-work-item int state that survives barriers} {@code perItem} values for each
     * work-item, element {@code lid * perItem + j}. Counted against the kernel's declared private
     * footprint; asking for more is an error naming both numbers.
     *
     * @param perItem values per work-item
     */
    int[] privateInts(int perItem);

    /**
     * {@return private per-work-item long state} As {@link #privateInts(int)}.
     *
     * @param perItem values per work-item
     */
    long[] privateLongs(int perItem);

    /**
     * {@return private per-work-item float state} As {@link #privateInts(int)}.
     *
     * @param perItem values per work-item
     */
    float[] privateFloats(int perItem);

    /**
     * {@return private per-work-item double state} As {@link #privateInts(int)}.
     *
     * @param perItem values per work-item
     */
    double[] privateDoubles(int perItem);

    // ---- static local memory --------------------------------------------------------------

    /** {@return the compute unit running this group} */
    int unitId();

    /** {@return true for exactly one group on each compute unit that runs at least one group: the first there} */
    boolean firstGroupOnUnit();

    /** {@return true for exactly one group on each compute unit that runs at least one group: the last there} */
    boolean lastGroupOnUnit();

    // ---- static work-groups ---------------------------------------------------------------

    /** {@return index of this static work-group in [0, k); for NDRange launches the linear group id} */
    int staticGroupId();

    /** {@return total tasks of a static launch} */
    long taskCount();

    /** {@return the next task for this static work-group under the launch's mapping, or -1 when there are none left} */
    long nextTask();

    // ---- asynchronous copies (async_work_group_copy) ---------------------------------------

    /**
     * {@return an event for {@link #waitEvents(long...)}} {@code async_work_group_copy} from global to
     * local memory: all work-items of the group copy {@code n} elements together; the destination must
     * not be read before the wait. Emulated devices map this onto DMA (it bypasses the software
     * cache); the default copies at once.
     *
     * @param dst       the local array
     * @param dstOffset first element written
     * @param src       the global buffer
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(int[] dst, int dstOffset, GlobalInts src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(int[], int, GlobalInts, int, int)}, for long.
     *
     * @param dst       the local array
     * @param dstOffset first element written
     * @param src       the global buffer
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(long[] dst, int dstOffset, GlobalLongs src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(int[], int, GlobalInts, int, int)}, for float.
     *
     * @param dst       the local array
     * @param dstOffset first element written
     * @param src       the global buffer
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(float[] dst, int dstOffset, GlobalFloats src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(int[], int, GlobalInts, int, int)}, for double.
     *
     * @param dst       the local array
     * @param dstOffset first element written
     * @param src       the global buffer
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(double[] dst, int dstOffset, GlobalDoubles src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return 0;
    }

    /**
     * {@return an event for {@link #waitEvents(long...)}} {@code async_work_group_copy} from local to
     * global memory.
     *
     * @param dst       the global buffer
     * @param dstOffset first element written
     * @param src       the local array
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(GlobalInts dst, int dstOffset, int[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(GlobalInts, int, int[], int, int)}, for long.
     *
     * @param dst       the global buffer
     * @param dstOffset first element written
     * @param src       the local array
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(GlobalLongs dst, int dstOffset, long[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(GlobalInts, int, int[], int, int)}, for float.
     *
     * @param dst       the global buffer
     * @param dstOffset first element written
     * @param src       the local array
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(GlobalFloats dst, int dstOffset, float[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    /**
     * {@return an event} As {@link #asyncCopy(GlobalInts, int, int[], int, int)}, for double.
     *
     * @param dst       the global buffer
     * @param dstOffset first element written
     * @param src       the local array
     * @param srcOffset first element read
     * @param n         elements copied
     */
    default long asyncCopy(GlobalDoubles dst, int dstOffset, double[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return 0;
    }

    /**
     * {@code wait_group_events}: returns when the copies of these events are complete.
     *
     * @param events events from {@code asyncCopy}
     */
    default void waitEvents(long... events) {
    }

    // ---- cost accounting --------------------------------------------------------------------

    /**
     * Declares {@code count} operations of class {@code op} done by this group's work-items (in total,
     * not per item). Emulated devices charge them in their cost model; others ignore it.
     *
     * @param op    the class of operation
     * @param count how many, over the whole group
     */
    default void ops(Op op, long count) {
    }
}
