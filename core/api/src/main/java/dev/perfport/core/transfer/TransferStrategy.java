package dev.perfport.core.transfer;

/** How a job's data gets to the device and back (seed 002 §6.7). */
public enum TransferStrategy {
    /** Bulk copy in, kernel, bulk copy out; nothing overlaps. */
    EXPLICIT,
    /** Host-visible (mapped, zero-copy where the device shares host memory) buffers, no copy calls. */
    MAPPED,
    /** Chunks on two or more queues: chunk i's copies overlap chunk j's kernel. */
    STREAMS,
    /** Streams for the input, mapped memory for the output (the thesis's new strategy). */
    HYBRID;

    /** {@return the name used on the command line} */
    public String id() {
        return name().toLowerCase();
    }
}
