package dev.perfport.core.error;

/** The route failed while running a kernel or copying data (an OpenCL error code, a kernel exception). */
public class DeviceExecutionException extends PerfportException {
    public DeviceExecutionException(String message) {
        super(message);
    }

    public DeviceExecutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
