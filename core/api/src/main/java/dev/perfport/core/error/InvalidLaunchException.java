package dev.perfport.core.error;

/** A launch refused before anything ran: bad sizes, memory over capacity, too many static groups. */
public class InvalidLaunchException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public InvalidLaunchException(String message) {
        super(message);
    }
}
