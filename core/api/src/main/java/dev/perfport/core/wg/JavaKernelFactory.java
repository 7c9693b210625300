package dev.perfport.core.wg;

import dev.perfport.core.kernel.Constants;

/** Makes a work-group kernel for a set of tuning constants: the Java dialect's "compile" step. */
@FunctionalInterface
public interface JavaKernelFactory {
    /**
     * {@return the kernel for a set of tuning constants}
     *
     * @param constants the definition's defaults with the caller's overrides
     */
    WorkGroupKernel create(Constants constants);
}
