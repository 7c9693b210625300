package dev.perfport.backend.aparapi;

import dev.perfport.conformance.PersistentGroupsConformance;

/**
 * Static work-groups and static local memory on persistent Aparapi work-groups (seed 003 §4),
 * with this route's mark and hooks kernels ({@link TestKernels}); the GPU residency estimate is
 * tested in BackendTest.
 */
class PersistentTest extends PersistentGroupsConformance {
    PersistentTest() {
        super(Aparapi::session, TestKernels.MARK_TASKS, TestKernels::slmHooks, k -> ((AparapiKernelHandle) k).maxGroupSize);
    }
}
