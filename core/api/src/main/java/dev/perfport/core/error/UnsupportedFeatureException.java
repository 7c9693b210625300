package dev.perfport.core.error;

/** The kernel needs something this backend or device cannot provide, or has no implementation in its dialect. */
public class UnsupportedFeatureException extends PerfportException {
    public UnsupportedFeatureException(String message) {
        super(message);
    }
}
