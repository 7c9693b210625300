package dev.perfport.core.plugin;

import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.BackendUnavailableException;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Plugin discovery with broken plugin files. Working plugins are exercised by the CLI's
 * integration tests, which load the real backend plugin jars.
 */
class BackendRegistryTest {

    @Test
    void brokenPluginsAreListedWithReasons(@TempDir Path dir) throws IOException {
        Files.write(dir.resolve("corrupt.jar"), new byte[]{1, 2, 3, 4, 5, 6, 7, 8});
        Manifest m = new Manifest();
        m.getMainAttributes().putValue("Manifest-Version", "1.0");
        try (OutputStream out = Files.newOutputStream(dir.resolve("plain.jar")); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        Files.writeString(dir.resolve("notes.txt"), "ignored: not a jar or zip");
        BackendRegistry r = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.toString())));
        assertEquals(2, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().stream().anyMatch(p -> p.file().endsWith("corrupt.jar")), r.problems().toString());
        assertTrue(r.problems().stream().anyMatch(p -> p.file().endsWith("plain.jar")), r.problems().toString());
        assertTrue(r.problems().stream().anyMatch(p -> p.reason().startsWith("not a valid jar file")), r.problems().toString());
        assertTrue(r.problems().stream().anyMatch(p -> p.reason().contains("no Plugin-Id")), r.problems().toString());
        // nothing loaded; only the optional backends are listed, as not installed
        assertTrue(r.entries().stream().allMatch(e -> BackendRegistry.NOT_INSTALLED.equals(e.origin()) && !e.available()), r.entries().toString());
        // shared per folder: the same registry again, nothing loaded twice
        assertSame(r, BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.toString()))));
    }

    @Test
    void anOptionalBackendWithoutItsPluginIsListedAsNotInstalledWithHowToGetIt(@TempDir Path dir) {
        BackendRegistry r = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.toString())));
        // the distribution (here the test resources) names its optional backends, not core
        BackendRegistry.Entry t = r.entries().stream().filter(e -> e.id().equals("example-route")).findFirst().orElseThrow();
        assertFalse(t.available());
        assertNull(t.backend());
        assertEquals(BackendRegistry.NOT_INSTALLED, t.origin());
        assertTrue(t.reason().startsWith("not installed: the example route was not found"), t.reason());
        // asked for by id it is unavailable with that reason, not an unknown backend
        BackendUnavailableException e = assertThrows(BackendUnavailableException.class, () -> r.open("example-route"));
        assertTrue(e.getMessage().contains("set EXAMPLE_ROUTE_HOME"), e.getMessage());
    }

    @Test
    void unknownBackendListsWhatExists(@TempDir Path dir) {
        BackendRegistry r = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.toString())));
        ConfigException e = assertThrows(ConfigException.class, () -> r.open("nosuch:gpu"));
        assertTrue(e.getMessage().contains("unknown backend 'nosuch'"), e.getMessage());
        assertTrue(e.getMessage().contains("backends here: none"), e.getMessage());
        assertTrue(e.getMessage().contains("not installed: example-route"), e.getMessage());
        // both ways to provide a backend, and the folder it looked at
        assertTrue(e.getMessage().contains("dev.perfport:perfport-backends"), e.getMessage());
        assertTrue(e.getMessage().contains("perfport.plugins.dir"), e.getMessage());
        assertTrue(e.getMessage().contains("looked at " + dir.toAbsolutePath().normalize()), e.getMessage());
    }

    @Test
    void aPluginsFolderIsOptionalButOneNamedAndMissingIsShown(@TempDir Path dir) {
        // no perfport.plugins.dir: the implicit ./plugins need not exist
        BackendRegistry implicit = BackendRegistry.shared(PerfportConfig.of(Map.of()));
        assertTrue(implicit.problems().isEmpty(), implicit.problems().toString());
        ConfigException e = assertThrows(ConfigException.class, () -> implicit.backend("cell-emulation"));
        assertTrue(e.getMessage().contains("which does not exist"), e.getMessage());
        // a folder someone named that is not there is listed as a problem, with where it was set
        BackendRegistry named = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.resolve("none").toString())));
        assertEquals(List.of("example-route"), named.ids());
        assertEquals(1, named.problems().size(), named.problems().toString());
        assertTrue(named.problems().getFirst().reason().startsWith("the plugins folder does not exist"), named.problems().toString());
    }
}
