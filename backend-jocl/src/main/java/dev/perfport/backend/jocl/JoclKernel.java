package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractCompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import org.jocl.cl_kernel;

/**
 * One {@code cl_kernel} built for a session, with what OpenCL reports about it on the device.
 * The program it came from stays in the session's program cache (a kernel retains its program,
 * so evicting the program from the cache never invalidates a live kernel).
 */
final class JoclKernel extends AbstractCompiledKernel<JoclSession> {
    private final cl_kernel kernel;
    private final long workGroupSize;
    private final long ownLocalBytes;
    private final long[] requiredLocalSize;
    /**
     * The value each argument was last set to (hidden ones first), so that a launch repeating an
     * argument skips its clSetKernelArg: OpenCL kernels keep their arguments between enqueues.
     * Only touched under the session's launch lock.
     */
    private final Object[] lastArgs;

    /**
     * @param workGroupSize     the most work-items per group: CL_KERNEL_WORK_GROUP_SIZE on the
     *                          session's device, or the device's maximum on NVIDIA (see JoclPrograms)
     * @param ownLocalBytes     CL_KERNEL_LOCAL_MEM_SIZE before any __local argument is set: the
     *                          kernel's own __local variables (e.g. the prelude's task slot)
     * @param requiredLocalSize CL_KERNEL_COMPILE_WORK_GROUP_SIZE (reqd_work_group_size), or zeros
     */
    JoclKernel(JoclSession session, KernelDef def, Constants constants, cl_kernel kernel, long compileNanos,
               long workGroupSize, long ownLocalBytes, long[] requiredLocalSize) {
        super(session, def, constants, compileNanos);
        this.kernel = kernel;
        this.workGroupSize = workGroupSize;
        this.ownLocalBytes = ownLocalBytes;
        this.requiredLocalSize = requiredLocalSize.clone();
        this.lastArgs = new Object[dev.perfport.core.kernel.OpenClPrelude.HIDDEN_ARGS + def.args().size()];
    }

    /**
     * Whether argument {@code index} must be set for {@code key} (buffers compare by identity,
     * numbers by value); records it as set. {@link #forget} undoes it when setting failed.
     */
    boolean needsSet(int index, Object key) {
        Object last = lastArgs[index];
        boolean same = key instanceof Number || key instanceof LocalBytes ? key.equals(last) : key == last;
        lastArgs[index] = key;
        return !same;
    }

    void forget(int index) {
        lastArgs[index] = null;
    }

    /** A __local argument's size in bytes, distinct from a scalar of the same value. */
    record LocalBytes(long bytes) {
    }

    cl_kernel kernel() {
        return kernel;
    }

    long workGroupSize() {
        return workGroupSize;
    }

    long ownLocalBytes() {
        return ownLocalBytes;
    }

    long[] requiredLocalSize() {
        return requiredLocalSize.clone();
    }

    @Override
    protected void release() {
        session().release(this);
    }
}
