package dev.perfport.core.error;

/**
 * The kernel needs something this backend or device cannot provide, or has no implementation in its dialect.
 * A result row records it as {@code unsupported}, apart from a failure: the route cannot run it.
 */
public class UnsupportedFeatureException extends PerfportException {
    /** What the route cannot do, for a user. */
    private final String reason;

    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public UnsupportedFeatureException(String message) {
        super(message);
        this.reason = message;
    }

    /**
     * An error whose message is {@code reason} for a user, followed by {@code hint} for whoever writes kernels
     * (how to give the route an implementation), which a result row leaves out.
     *
     * @param reason what the route cannot do, for a user
     * @param hint   what a kernel author can do about it
     */
    public UnsupportedFeatureException(String reason, String hint) {
        super(reason + ": " + hint);
        this.reason = reason;
    }

    /** {@return what the route cannot do, in words for a user (the message without a kernel author's hint)} */
    public String reason() {
        return reason;
    }
}
