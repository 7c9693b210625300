package dev.perfport.core.error;

/**
 * Base of every error perfport raises on purpose. The message always names the problem and,
 * where there is one, the limit that was broken.
 */
public class PerfportException extends RuntimeException {
    public PerfportException(String message) {
        super(message);
    }

    public PerfportException(String message, Throwable cause) {
        super(message, cause);
    }
}
