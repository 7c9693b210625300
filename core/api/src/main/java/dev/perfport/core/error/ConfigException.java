package dev.perfport.core.error;

/** Configuration that cannot be honoured: unknown backend, selector that matches nothing, bad value. */
public class ConfigException extends PerfportException {
    public ConfigException(String message) {
        super(message);
    }
}
