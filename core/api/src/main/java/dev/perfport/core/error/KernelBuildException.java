package dev.perfport.core.error;

/** A kernel failed to compile; {@link #buildLog()} holds the route's compiler output. */
public class KernelBuildException extends PerfportException {
    /** The compiler's output. */
    private final String buildLog;

    /**
     * A build failure.
     *
     * @param message  what failed, naming the kernel and device
     * @param buildLog the compiler's output, or null
     */
    public KernelBuildException(String message, String buildLog) {
        super(message + (buildLog == null || buildLog.isBlank() ? "" : "\n--- build log ---\n" + buildLog.strip()));
        this.buildLog = buildLog == null ? "" : buildLog;
    }

    /** {@return the compiler's output (empty when there was none)} */
    public String buildLog() {
        return buildLog;
    }
}
