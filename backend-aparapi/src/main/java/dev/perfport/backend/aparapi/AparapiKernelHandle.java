package dev.perfport.backend.aparapi;

import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.backend.AbstractCompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;

import java.lang.reflect.Field;
import java.util.List;

/**
 * A compiled kernel of an Aparapi session: one Aparapi kernel instance (with its own OpenCL
 * context and device buffers on OpenCL devices), the fields its arguments bind to, and which
 * buffer version each array field's device buffer holds.
 */
final class AparapiKernelHandle extends AbstractCompiledKernel<AparapiSession> {
    final KernelSpec spec;
    final PerfportKernel kernel;
    /** One per definition argument. */
    final List<Field> fields;
    /** Per argument: the buffer whose contents the field's device buffer holds, and its version (null: none). */
    final AparapiBuffer[] slotBuffer;
    final long[] slotVersion;
    /** The most work-items a group of this kernel may have on the device. */
    final long maxGroupSize;
    /** Whether a launch reached Aparapi's execute (only such kernels may be disposed). */
    boolean launched;
    /** Why an earlier launch left the Aparapi kernel unusable, or null. */
    String broken;

    AparapiKernelHandle(AparapiSession session, KernelDef def, Constants constants, KernelSpec spec, PerfportKernel kernel,
                        long compileNanos, long maxGroupSize) {
        super(session, def, constants, compileNanos);
        this.spec = spec;
        this.kernel = kernel;
        this.fields = spec.resolvedFields();
        this.slotBuffer = new AparapiBuffer[fields.size()];
        this.slotVersion = new long[fields.size()];
        this.maxGroupSize = maxGroupSize;
    }

    @Override
    protected void release() {
        session().release(this);
    }

    @Override
    public String toString() {
        return def().name() + " (" + kernel.getClass().getSimpleName() + ")";
    }
}
