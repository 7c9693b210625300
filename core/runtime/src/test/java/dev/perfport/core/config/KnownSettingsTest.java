package dev.perfport.core.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class KnownSettingsTest {
    @TempDir
    Path work;
    @TempDir
    Path home;

    @Test
    void settingsForAnotherProcessLeaveOutVariablesThatAreNoSetting() {
        // an executor applies what it is handed as explicit keys and refuses unknown ones: a launcher's
        // variable the driver only warned about must not travel, a setting's variable must
        PerfportConfig c = PerfportConfig.load(Map.of("PERFPORT_BACKEND", "jocl", "PERFPORT_LAUNCHER_HOME", "/opt/x"), work, home);
        Map<String, String> handed = KnownSettings.forAnotherProcess(c, List::of);
        assertEquals("jocl", handed.get("perfport.backend"));
        assertFalse(handed.containsKey("perfport.launcher.home"), handed.toString());
        assertTrue(c.effective().containsKey("perfport.launcher.home"), "effective() itself keeps every source");
        assertDoesNotThrow(() -> KnownSettings.check(PerfportConfig.of(handed), List::of));
    }
}
