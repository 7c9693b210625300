package dev.perfport.backend.jocl;

/**
 * Run in a child JVM by {@link ChildJvmTest}: creates the backend the way the registry does and
 * prints what it found, or the error that escaped.
 */
public final class ProbeMain {
    private ProbeMain() {
    }

    public static void main(String[] args) {
        try {
            JoclBackend b = (JoclBackend) new JoclProvider().create(new dev.perfport.core.backend.BackendContext(dev.perfport.core.config.PerfportConfig.of(java.util.Map.of())));
            System.out.println("devices=" + b.devices().size());
            System.out.println("reason=" + b.unavailableReason());
        } catch (Throwable t) {
            System.out.println("error=" + t.getClass().getName() + ": " + t.getMessage());
        }
    }
}
