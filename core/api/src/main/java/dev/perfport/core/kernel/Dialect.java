package dev.perfport.core.kernel;

/**
 * The languages kernels are written in, one per route.
 *
 * <ul>
 *   <li>{@link #OPENCL_C}: OpenCL C source, tuning constants as {@code -D} options. Kernels that use
 *       static local memory or static work-groups are written in persistent form with the
 *       {@code PP_*} macros that every OpenCL backend prepends (see docs/architecture.md).</li>
 *   <li>{@link #JAVA_WORKGROUP}: a {@link dev.perfport.core.wg.WorkGroupKernel}, run one work-group at
 *       a time with barrier-separated phases as loops over the work-items.</li>
 *   <li>{@link #APARAPI}, {@link #TORNADO}: route-native Java kept in the backend module that owns the
 *       route library, registered there under the kernel's name.</li>
 * </ul>
 */
public enum Dialect {
    OPENCL_C, JAVA_WORKGROUP, APARAPI, TORNADO
}
