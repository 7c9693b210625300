package dev.perfport.core.error;

/** The kernel needs something this backend or device cannot provide, or has no implementation in its dialect. */
public class UnsupportedFeatureException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public UnsupportedFeatureException(String message) {
        super(message);
    }
}
