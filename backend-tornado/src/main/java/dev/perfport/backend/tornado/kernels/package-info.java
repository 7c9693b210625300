/**
 * The TornadoVM kernels, one Java method per kernel definition of the workloads (and element
 * type), registered by definition name in {@link dev.perfport.backend.tornado.kernels.TornadoKernels}
 * with the argument signature they expect and a binder that adds their task(s) to a task graph.
 * Classes here must be compiled with {@code -g}: TornadoVM's code generator needs local-variable tables.
 */
package dev.perfport.backend.tornado.kernels;
