package dev.perfport.core.error;

/**
 * A launch refused because of a limit of the compiled kernel that only the built kernel reports,
 * such as its maximum work-group size (which its register use sets: OpenCL's
 * {@code CL_KERNEL_WORK_GROUP_SIZE}). Unlike the device's limits it cannot be checked before
 * building, so a tuner counts it as a launch failure, not as a constraint its space should declare.
 */
public class KernelLimitException extends InvalidLaunchException {
    /**
     * An error with a message that names the limit.
     *
     * @param message the message
     */
    public KernelLimitException(String message) {
        super(message);
    }
}
