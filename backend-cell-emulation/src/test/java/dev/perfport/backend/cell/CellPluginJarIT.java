package dev.perfport.backend.cell;

import dev.perfport.conformance.PluginJarConformance;

/** The emulator's shaded plugin jar, loaded by PF4J as the distribution does. */
class CellPluginJarIT extends PluginJarConformance {
    CellPluginJarIT() {
        super("cell-emulation", "dev.perfport.backend.cell.CellEmulationProvider");
    }
}
