/**
 * The TornadoVM kernels, one Java method per kernel definition of the workloads (and element
 * type), each a {@link dev.perfport.backend.tornado.kernels.TornadoKernel} (the argument signature it
 * expects and a binder that adds its task(s) to a task graph) under the definition's name. Each
 * workload's kernels are one class, {@code <Workload>Tornado}, which is itself the workload's
 * {@link dev.perfport.core.kernel.KernelLibrary} (it extends {@code TornadoLibrary}; found through the
 * services file that {@code @AutoService} writes), as each Aparapi workload class is.
 * Classes here must be compiled with {@code -g}: TornadoVM's code generator needs local-variable tables.
 */
package dev.perfport.backend.tornado.kernels;
