package dev.perfport.core.lazy;

/** When {@link LazyTransfers} copies (seed 002 §3.5: pluggable coherence policies). */
public enum CoherencePolicy {
    /**
     * The thesis's rule: "every memory management operation is redundant, unless proven
     * otherwise"; a copy happens only when a kernel would read a stale device copy or the host a
     * stale host copy. The default.
     */
    LAZY,
    /**
     * The naive baseline: around every kernel, copy every argument it reads to the device and
     * every argument it writes back to the host.
     */
    EAGER
}
