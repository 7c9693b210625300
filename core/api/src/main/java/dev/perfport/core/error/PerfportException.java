package dev.perfport.core.error;

/**
 * Base of every error perfport raises on purpose. The message always names the problem and,
 * where there is one, the limit that was broken.
 */
public class PerfportException extends RuntimeException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public PerfportException(String message) {
        super(message);
    }

    /**
     * An error with a message and the failure that caused it.
     *
     * @param message the message
     * @param cause   the underlying failure
     */
    public PerfportException(String message, Throwable cause) {
        super(message, cause);
    }
}
