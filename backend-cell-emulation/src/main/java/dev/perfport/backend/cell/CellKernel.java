package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.wg.WorkGroupKernel;

/** A "compiled" kernel of the emulator: the work-group kernel instance and its private footprint. */
final class CellKernel implements CompiledKernel {
    private final CellSession session;
    private final KernelDef def;
    private final Constants constants;
    private final long privateBytesPerItem;
    private final int groupsInFlight;
    private final long compileNanos;
    private volatile WorkGroupKernel kernel;   // null once closed

    CellKernel(CellSession session, KernelDef def, Constants constants, WorkGroupKernel kernel,
               long privateBytesPerItem, int groupsInFlight, long compileNanos) {
        this.groupsInFlight = groupsInFlight;
        this.session = session;
        this.def = def;
        this.constants = constants;
        this.kernel = kernel;
        this.privateBytesPerItem = privateBytesPerItem;
        this.compileNanos = compileNanos;
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
    public long compileNanos() {
        return compileNanos;
    }

    /** Private bytes each work-item keeps across barriers, for the local-store accounting. */
    long privateBytesPerItem() {
        return privateBytesPerItem;
    }

    /** Work-groups each SPE keeps in progress (the kernel constant {@code PP_GROUPS_IN_FLIGHT}, default 1). */
    int groupsInFlight() {
        return groupsInFlight;
    }

    boolean belongsTo(CellSession s) {
        return session == s;
    }

    /** The kernel instance; null once closed. */
    WorkGroupKernel kernel() {
        return kernel;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (kernel == null) return;
            kernel = null;
        }
        session.release(this);
    }
}
