/**
 * Checked mode ({@value dev.perfport.core.checked.CheckedMode#KEY}): OpenCL C and Aparapi-generated
 * kernels run on Oclgrind, the OpenCL device simulator, with its checks for invalid memory
 * accesses, data races and uninitialised values on; each report becomes one error line that names
 * the kernel, the buffer or argument, the work-item and the index. Shared by the OpenCL routes
 * (jocl, aparapi), which each plug in what only they know (where their buffers live).
 */
package dev.perfport.core.checked;
