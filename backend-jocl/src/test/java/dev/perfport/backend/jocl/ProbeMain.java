package dev.perfport.backend.jocl;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link ChildJvmTest}: creates the backend the way the registry does and
 * prints what it found, or the error that escaped, and whether JOCL's native library got loaded.
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
        System.out.println("jocl loaded=" + mapped("libJOCL"));
    }

    /** Whether a shared object whose name contains {@code name} is mapped into this process (Linux). */
    private static boolean mapped(String name) {
        try {
            return Files.readString(Path.of("/proc/self/maps")).contains(name);
        } catch (IOException e) {
            return false;
        }
    }
}
