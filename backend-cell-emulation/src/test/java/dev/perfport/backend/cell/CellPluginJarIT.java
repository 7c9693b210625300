package dev.perfport.backend.cell;

import dev.perfport.conformance.PluginJarConformance;

/** The emulator's shaded plugin jar, loaded by PF4J as the distribution does. */
class CellPluginJarIT extends PluginJarConformance {
    CellPluginJarIT() {
        super("cell-emulation", "perfport.cell-emulation.pluginJar", "dev.perfport.backend.cell.CellEmulationProvider");
    }
}
