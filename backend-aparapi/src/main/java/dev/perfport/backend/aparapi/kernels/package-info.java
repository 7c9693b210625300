/**
 * perfport's kernels written as Aparapi kernels, one class per kernel definition (and element type),
 * with the base class {@link dev.perfport.backend.aparapi.kernels.PerfportKernel} for counted atomics,
 * persistent work-groups and float bit casts.
 */
package dev.perfport.backend.aparapi.kernels;
