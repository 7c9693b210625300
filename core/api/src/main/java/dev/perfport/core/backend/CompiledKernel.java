package dev.perfport.core.backend;

import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;

/** A kernel built for one device session with fixed tuning constants. Close it to free route resources. */
public interface CompiledKernel extends AutoCloseable {
    /** {@return the definition it was built from} */
    KernelDef def();

    /** {@return the definition's defaults overridden by the constants given to compile} */
    Constants constants();

    /** {@return time the build took} */
    long compileNanos();

    @Override
    void close();
}
