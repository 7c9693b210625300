package dev.perfport.backend.cell;

import dev.perfport.core.Perfport;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The registry with the emulator on the class path, as a library user has it: found without a
 * plugins folder, started only when used, and every configuration meaning what it says.
 */
class RegistryConfigTest {

    private static PerfportConfig config(Path noPlugins, String... kv) {
        Map<String, String> m = new java.util.HashMap<>();
        m.put(PerfportConfig.PLUGINS_DIR, noPlugins.resolve("absent").toString());
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return PerfportConfig.of(m);
    }

    @Test
    void foundOnTheClassPathWithoutAPluginsFolderAndStartedOnlyWhenUsed(@TempDir Path dir) {
        BackendRegistry r = Perfport.registry(config(dir, CellConfig.WORKERS, "5"));
        assertTrue(r.ids().contains(CellEmulationProvider.ID), r.ids().toString());
        BackendRegistry.Entry e = r.entry(CellEmulationProvider.ID);
        assertEquals(BackendRegistry.CLASSPATH, e.origin());
        assertFalse(e.started(), "listing ids and origins must not create the backend");
        try (DeviceSession s = r.openConfigured()) {
            assertEquals(CellEmulationProvider.ID, s.backendId());
        }
        assertTrue(e.started());
    }

    @Test
    void openUsesTheConfigurationItIsGivenEveryTime(@TempDir Path dir) {
        try (DeviceSession a = Perfport.open(config(dir, CellConfig.WORKERS, "2"))) {
            assertEquals(2, a.device().computeUnits());
        }
        // a later configuration with another setting gets a backend created with it, not the first one
        try (DeviceSession b = Perfport.open(config(dir, CellConfig.WORKERS, "3"))) {
            assertEquals(3, b.device().computeUnits());
        }
        // the same settings share one registry; other settings get their own
        assertSame(Perfport.registry(config(dir, CellConfig.WORKERS, "3")), Perfport.registry(config(dir, CellConfig.WORKERS, "3")));
        assertNotSame(Perfport.registry(config(dir, CellConfig.WORKERS, "3")), Perfport.registry(config(dir, CellConfig.WORKERS, "4")));
    }

    @Test
    void aSystemPropertySetAfterAFirstOpenAppliesToTheNextOpen() {
        String before = System.getProperty(CellConfig.WORKERS);
        try {
            System.setProperty(CellConfig.WORKERS, "2");
            try (DeviceSession a = Perfport.open(CellEmulationProvider.ID)) {
                assertEquals(2, a.device().computeUnits());
            }
            System.setProperty(CellConfig.WORKERS, "3");
            try (DeviceSession b = Perfport.open(CellEmulationProvider.ID)) {
                assertEquals(3, b.device().computeUnits());
            }
        } finally {
            if (before == null) System.clearProperty(CellConfig.WORKERS);
            else System.setProperty(CellConfig.WORKERS, before);
        }
    }

    @Test
    void theConfiguredBackendIsTheOneOpenedNotAnEarlierChoice(@TempDir Path dir) {
        // an unknown backend in one configuration ...
        ConfigException e = assertThrows(ConfigException.class, () -> Perfport.open(config(dir, PerfportConfig.BACKEND, "nosuch")));
        assertTrue(e.getMessage().contains("unknown backend 'nosuch'"), e.getMessage());
        assertTrue(e.getMessage().contains("cell-emulation"), "lists what exists: " + e.getMessage());
        assertFalse(e.getMessage().contains("cell-emulation (unavailable"), e.getMessage());
        // ... does not stick to the next one
        try (DeviceSession s = Perfport.open(config(dir, PerfportConfig.BACKEND, "cell-emulation"))) {
            assertEquals("cell-emulation", s.backendId());
        }
    }

    @Test
    void aBadSettingIsTheBackendsReasonNamingTheKey(@TempDir Path dir) {
        BackendRegistry r = Perfport.registry(config(dir, CellConfig.WORKERS, "99"));
        BackendRegistry.Entry e = r.entry(CellEmulationProvider.ID);
        assertFalse(e.available());
        assertTrue(e.reason().contains(CellConfig.WORKERS), e.reason());
    }
}
