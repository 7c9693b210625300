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
    void defaultBackendComesFromTheDistributionsDefaults() {
        // this module's test resources stand for a distribution: META-INF/perfport/defaults.properties
        PerfportConfig c = PerfportConfig.load(Map.of(), work, home);
        assertEquals("cell-emulation", c.backendSelector());
        assertEquals("default", c.sourceOf(PerfportConfig.BACKEND));
    }

    @Test
    void theFirstDefaultsFileOnTheClassPathWins() throws Exception {
        Path a = work.resolve("a"), b = work.resolve("b");
        for (Path p : new Path[]{a, b}) Files.createDirectories(p.resolve("META-INF/perfport"));
        Files.writeString(a.resolve(PerfportConfig.DEFAULTS_RESOURCE), "perfport.backend=first\n");
        Files.writeString(b.resolve(PerfportConfig.DEFAULTS_RESOURCE), "perfport.backend=second\nperfport.x=only-b\n");
        try (var loader = new java.net.URLClassLoader(new java.net.URL[]{a.toUri().toURL(), b.toUri().toURL()}, null)) {
            assertEquals(Map.of("perfport.backend", "first", "perfport.x", "only-b"), PerfportConfig.defaults(loader));
        }
    }

    @Test
    void withoutADefaultBackendTheErrorSaysWhatToSet() {
        ConfigException e = assertThrows(ConfigException.class, () -> PerfportConfig.of(Map.of(), Map.of()).backendSelector());
        assertTrue(e.getMessage().startsWith("no backend chosen: set perfport.backend"), e.getMessage());
        assertEquals("jocl", PerfportConfig.of(Map.of("perfport.backend", "jocl"), Map.of()).backendSelector());
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

    private static final java.util.List<String> KNOWN = java.util.List.of("perfport.backend", "perfport.plugins.dir",
            "perfport.cell-emulation.workers", "perfport.cell-emulation.cost.*");

    @Test
    void aMisspeltKeyInAFileIsAnErrorNamingItsSourceTheNearestAndTheKnownKeys() throws Exception {
        Files.writeString(work.resolve("perfport.properties"), "perfport.cell-emulation.worker=2\n");
        PerfportConfig c = PerfportConfig.load(Map.of(), work, home);
        ConfigException e = assertThrows(ConfigException.class, () -> c.requireKnown(KNOWN, java.util.Set.of()));
        assertTrue(e.getMessage().startsWith("unknown setting perfport.cell-emulation.worker (from " + work.resolve("perfport.properties") + ")"),
                e.getMessage());
        assertTrue(e.getMessage().contains("did you mean perfport.cell-emulation.workers?"), e.getMessage());
        assertTrue(e.getMessage().contains("Known settings: perfport.backend, perfport.cell-emulation.cost.*, perfport.cell-emulation.workers"),
                e.getMessage());
    }

    @Test
    void knownKeysPrefixesLauncherVariablesAndOtherNamespacesPass() throws Exception {
        Files.writeString(work.resolve("perfport.properties"), "perfport.cell-emulation.cost.clockGHz=3.2\nother.key=1\n");
        Map<String, String> env = Map.of("PERFPORT_CELL_EMULATION_WORKERS", "2", "PERFPORT_JAVA_OPTS", "-Xmx1g",
                "PERFPORT_CELL_EMULATION_COST_CLOCKGHZ", "3", "OTHER", "x");
        PerfportConfig c = PerfportConfig.load(env, work, home).with("perfport.backend", "jocl");
        assertEquals(java.util.List.of(), c.requireKnown(KNOWN, java.util.Set.of("PERFPORT_JAVA_OPTS")));
        assertEquals(java.util.List.of("PERFPORT_JAVA_OPTS"), c.requireKnown(KNOWN, java.util.Set.of()));
        PerfportConfig over = PerfportConfig.load(Map.of(), work, home).with("perfport.bakend", "jocl");
        ConfigException o = assertThrows(ConfigException.class, () -> over.requireKnown(KNOWN, java.util.Set.of()));
        assertTrue(o.getMessage().contains("perfport.bakend (from override); did you mean perfport.backend?"), o.getMessage());
    }

    @Test
    void unknownEnvironmentVariablesAreReturnedForOneWarningLineNotRefused() throws Exception {
        Map<String, String> env = Map.of("PERFPORT_DIR", "/x", "PERFPORT_BAKEND", "jocl", "PERFPORT_BACKEND", "jocl");
        PerfportConfig c = PerfportConfig.load(env, work, home);
        java.util.List<String> unknown = c.requireKnown(KNOWN, java.util.Set.of());
        assertEquals(java.util.List.of("PERFPORT_BAKEND", "PERFPORT_DIR"), unknown);
        String line = PerfportConfig.unknownVariablesWarning(unknown, KNOWN);
        assertEquals("warning: ignoring environment variables PERFPORT_BAKEND (did you mean PERFPORT_BACKEND?), PERFPORT_DIR:"
                + " not a perfport setting", line);
        // the same key given explicitly stays an error
        PerfportConfig explicit = PerfportConfig.load(Map.of(), work, home).with("perfport.dir", "/x");
        assertThrows(ConfigException.class, () -> explicit.requireKnown(KNOWN, java.util.Set.of()));
    }

    @Test
    void aMalformedPropertiesFileIsAConfigErrorNamingTheFile() throws Exception {
        Files.writeString(work.resolve("perfport.properties"), "perfport.backend=a\\uZZZZ\n");
        ConfigException e = assertThrows(ConfigException.class, () -> PerfportConfig.load(Map.of(), work, home));
        assertTrue(e.getMessage().startsWith("cannot read " + work.resolve("perfport.properties") + ": not a valid properties file: Malformed"),
                e.getMessage());
    }
}
