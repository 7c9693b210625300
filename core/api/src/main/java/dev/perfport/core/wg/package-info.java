/**
 * The Java work-group dialect: kernels run one work-group at a time, each barrier-separated phase a
 * loop over the work-items (no thread per work-item), with typed views of global buffers.
 */
package dev.perfport.core.wg;
