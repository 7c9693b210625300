package dev.perfport.core.transfer;

import java.util.Optional;

/**
 * A device session that can run a {@link ChunkedJob} with transfer strategies beyond explicit
 * copies (jocl: several command queues, host-visible buffers). Sessions that cannot say why per
 * strategy.
 */
public interface TransferCapable {
    /**
     * {@return why this session cannot run a strategy, or empty when it can (by default it runs
     * every strategy)}
     *
     * @param strategy the strategy
     */
    default Optional<String> cannotRun(TransferStrategy strategy) {
        return Optional.empty();
    }

    /**
     * {@return how this session's device overlaps copies with kernels, where the session knows it
     * (an emulator, configured); empty where it must be assumed from the device's type}
     */
    default java.util.Optional<Overlap> overlap() {
        return java.util.Optional.empty();
    }

    /**
     * Runs the job with a strategy; the output array holds the result afterwards.
     *
     * @param job      the job (one chunk for explicit and mapped; several for streams and hybrid)
     * @param strategy the strategy
     * @param queues   command queues for streams and hybrid (at least 2), chunks assigned round robin
     * @return the timing
     */
    TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues);

    /**
     * Runs a staged job with a strategy; the host arrays that travel out hold the result afterwards.
     * Explicit and mapped run its stages on one queue; streams and hybrid stage i on queue i mod
     * {@code queues}, every copy in first, then the kernels (each stage's waiting for the copies
     * of the stages it names), then the copies out, as the thesis's POP host code enqueues them.
     *
     * @param job      the job
     * @param strategy the strategy
     * @param queues   command queues for streams and hybrid (at least 2)
     * @return the timing
     */
    TransferTiming run(StagedJob job, TransferStrategy strategy, int queues);

    /**
     * {@return the time of one blocking copy of a size, in nanoseconds, for fitting the model}
     *
     * @param bytes    bytes to copy
     * @param toDevice direction
     * @param mapped   through a host-visible buffer (map/unmap) instead of a copy call
     */
    long timeCopy(long bytes, boolean toDevice, boolean mapped);

    /**
     * {@return the host-to-host time, in nanoseconds, of {@code chunks} tiny chunks run as the
     * streams strategy runs its chunks (per chunk: a 4 KiB copy in, a kernel touching it, a 4 KiB
     * copy out, or with {@code mappedOut} the map of a host-visible output as hybrid does; round
     * robin over {@code queues} queues), for fitting the per-chunk gap of the model}
     *
     * @param chunks    chunks, at least 1
     * @param queues    command queues, at least 2
     * @param mappedOut outputs mapped (hybrid) instead of copied (streams)
     */
    long timeChunks(int chunks, int queues, boolean mappedOut);

    /**
     * {@return the host's mean time, in nanoseconds, to set the arguments of and enqueue the
     * one-work-item kernel that {@link #timeChunks} uses} The gap fitted there includes it; a
     * job's kernel that takes longer to issue widens the gap by the difference.
     */
    long timeKernelIssue();

    /**
     * {@return the host-to-host time, in nanoseconds, of {@code bytes} copied in while as many
     * bytes go out at once on a second queue (by a copy, or with {@code mappedOut} by a kernel
     * writing a host-visible buffer and its map), for the model's contention term (seed 002 Table
     * 5.2); -1 where the session cannot measure it (by default)}
     *
     * @param bytes     bytes each way
     * @param mappedOut the output through a host-visible buffer (hybrid) instead of a copy (streams)
     */
    default long timeDuplex(long bytes, boolean mappedOut) {
        return -1;
    }
}
