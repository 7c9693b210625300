/**
 * Lazy host–device transfers (seed 002 §3, Parallel-Horus): a {@link dev.perfport.core.lazy.LazyBuffer}
 * knows where its valid copies live ({@link dev.perfport.core.lazy.Residency}), and a
 * {@link dev.perfport.core.lazy.LazyTransfers} runs kernels and host accesses on such buffers,
 * moving bytes only when leaving the copy out would compute on, or hand back, stale data. Its
 * {@link dev.perfport.core.lazy.TransferCounts} say what was moved and what the eager schedule
 * (copy in and out around every kernel) would have moved besides. Types of their own beside the
 * session API, so that backends need not change.
 */
package dev.perfport.core.lazy;
