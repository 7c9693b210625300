package dev.perfport.core.tune;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The tuning cache's reader on any bytes: a cache whose every entry can be looked up, or the one
 * documented error, which names the file, what is wrong in words and the way out. Another
 * exception, an error that is a Java exception's own text (a failed cast, a null), or a cache
 * that fails later when it is used, is a defect. Inputs that found one are in
 * {@code TuneCacheFuzzTestInputs/}.
 */
@Tag("fuzz-tune-cache")
class TuneCacheFuzzTest {
    /** One folder for the whole run, removed with what the reader left in it. */
    @TempDir
    static Path dir;

    @DictionaryEntries({"\"format\":\"perfport-tune-cache\"", "\"version\":1", "\"entries\":[", "\"backend\":", "\"device\":{",
            "\"kernel\":", "\"params\":{", "\"valid\":true", "\"status\":\"ok\"", "\"value\":", "\"chosen\":", "\"computeUnits\":",
            "\"localMemBytes\":", "\"name\":", "null", "{}", "[]"})
    @FuzzTest(maxDuration = "5s")
    void readsACacheOrRefusesItNamingTheFile(byte[] data) throws IOException {
        Path f = dir.resolve("tune-cache.json");
        Files.write(f, data);
        TuneCache c;
        try {
            c = TuneCache.open(f);
        } catch (IllegalStateException e) {
            String m = e.getMessage();
            assertTrue(m.startsWith("the tuning cache " + f + " is unreadable (") && m.endsWith("); delete it or set "
                    + TuneCache.CONFIG_KEY + " to another file"), m);
            assertTrue(!(e.getCause() instanceof ClassCastException) && !(e.getCause() instanceof NullPointerException)
                    && !(e.getCause() instanceof IndexOutOfBoundsException), "a check in words, not " + e.getCause());
            return;
        }
        for (Map<String, Object> e : c.entries()) {
            DeviceFingerprint d = DeviceFingerprint.fromJson((Map<?, ?>) e.get("device"));
            c.best((String) e.get("backend"), d, (String) e.get("kernel"), Map.of(), true);
            c.best((String) e.get("backend"), d, (String) e.get("kernel"), Map.of(), false);
        }
        assertEquals(c.entries().size(), c.size());
    }
}
