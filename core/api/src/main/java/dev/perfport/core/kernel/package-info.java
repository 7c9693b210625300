/**
 * Kernel definitions: name, arguments with memory levels, tuning constants, and implementations
 * in the dialects routes execute (OpenCL C, Java work-group kernels, route-native Java).
 */
package dev.perfport.core.kernel;
