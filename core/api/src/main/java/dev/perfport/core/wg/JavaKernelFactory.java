package dev.perfport.core.wg;

import dev.perfport.core.kernel.Constants;

/** Makes a work-group kernel for a set of tuning constants: the Java dialect's "compile" step. */
@FunctionalInterface
public interface JavaKernelFactory {
    WorkGroupKernel create(Constants constants);
}
