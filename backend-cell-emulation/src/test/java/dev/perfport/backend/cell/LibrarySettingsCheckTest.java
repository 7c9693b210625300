package dev.perfport.backend.cell;

import dev.perfport.core.Perfport;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A library user gets the command's strictness: a misspelt key from a system property, a
 * properties file or a {@link PerfportConfig} stops {@link Perfport#open} with the command's
 * one-line error, and a {@code PERFPORT_} variable that is no setting gets the command's warning
 * line, instead of the program running on defaults.
 */
class LibrarySettingsCheckTest {
    private static final String MISSPELT = "perfport.cell-emulation.worker";

    private static void assertRefused(ConfigException e, String source) {
        String m = e.getMessage();
        assertTrue(m.startsWith("unknown setting " + MISSPELT + " (from " + source + "); did you mean " + CellConfig.WORKERS + "? Known settings: "), m);
        // the known keys: the runtime's, the backends' and the workloads' (on this class path too)
        assertTrue(m.contains(PerfportConfig.BACKEND) && m.contains(CellConfig.WORKERS) && m.contains("perfport.var.mt607.file"), m);
        assertEquals(1, m.lines().count(), m);
    }

    @Test
    void aSystemPropertyIsRefusedByEveryOpen() {
        String before = System.getProperty(MISSPELT);
        try {
            System.setProperty(MISSPELT, "3");
            assertRefused(assertThrows(ConfigException.class, Perfport::open), "system property");
            assertRefused(assertThrows(ConfigException.class, () -> Perfport.open(CellEmulationProvider.ID)), "system property");
            assertRefused(assertThrows(ConfigException.class, Perfport::registry), "system property");
        } finally {
            if (before == null) System.clearProperty(MISSPELT);
            else System.setProperty(MISSPELT, before);
        }
    }

    @Test
    void aPropertiesFileIsRefusedNamingTheFile(@TempDir Path work, @TempDir Path home) throws Exception {
        Files.writeString(work.resolve(PerfportConfig.FILE_NAME), MISSPELT + "=3\n");
        PerfportConfig c = PerfportConfig.load(Map.of(), work, home);
        assertRefused(assertThrows(ConfigException.class, () -> Perfport.open(c)), work.resolve(PerfportConfig.FILE_NAME).toString());
        Files.writeString(work.resolve(PerfportConfig.FILE_NAME), CellConfig.WORKERS + "=3\n");
        try (DeviceSession s = Perfport.open(PerfportConfig.load(Map.of(), work, home))) {
            assertEquals(3, s.device().computeUnits(), "the spelt key takes effect");
        }
    }

    @Test
    void aGivenConfigurationIsRefused() {
        assertRefused(assertThrows(ConfigException.class, () -> Perfport.open(PerfportConfig.of(Map.of(MISSPELT, "3")))), "given");
        ConfigException e = assertThrows(ConfigException.class, () -> Perfport.open(PerfportConfig.of(Map.of("perfport.backed", "jocl"))));
        assertTrue(e.getMessage().startsWith("unknown setting perfport.backed (from given); did you mean perfport.backend?"), e.getMessage());
        assertRefused(assertThrows(ConfigException.class,
                () -> Perfport.open(PerfportConfig.of(Map.of()).with(MISSPELT, "3"))), "override");
    }

    @Test
    void anEnvironmentVariableThatIsNoSettingIsTheCommandsWarningLoggedOnce(@TempDir Path work, @TempDir Path home) {
        List<String> logged = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r.getLevel() + " " + r.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(Perfport.class.getName());
        log.addHandler(h);
        try {
            Map<String, String> env = Map.of("PERFPORT_CELL_EMULATION_WORKER", "3", "PERFPORT_CELL_EMULATION_WORKERS", "2");
            for (int i = 0; i < 2; i++) {
                try (DeviceSession s = Perfport.open(PerfportConfig.load(env, work, home))) {
                    assertEquals(2, s.device().computeUnits(), "the known variable takes effect");
                }
            }
        } finally {
            log.removeHandler(h);
        }
        assertEquals(List.of("WARNING warning: ignoring environment variable PERFPORT_CELL_EMULATION_WORKER"
                + " (did you mean PERFPORT_CELL_EMULATION_WORKERS?): not a perfport setting"), logged);
    }
}
