package dev.perfport.backend.tornado.kernels;

/**
 * Float global atomics, deferred. TornadoVM 5.2's Kernel API cannot add a float atomically on
 * OpenCL ({@code KernelContext.atomicAdd(FloatArray, ...)} fails to compile: "the atom_add function
 * does not support floating point operations"), its int atomics return nothing, so no
 * compare-and-swap loop can be written, and its AtomicInteger gives every call site a counter of
 * its own, so no lock can be built either.
 *
 * <p>A float atomic add whose result is not used is observationally the same as recording the
 * operand and adding it once every group has finished: nothing reads the target while the kernel
 * runs, and atomics have no order. So a kernel writes its operand to a slot of its own
 * ({@code ops[group]}), counts the atomic as usual, and {@code ReductionTornado.addDeferred} — a second
 * task of the same task graph, so the same device buffers and an in-order queue — adds the operands to
 * the target: the reduction's final one-group sum, written once in the reduction template.
 * The cost differs from a hardware float atomic (no contention, one extra small kernel); the
 * device's property {@code globalFloatAtomics} says so, and rows count the operands in
 * {@code deferredFloatAtomics}.
 */
public final class DeferredAtomics {
    /** Work-items of the task that applies the operands (fewer where the device's groups are smaller). */
    public static final int APPLY_LOCAL_SIZE = 256;

    private DeferredAtomics() {
    }
}
