package dev.perfport.core.kernel;

/**
 * The kinds of language kernels are written in. None names a backend: a backend says which kind
 * it executes, and for {@link #NATIVE} also which implementation type (its own
 * {@link KernelImpl.Native}) it runs.
 *
 * <ul>
 *   <li>{@link #OPENCL_C}: OpenCL C source, tuning constants as {@code -D} options. Kernels that use
 *       static local memory or static work-groups are written in persistent form with the
 *       {@code PP_*} macros that every OpenCL backend prepends (see docs/architecture.md).</li>
 *   <li>{@link #JAVA_WORKGROUP}: a {@link dev.perfport.core.wg.WorkGroupKernel}, run one work-group at
 *       a time with barrier-separated phases as loops over the work-items.</li>
 *   <li>{@link #NATIVE}: Java written against a route library's own kernel API (an Aparapi
 *       {@code Kernel} class, a TornadoVM Kernel-API method). Its implementation type lives in the
 *       backend module that owns the route library; a definition carries one
 *       ({@link KernelDef.Builder#impl(KernelImpl)}), or a {@link KernelLibrary} supplies it.</li>
 * </ul>
 */
public enum Dialect {
    /** OpenCL C source ({@link KernelImpl.OpenClSource}). */
    OPENCL_C,
    /** A Java work-group kernel ({@link KernelImpl.JavaWorkGroup}). */
    JAVA_WORKGROUP,
    /** Java written against one route library's own kernel API ({@link KernelImpl.Native}), defined by that route's backend. */
    NATIVE
}
