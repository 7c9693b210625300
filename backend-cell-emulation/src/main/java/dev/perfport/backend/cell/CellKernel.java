package dev.perfport.backend.cell;

import dev.perfport.core.backend.AbstractCompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.wg.WorkGroupKernel;

/** A "compiled" kernel of the emulator: the work-group kernel instance and its private footprint. */
final class CellKernel extends AbstractCompiledKernel<CellSession> {
    private final long privateBytesPerItem;
    private final int groupsInFlight;
    private volatile WorkGroupKernel kernel;   // null once closed

    CellKernel(CellSession session, KernelDef def, Constants constants, WorkGroupKernel kernel,
               long privateBytesPerItem, int groupsInFlight, long compileNanos) {
        super(session, def, constants, compileNanos);
        this.kernel = kernel;
        this.privateBytesPerItem = privateBytesPerItem;
        this.groupsInFlight = groupsInFlight;
    }

    /** Private bytes each work-item keeps across barriers, for the local-store accounting. */
    long privateBytesPerItem() {
        return privateBytesPerItem;
    }

    /**
     * Work-groups each SPE keeps in progress for {@code launch}: the kernel constant {@code PP_GROUPS_IN_FLIGHT}
     * (default 1), but always 1 for static work-groups, which never suspend (they may wait for each other).
     */
    int groupsInFlight(Launch launch) {
        return launch instanceof StaticGroups ? 1 : groupsInFlight;
    }

    /** The kernel instance; null once closed. */
    WorkGroupKernel kernel() {
        return kernel;
    }

    @Override
    protected void release() {
        kernel = null;
    }
}
