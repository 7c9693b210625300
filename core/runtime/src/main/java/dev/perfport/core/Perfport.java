package dev.perfport.core;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;

/**
 * Entry point for library users: opens the backend and device chosen by configuration, so that
 * code does not change when the backend does.
 *
 * <pre>{@code
 * try (DeviceSession s = Perfport.open()) {         // perfport.backend, e.g. "jocl:gpu"
 *     ...
 * }
 * }</pre>
 */
public final class Perfport {
    private Perfport() {
    }

    /** A session on the configured backend and device ({@code perfport.backend}). */
    public static DeviceSession open() {
        PerfportConfig c = PerfportConfig.load();
        return BackendRegistry.shared(c).open(c.backendSelector());
    }

    /** A session on the device a selector picks, e.g. {@code jocl:name=H200}. */
    public static DeviceSession open(String selector) {
        PerfportConfig c = PerfportConfig.load();
        return BackendRegistry.shared(c).open(selector);
    }

    /** The shared registry for the loaded configuration. */
    public static BackendRegistry registry() {
        return BackendRegistry.shared(PerfportConfig.load());
    }
}
