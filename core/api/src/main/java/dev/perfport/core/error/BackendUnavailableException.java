package dev.perfport.core.error;

/** The backend exists but cannot be used here (missing native library, failed plugin, no platform). */
public class BackendUnavailableException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public BackendUnavailableException(String message) {
        super(message);
    }

    /**
     * An error with a message and the failure that caused it.
     *
     * @param message the message
     * @param cause   the underlying failure
     */
    public BackendUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
