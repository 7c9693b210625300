package dev.perfport.core.error;

/** Configuration that cannot be honoured: unknown backend, selector that matches nothing, bad value. */
public class ConfigException extends PerfportException {
    /**
     * An error with a message that names the problem and the limit.
     *
     * @param message the message
     */
    public ConfigException(String message) {
        super(message);
    }
}
