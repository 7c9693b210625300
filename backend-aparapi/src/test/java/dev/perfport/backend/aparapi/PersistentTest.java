package dev.perfport.backend.aparapi;

import dev.perfport.conformance.PersistentGroupsConformance;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;

/**
 * Static work-groups and static local memory on persistent Aparapi work-groups (seed 003 §4),
 * with this route's mark and hooks kernels ({@link TestKernels}); the GPU residency estimate is
 * tested in BackendTest.
 */
class PersistentTest extends PersistentGroupsConformance {
    @Override
    protected DeviceSession openSession() {
        return Aparapi.session();
    }

    @Override
    protected KernelDef markTasks() {
        return TestKernels.MARK_TASKS;
    }

    @Override
    protected KernelDef slmHooks(LaunchForm form) {
        return TestKernels.slmHooks(form);
    }

    @Override
    protected long maxGroupSize(CompiledKernel k) {
        return ((AparapiKernelHandle) k).maxGroupSize;
    }
}
