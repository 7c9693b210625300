package dev.perfport.core.error;

/** The backend exists but cannot be used here (missing native library, failed plugin, no platform). */
public class BackendUnavailableException extends PerfportException {
    public BackendUnavailableException(String message) {
        super(message);
    }

    public BackendUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
