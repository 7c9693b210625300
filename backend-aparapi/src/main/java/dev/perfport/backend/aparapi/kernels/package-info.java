/**
 * perfport's kernels written as Aparapi kernels, one class per kernel definition (and element type),
 * with the base class {@link dev.perfport.backend.aparapi.kernels.PerfportKernel} for counted atomics,
 * persistent work-groups and float bit casts. Each workload's {@code *Kernels} class is its
 * {@link dev.perfport.core.kernel.KernelLibrary}: the {@link dev.perfport.backend.aparapi.kernels.KernelSpec}s
 * of its kernels, found through the services file that {@code @AutoService} writes.
 */
package dev.perfport.backend.aparapi.kernels;
