package dev.perfport.backend.cell;

import org.pf4j.Plugin;

/**
 * The PF4J plugin of the Cell/B.E. emulator. It holds no state: the backend itself comes from
 * {@link CellEmulationProvider}, which PF4J finds through {@code META-INF/extensions.idx}.
 */
public class CellEmulationPlugin extends Plugin {
    /** PF4J creates the plugin reflectively; nothing needs setting up at plugin start. */
    public CellEmulationPlugin() {
        super();
    }
}
