package dev.perfport.backend.aparapi.kernels;

import com.aparapi.Kernel;

/**
 * The base of perfport's Aparapi kernels: what the OpenCL prelude ({@code PP_PARAMS}) gives the
 * OpenCL C kernels, written as Aparapi fields and methods.
 *
 * <ul>
 *   <li><b>Counters</b>: {@link #countGlobalAtomic()} beside every global atomic adds one to
 *       {@code ppCounters[C_GLOBAL_ATOMICS]} (an atomic itself, like {@code PP_ATOMIC_ADD_INT}).</li>
 *   <li><b>Persistent work-groups</b> (static local memory, static work-groups; seed 003 §4): the
 *       kernel runs as k groups, each looping over its tasks with
 *       {@code for (int t = taskBegin(); t >= 0; t = taskNext(t))} written once at the top level of
 *       {@code run()}. Code before the loop is the "first group on this unit" hook, code after it
 *       the "last group" hook, and the group's {@code @Local} arrays outlive its tasks, so they are
 *       the static local memory. Tasks are handed out blocked, cyclic, or dynamically through an
 *       atomic counter; {@link #taskGroupId(int, int)} gives the logical work-group of a task of an
 *       NDRange run on persistent groups.</li>
 *   <li><b>Float bits</b>: Aparapi 3.0.2 translates neither {@code Float.floatToRawIntBits} nor
 *       {@code Float.intBitsToFloat}, and has no float atomics. Its translator maps a call to the
 *       OpenCL function named by {@code @OpenCLMapping} when the kernel's class hierarchy declares
 *       a method of the same name and signature with that annotation; the two private methods at
 *       the end declare {@code as_int} and {@code as_float} that way. Kernels call the JDK's own
 *       {@code Float.floatToRawIntBits(x)} and {@code Float.intBitsToFloat(b)}: on OpenCL the call
 *       becomes {@code as_int(x)} / {@code as_float(b)}, in the Java thread pool it is the JDK
 *       method. A float atomic add is then a compare-and-swap loop on an {@code AtomicInteger[]}
 *       holding the float's bits ({@code atomicCmpXchg}). Aparapi never copies such an array back
 *       from a device with its own memory in explicit mode, so a result must leave the kernel
 *       through an ordinary array (see {@link ReductionKernels#TICKET_NOTE}).</li>
 * </ul>
 *
 * Fields are the kernel's arguments, as in every Aparapi kernel; the session binds perfport's
 * buffers, local sizes and scalars to the fields a kernel names, in the order of its
 * {@link dev.perfport.core.kernel.KernelDef}. Tuning constants arrive through the constructor
 * (Aparapi has no {@code -D}): as final fields read by the kernel code.
 */
public abstract class PerfportKernel extends Kernel {
    /** Length of {@link #ppCounters}. */
    public static final int COUNTER_SLOTS = 8;
    /** Counter slot of global atomics. */
    public static final int C_GLOBAL_ATOMICS = 0;
    /** Values of {@link #ppMapping}: not persistent, blocked, cyclic, dynamic. */
    public static final int MAP_NONE = -1, MAP_BLOCKED = 0, MAP_CYCLIC = 1, MAP_DYNAMIC = 2;
    /** Local memory the task slot ({@link #ppSlot}) takes per group in a persistent kernel. */
    public static final long TASK_SLOT_BYTES = Integer.BYTES;

    /** Event counters, zeroed by the session before each launch. */
    protected int[] ppCounters = new int[COUNTER_SLOTS];
    /** 1: count global atomics; 0: do not ({@code perfport.aparapi.counters=false}). */
    protected int ppCount = 1;
    /** Tasks of a persistent launch: logical work-groups, or the tasks of StaticGroups. */
    protected int ppTasks;
    /** How tasks are handed to persistent groups, one of {@code MAP_*}. */
    protected int ppMapping = MAP_NONE;
    /** Logical work-groups in dimensions 0 and 1 of an NDRange run on persistent groups. */
    protected int ppNg0 = 1;
    protected int ppNg1 = 1;
    /** The next task of the dynamic mapping, zeroed by the session before each launch. */
    protected int[] ppNext = new int[1];
    /** Where work-item 0 leaves the task it took for its group. */
    @Local
    protected int[] ppSlot = new int[1];

    /** Counts one global atomic; call it beside the atomic, in the work-item that issues it. */
    protected final void countGlobalAtomic() {
        if (ppCount != 0) atomicAdd(ppCounters, C_GLOBAL_ATOMICS, 1);
    }

    /** The first task of this persistent group, or -1. */
    protected final int taskBegin() {
        if (ppMapping == MAP_DYNAMIC) return takeTask();
        int sg = getGroupId(0);
        if (ppMapping == MAP_CYCLIC) return sg < ppTasks ? sg : -1;
        int k = getNumGroups(0);
        int s = (int) (((long) ppTasks * sg) / k);
        int e = (int) (((long) ppTasks * (sg + 1)) / k);
        return s < e ? s : -1;
    }

    /** The task after {@code t} of this persistent group, or -1. */
    protected final int taskNext(int t) {
        if (ppMapping == MAP_DYNAMIC) return takeTask();
        int k = getNumGroups(0);
        if (ppMapping == MAP_CYCLIC) return t + k < ppTasks ? t + k : -1;
        int e = (int) (((long) ppTasks * (getGroupId(0) + 1)) / k);
        return t + 1 < e ? t + 1 : -1;
    }

    /** Dynamic mapping: work-item 0 takes the next task from the global counter for the whole group. */
    protected final int takeTask() {
        localBarrier();
        if (getLocalId(0) == 0 && getLocalId(1) == 0 && getLocalId(2) == 0) ppSlot[0] = atomicAdd(ppNext, 0, 1);
        localBarrier();
        int v = ppSlot[0];
        return v < ppTasks ? v : -1;
    }

    /** The logical work-group id in dimension {@code d} of task {@code t} (an NDRange run on persistent groups). */
    protected final int taskGroupId(int t, int d) {
        if (d == 0) return t % ppNg0;
        if (d == 1) return (t / ppNg0) % ppNg1;
        return t / (ppNg0 * ppNg1);
    }

    /**
     * Local memory this kernel declares beyond its definition's LOCAL arguments and the task slot
     * of persistent kernels, for a group of {@code localItems} work-items: hidden scratch arrays a
     * subclass adds (Aparapi only passes the arrays a kernel's code uses).
     */
    public long hiddenLocalBytes(long localItems) {
        return 0;
    }

    /**
     * Called by the session before each launch with the work-items per group, for kernels that
     * size hidden {@code @Local} arrays by the group (a subclass that does adds their bytes to
     * {@link #hiddenLocalBytes}).
     */
    public void prepareLaunch(int localItems) {
    }

    // ---- float bits: see the class comment. Never called from Java; the bodies only have to be
    // translatable, because Aparapi translates every method it resolves a call to. -------------

    @OpenCLMapping(mapTo = "as_int")
    @SuppressWarnings("unused")
    private int floatToRawIntBits(float value) {
        return 0;
    }

    @OpenCLMapping(mapTo = "as_float")
    @SuppressWarnings("unused")
    private float intBitsToFloat(int bits) {
        return 0f;
    }
}
