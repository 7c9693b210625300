/**
 * Host–device transfer strategies for kernels whose data starts and ends on the host (seed 002
 * §5.6, §6): explicit copies, mapped (host-visible) memory, streams (chunks on several queues
 * whose copies overlap kernels) and hybrid (streams in, mapped out). A job is described once as
 * a {@link dev.perfport.core.transfer.ChunkedJob} (one input and one output, cut into chunks with
 * their halos) or a {@link dev.perfport.core.transfer.StagedJob} (several arrays whole on the
 * device, stages that wait for other stages' copies); a session that can run the other strategies
 * implements {@link dev.perfport.core.transfer.TransferCapable}; every session runs the explicit
 * one through {@link dev.perfport.core.transfer.ExplicitTransfers}.
 */
package dev.perfport.core.transfer;
