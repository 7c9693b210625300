package dev.perfport.core.config;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code perfport.properties} on any bytes: read and checked against the known keys as the
 * command and {@code Perfport.open} check it, giving values, or one {@link ConfigException} line
 * (a malformed file, an unknown key). Anything else is a defect. Inputs that found one are in
 * {@code PropertiesFileFuzzTestInputs/}.
 */
@Tag("fuzz-properties")
class PropertiesFileFuzzTest {
    private static final List<String> KNOWN = List.of(PerfportConfig.BACKEND, PerfportConfig.PLUGINS_DIR, "perfport.cell-emulation.workers",
            "perfport.cell-emulation.cost.*");
    private static Path work;
    private static Path home;

    @BeforeAll
    static void folders() throws IOException {
        work = Files.createTempDirectory("perfport-fuzz-work");
        home = Files.createTempDirectory("perfport-fuzz-home");
    }

    @AfterAll
    static void clean() throws IOException {
        Files.deleteIfExists(work.resolve(PerfportConfig.FILE_NAME));
        Files.deleteIfExists(work);
        Files.deleteIfExists(home);
    }

    // libFuzzer's dictionary syntax: a backslash is \\, a byte \xNN
    @DictionaryEntries({"perfport.", "perfport.backend", "perfport.cell-emulation.cost.", "=", ":", "\\\\u", "\\\\", "#", "!",
            "\\\\\\x0A", "\\x0D\\x0A"})
    @FuzzTest(maxDuration = "5s")
    void readsAndChecksOrRefusesInOneLine(byte[] data) throws IOException {
        Files.write(work.resolve(PerfportConfig.FILE_NAME), data);
        PerfportConfig c;
        try {
            c = PerfportConfig.load(Map.of(), work, home);
        } catch (ConfigException e) {
            assertOneLine(e, "cannot read " + work.resolve(PerfportConfig.FILE_NAME) + ": ");
            return;
        }
        try {
            assertEquals(List.of(), c.requireKnown(KNOWN, Set.of()), "no environment, so no unknown variable");
        } catch (ConfigException e) {
            assertOneLine(e, "unknown setting ");
            return;
        }
        for (Map.Entry<String, String> e : c.effective().entrySet()) {
            if (e.getKey().startsWith("perfport.") && !e.getValue().isBlank()) {
                assertEquals(e.getValue().trim(), c.get(e.getKey()).orElseThrow());
                try {
                    c.getInt(e.getKey(), 0);
                } catch (ConfigException bad) {
                    assertOneLine(bad, "");
                }
            }
        }
    }

    private static void assertOneLine(ConfigException e, String start) {
        String m = e.getMessage();
        assertTrue(m.startsWith(start), m);
        assertEquals(1, m.lines().count(), "one line: " + m);
    }
}
