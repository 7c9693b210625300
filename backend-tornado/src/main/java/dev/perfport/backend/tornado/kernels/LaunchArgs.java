package dev.perfport.backend.tornado.kernels;

import dev.perfport.core.kernel.Constants;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a {@link TornadoKernel.Binder} gets to add a kernel's task(s) to a task graph: the
 * launch's arguments by the index of the kernel definition's argument, already converted to
 * TornadoVM's types, and the hidden arguments every perfport kernel takes.
 *
 * <p>Scalars and local lengths are passed to TornadoVM as scalar task parameters. TornadoVM
 * compiles scalar parameters into the kernel as constants, which is what lets
 * {@code allocate*LocalArray(length)} take a parameter: every distinct local size is a kernel
 * compiled of its own (the per-constant kernels TornadoVM needs, anchors.md §1b).
 */
public interface LaunchArgs {

    /** The task graph the binder adds its task(s) to, after the session's transfers. */
    TaskGraph graph();

    /** Id of the main task; its grid is the launch's (GridScheduler "graph.task"). */
    String task();

    /** The kernel context of the main task. */
    KernelContext context();

    /**
     * Hidden event counters, zeroed before every launch; slot {@link #GLOBAL_ATOMICS} counts
     * global atomics ({@code ctx.atomicAdd(counters, 0, 1)} beside every global atomic).
     */
    IntArray counters();

    /**
     * 1 when the kernel counts its global atomics in {@link #counters()}, 0 when counting is off
     * ({@code perfport.tornado.counters=false}). Kernels pass it as a scalar parameter and guard
     * each counter atomic with it: TornadoVM compiles the 0 in and drops the atomic, which on a GPU
     * costs as much as jocl's counted atomic (the reduction's local-atomic: one more same-address
     * atomic per work-group, 1.35x jocl's kernel time on the H100 with jocl's counters off).
     */
    int counting();

    /** Counter slot of global atomics. */
    int GLOBAL_ATOMICS = 0;

    IntArray ints(int arg);

    FloatArray floats(int arg);

    LongArray longs(int arg);

    DoubleArray doubles(int arg);

    int intArg(int arg);

    long longArg(int arg);

    float floatArg(int arg);

    double doubleArg(int arg);

    /** The kernel's tuning constants (the definition's defaults overridden by those given to compile). */
    Constants constants();

    /** Elements of a LOCAL or STATIC_LOCAL argument (its LocalSize). */
    int localLength(int arg);

    /** The launch's local size in dimension {@code d} (1 past its dimensions). */
    int localSize(int d);

    /** Tasks of a persistent launch: logical work-groups, or the tasks of StaticGroups; else the work-groups. */
    int tasks();

    /** {@link #BLOCKED}, {@link #CYCLIC} or {@link #DYNAMIC} for a persistent launch; {@link #BLOCKED} otherwise. */
    int mapping();

    /** Mapping values: as the OpenCL prelude's PP_MAP_*. */
    int BLOCKED = 0, CYCLIC = 1, DYNAMIC = 2;

    /** Logical work-groups in dimension 0 and 1 of a persistent launch of an NDRange. */
    int ng0();

    int ng1();

    /**
     * Zero-initialised task counter of the dynamic mapping; only when {@link #mapping()} is
     * {@link #DYNAMIC}. Take tasks with getAndIncrement at ONE call site (TornadoVM gives every
     * call site a counter of its own), and pass it only to a kernel that uses it (TornadoVM cannot
     * compile a kernel with an unused AtomicInteger parameter).
     */
    AtomicInteger next();

    /**
     * A zeroed counter for kernels that declare {@link TornadoKernel#ticket()}: getAndIncrement at
     * ONE call site returns each caller's arrival order (the return value TornadoVM's int atomics
     * lack).
     */
    AtomicInteger ticket();

    /**
     * Work-groups that may each issue one deferred float atomic: the NDRange's work-groups, or k
     * for a persistent launch. Slot i of {@link #deferredFloatOps()} belongs to group i.
     */
    int groups();

    /** One slot per work-group for deferred float atomic adds; only for kernels that declare them. */
    FloatArray deferredFloatOps();

    /**
     * Adds, after the main task, the task that applies the deferred float atomic adds: it adds
     * the {@link #groups()} operands to {@code target[index]}.
     */
    void applyDeferredFloatAdds(FloatArray target, int index);

    /**
     * Appends a task of one work-group that sums {@code partial[0, count)} into {@code target[0]}
     * (set, not add): the second half of a kernel whose groups left one partial each, run after
     * the kernel's own task in the same graph (TornadoVM has no global fence for a last-group ticket).
     */
    void sumPartials(IntArray partial, IntArray target, int count);

    /** As {@link #sumPartials(IntArray, IntArray, int)} for floats. */
    void sumPartials(FloatArray partial, FloatArray target, int count);
}
