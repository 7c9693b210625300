package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.core.backend.AbstractCompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;

/**
 * A kernel definition bound to its TornadoVM implementation in one session. TornadoVM compiles
 * Java to OpenCL at the first launch of an execution plan (only then are the arguments known,
 * and scalar arguments are compiled in), so {@link #compileNanos()} grows with every new
 * argument set; the session's profile counts the same time as compile time.
 */
final class TornadoVmKernel extends AbstractCompiledKernel<TornadoVmSession> {
    private final TornadoKernel impl;

    TornadoVmKernel(TornadoVmSession session, KernelDef def, Constants constants, TornadoKernel impl) {
        super(session, def, constants, 0);
        this.impl = impl;
    }

    TornadoKernel impl() {
        return impl;
    }

    /** Adds the JIT compile of a launch (a new argument set). */
    void addCompile(long nanos) {
        addCompileNanos(nanos);
    }

    @Override
    protected void release() {
        session().release(this);
    }
}
