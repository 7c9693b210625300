package dev.perfport.backend.cell;

import org.pf4j.Plugin;

/**
 * The PF4J plugin of the Cell/B.E. emulator. It holds no state: the backend itself comes from
 * {@link CellEmulationProvider}, which the runtime's plugin manager finds through
 * {@code META-INF/services}.
 */
public class CellEmulationPlugin extends Plugin {
    /** PF4J creates the plugin reflectively; nothing needs setting up at plugin start. */
    public CellEmulationPlugin() {
        super();
    }
}
