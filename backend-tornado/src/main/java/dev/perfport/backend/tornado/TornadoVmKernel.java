package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;

/**
 * A kernel definition bound to its TornadoVM implementation in one session. TornadoVM compiles
 * Java to OpenCL at the first launch of an execution plan (only then are the arguments known,
 * and scalar arguments are compiled in), so {@link #compileNanos()} grows with every new
 * argument set; the session's profile counts the same time as compile time.
 */
final class TornadoVmKernel implements CompiledKernel {
    private final TornadoVmSession session;
    private final KernelDef def;
    private final Constants constants;
    private final TornadoKernel impl;
    private long compileNanos;
    private boolean closed;

    TornadoVmKernel(TornadoVmSession session, KernelDef def, Constants constants, TornadoKernel impl) {
        this.session = session;
        this.def = def;
        this.constants = constants;
        this.impl = impl;
    }

    TornadoVmSession session() {
        return session;
    }

    TornadoKernel impl() {
        return impl;
    }

    boolean isClosed() {
        return closed;
    }

    void markClosed() {
        closed = true;
    }

    synchronized void addCompileNanos(long nanos) {
        compileNanos += nanos;
    }

    @Override
    public KernelDef def() {
        return def;
    }

    @Override
    public Constants constants() {
        return constants;
    }

    @Override
    public synchronized long compileNanos() {
        return compileNanos;
    }

    @Override
    public void close() {
        session.release(this);
    }

    @Override
    public String toString() {
        return "kernel '" + def.name() + "' " + constants + (closed ? " (closed)" : "");
    }
}
