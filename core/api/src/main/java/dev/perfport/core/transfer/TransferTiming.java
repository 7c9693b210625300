package dev.perfport.core.transfer;

/**
 * What one run of a strategy took.
 *
 * @param strategy     the strategy
 * @param chunks       chunks the job was split into
 * @param queues       command queues used
 * @param totalNanos   host to host: from the first copy (or unmap) until the output is on the host
 * @param kernelNanos  device time of the kernels over all chunks (where chunks run at once, the time any runs)
 * @param bytesIn      bytes moved to the device (halos counted each time)
 * @param bytesOut     bytes moved back
 * @param modelled     whether the times are an emulator's modelled times, not measured ones
 * @param issueNanos   the host's mean time to set one chunk's kernel arguments and enqueue it, or -1
 *                     where unknown (a run of many small chunks can be bound by it)
 */
public record TransferTiming(TransferStrategy strategy, int chunks, int queues, long totalNanos, long kernelNanos,
                             long bytesIn, long bytesOut, boolean modelled, long issueNanos) {
    /**
     * Measured times.
     *
     * @param strategy    the strategy
     * @param chunks      chunks the job was split into
     * @param queues      command queues used
     * @param totalNanos  host to host
     * @param kernelNanos device time of the kernels
     * @param bytesIn     bytes moved to the device
     * @param bytesOut    bytes moved back
     */
    public TransferTiming(TransferStrategy strategy, int chunks, int queues, long totalNanos, long kernelNanos, long bytesIn, long bytesOut) {
        this(strategy, chunks, queues, totalNanos, kernelNanos, bytesIn, bytesOut, false, -1);
    }
}
