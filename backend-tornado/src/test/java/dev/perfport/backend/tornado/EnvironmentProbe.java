package dev.perfport.backend.tornado;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.config.PerfportConfig;

import java.util.Map;

/** Run in a child JVM by {@link EnvironmentTest}: creates the backend as the registry does and prints what it found. */
public final class EnvironmentProbe {
    private EnvironmentProbe() {
    }

    public static void main(String[] args) {
        try {
            Backend b = new TornadoVmProvider().create(new BackendContext(PerfportConfig.of(Map.of())));
            System.out.println("devices=" + b.devices().size());
            System.out.println("reason=" + b.unavailableReason());
        } catch (Throwable t) {
            System.out.println("error=" + t.getClass().getName() + ": " + t.getMessage());
        }
    }
}
