package dev.perfport.core.backend;

import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The part of a compiled kernel every backend shares: its definition and constants, the build
 * time, and a close that runs once ({@link SessionResource}). A backend adds its route's handle
 * and releases it in {@link #release()}.
 *
 * @param <S> the backend's session type
 */
public abstract class AbstractCompiledKernel<S extends AbstractDeviceSession> extends SessionResource<S> implements CompiledKernel {
    private final KernelDef def;
    private final Constants constants;
    private final AtomicLong compileNanos;

    /**
     * A kernel built by a session.
     *
     * @param session      the session that built it
     * @param def          its definition
     * @param constants    the definition's defaults with the caller's overrides
     * @param compileNanos the build time so far
     */
    protected AbstractCompiledKernel(S session, KernelDef def, Constants constants, long compileNanos) {
        super(session);
        this.def = def;
        this.constants = constants;
        this.compileNanos = new AtomicLong(compileNanos);
    }

    @Override
    public final KernelDef def() {
        return def;
    }

    @Override
    public final Constants constants() {
        return constants;
    }

    @Override
    public final long compileNanos() {
        return compileNanos.get();
    }

    /**
     * Adds build time spent after the kernel was made (routes that compile at a launch).
     *
     * @param nanos nanoseconds
     */
    protected final void addCompileNanos(long nanos) {
        compileNanos.addAndGet(nanos);
    }

    @Override
    public String toString() {
        return "kernel '" + def.name() + "' " + constants + (isClosed() ? " (closed)" : "");
    }
}
