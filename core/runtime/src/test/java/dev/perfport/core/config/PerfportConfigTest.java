package dev.perfport.core.config;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class PerfportConfigTest {
    @TempDir
    Path work;
    @TempDir
    Path home;

    @AfterEach
    void clear() {
        System.clearProperty("perfport.backend");
        System.clearProperty("perfport.x.only-sys");
    }

    @Test
    void defaultBackendIsTheEmulator() {
        PerfportConfig c = PerfportConfig.load(Map.of(), work, home);
        assertEquals("cell-emulation", c.backendSelector());
        assertEquals("default", c.sourceOf(PerfportConfig.BACKEND));
    }

    @Test
    void precedenceIsOverrideSystemEnvWorkingDirHome() throws Exception {
        Files.writeString(home.resolve("perfport.properties"), "perfport.backend=home\nperfport.a=home\nperfport.b=home\nperfport.c=home\n");
        Files.writeString(work.resolve("perfport.properties"), "perfport.backend=work\nperfport.a=work\nperfport.b=work\n");
        Map<String, String> env = Map.of("PERFPORT_BACKEND", "env", "PERFPORT_A", "env", "OTHER", "x");
        System.setProperty("perfport.backend", "sys");
        PerfportConfig c = PerfportConfig.load(env, work, home);
        assertEquals("sys", c.backendSelector());
        assertEquals("system property", c.sourceOf("perfport.backend"));
        assertEquals("env", c.get("perfport.a").orElseThrow());
        assertEquals("work", c.get("perfport.b").orElseThrow());
        assertEquals("home", c.get("perfport.c").orElseThrow());
        assertEquals("override", c.with("perfport.backend", "cli").sourceOf("perfport.backend"));
        assertEquals("cli", c.with("perfport.backend", "cli").backendSelector());
    }

    @Test
    void envNameMapsDotsAndDashes() {
        assertEquals("PERFPORT_CELL_EMULATION_WORKERS", PerfportConfig.envName("perfport.cell-emulation.workers"));
        PerfportConfig c = PerfportConfig.load(Map.of("PERFPORT_CELL_EMULATION_WORKERS", "3"), work, home);
        assertEquals(3, c.getInt("perfport.cell-emulation.workers", 6));
    }

    @Test
    void badNumbersNameTheKeyAndSource() {
        PerfportConfig c = PerfportConfig.of(Map.of("perfport.n", "many", "perfport.flag", "perhaps"));
        ConfigException e = assertThrows(ConfigException.class, () -> c.getInt("perfport.n", 1));
        assertTrue(e.getMessage().contains("perfport.n") && e.getMessage().contains("many"), e.getMessage());
        assertThrows(ConfigException.class, () -> c.getBoolean("perfport.flag", false));
        assertEquals(7, c.getInt("perfport.missing", 7));
    }
}
