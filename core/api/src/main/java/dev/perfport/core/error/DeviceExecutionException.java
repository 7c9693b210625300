package dev.perfport.core.error;

/** The route failed while running a kernel or copying data (an OpenCL error code, a kernel exception). */
public class DeviceExecutionException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public DeviceExecutionException(String message) {
        super(message);
    }

    /**
     * An error with a message and the failure that caused it.
     *
     * @param message the message
     * @param cause   the underlying failure
     */
    public DeviceExecutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
