package dev.perfport.backend.tornado.kernels;

import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

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
 * ({@code ops[group]}), counts the atomic as usual, and {@link #addAll} — a second task of the same
 * task graph, so the same device buffers and an in-order queue — adds the operands to the target.
 * The cost differs from a hardware float atomic (no contention, one extra small kernel); the
 * device's property {@code globalFloatAtomics} says so, and rows count the operands in
 * {@code deferredFloatAtomics}.
 */
public final class DeferredAtomics {
    /** Work-items of the task that applies the operands (fewer where the device's groups are smaller). */
    public static final int APPLY_LOCAL_SIZE = 256;

    private DeferredAtomics() {
    }

    /**
     * One work-group: every work-item sums a strided share of {@code ops[0, count)}, a tree in local
     * memory combines the shares, and work-item 0 adds the sum to {@code target[index]}.
     * {@code scratchLength} is the local size (a power of two).
     */
    public static void addAll(KernelContext ctx, FloatArray ops, FloatArray target, int count, int index, int scratchLength) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        float[] scratch = ctx.allocateFloatLocalArray(scratchLength);
        float acc = 0.0f;
        for (int i = lid; i < count; i += size) {
            acc += ops.get(i);
        }
        scratch[lid] = acc;
        ctx.localBarrier();
        for (int s = size / 2; s > 0; s >>= 1) {
            if (lid < s) {
                scratch[lid] += scratch[lid + s];
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            target.set(index, target.get(index) + scratch[0]);
        }
    }
}
