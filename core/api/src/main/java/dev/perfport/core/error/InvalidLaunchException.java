package dev.perfport.core.error;

/** A launch refused before anything ran: bad sizes, memory over capacity, too many static groups. */
public class InvalidLaunchException extends PerfportException {
    public InvalidLaunchException(String message) {
        super(message);
    }
}
