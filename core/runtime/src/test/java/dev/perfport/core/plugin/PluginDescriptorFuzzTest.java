package dev.perfport.core.plugin;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.perfport.core.config.PerfportConfig;
import org.junit.jupiter.api.Tag;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plugins folder holding one jar whose manifest and {@code plugin.properties} are any bytes:
 * the registry lists the jar among its problems with one line saying why, and never throws; the
 * other backends keep working. Inputs that found a defect are in {@code PluginDescriptorFuzzTestInputs/}.
 */
@Tag("fuzz-plugin-descriptor")
class PluginDescriptorFuzzTest {

    // libFuzzer's dictionary syntax: a byte is \xNN
    @DictionaryEntries({"Manifest-Version: 1.0\\x0A", "Plugin-Id: ", "Plugin-Class: ", "Plugin-Version: ", "Plugin-Requires: ",
            "Plugin-Dependencies: ", "Plugin-Provider: ", "plugin.id=", "plugin.class=", "plugin.version=", "plugin.requires=",
            "plugin.dependencies=", "0.1.0", ">=1.0", "org.pf4j.Plugin", "\\x0D\\x0A", "\\x0A "})
    @FuzzTest(maxDuration = "5s")
    void aBrokenPluginIsOneProblemLine(byte[] data) throws IOException {
        // the manifest, then after a NUL byte (if any) plugin.properties
        int nul = 0;
        while (nul < data.length && data[nul] != 0) nul++;
        byte[] manifest = java.util.Arrays.copyOfRange(data, 0, nul);
        boolean withProperties = nul < data.length;
        byte[] properties = withProperties ? java.util.Arrays.copyOfRange(data, nul + 1, data.length) : new byte[0];
        Path dir = Files.createTempDirectory("perfport-fuzz-plugins");
        Path jar = dir.resolve("fuzz.jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream z = new ZipOutputStream(out)) {
            z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
            z.write(manifest);
            z.closeEntry();
            if (withProperties) {
                z.putNextEntry(new ZipEntry("plugin.properties"));
                z.write(properties);
                z.closeEntry();
            }
        }
        BackendRegistry r;
        try {
            r = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, dir.toString())));
        } finally {
            Files.delete(jar);
            Files.delete(dir);
        }
        assertEquals(1, r.problems().size(), "the jar is one problem: " + r.problems());
        BackendRegistry.PluginProblem p = r.problems().getFirst();
        assertTrue(p.file().endsWith("fuzz.jar"), p.toString());
        assertTrue(!p.reason().isBlank() && p.reason().lines().count() == 1, "one line: " + p.reason());
        assertTrue(r.entries().stream().allMatch(e -> BackendRegistry.NOT_INSTALLED.equals(e.origin())), r.entries().toString());
    }
}
