package dev.perfport.core.lazy;

/**
 * Where a buffer's valid copies live: the four states of Parallel-Horus's second state machine
 * (seed 002 §3.2, Table 2.1).
 */
public enum Residency {
    /** q0: neither copy holds data yet (just created). */
    NONE,
    /** q1: the host copy is valid, the device copy stale or absent (after a host write). */
    HOST,
    /** q2: the device copy is valid, the host copy stale (after a kernel wrote it). */
    DEVICE,
    /** q3: both copies hold the same data (after a copy either way). */
    BOTH;

    /** {@return whether the host copy is valid} */
    public boolean hostValid() {
        return this == HOST || this == BOTH;
    }

    /** {@return whether the device copy is valid} */
    public boolean deviceValid() {
        return this == DEVICE || this == BOTH;
    }
}
