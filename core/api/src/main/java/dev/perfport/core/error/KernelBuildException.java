package dev.perfport.core.error;

/** A kernel failed to compile; {@link #buildLog()} holds the route's compiler output. */
public class KernelBuildException extends PerfportException {
    private final String buildLog;

    public KernelBuildException(String message, String buildLog) {
        super(message + (buildLog == null || buildLog.isBlank() ? "" : "\n--- build log ---\n" + buildLog.strip()));
        this.buildLog = buildLog == null ? "" : buildLog;
    }

    public String buildLog() {
        return buildLog;
    }
}
