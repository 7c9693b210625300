package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plugins folder with copies of the real plugin jars, a corrupt jar and a jar without a plugin
 * descriptor: the two bad files are listed with their reasons and the real backends still run.
 * This class never touches the distribution's own plugins folder, because a native library
 * (JOCL) can be bound to one plugin class loader per JVM only; the pom runs this class in a
 * failsafe execution (so a JVM) of its own.
 */
class BrokenPluginsIT {
    @TempDir
    static Path dir;

    @BeforeAll
    static void makePluginsFolder() throws IOException {
        for (Path jar : Dist.pluginJars()) Files.copy(jar, dir.resolve(jar.getFileName()));
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        Files.write(dir.resolve("x.jar"), noise);
        Manifest mf = new Manifest();
        mf.getMainAttributes().putValue("Manifest-Version", "1.0");
        try (OutputStream os = Files.newOutputStream(dir.resolve("no-descriptor.jar"));
             JarOutputStream jar = new JarOutputStream(os, mf)) {
            jar.putNextEntry(new JarEntry("readme.txt"));
            jar.write("a jar, but not a PF4J plugin".getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    static String[] inDir(String... args) {
        String[] a = new String[args.length + 2];
        a[0] = "--config";
        a[1] = "perfport.plugins.dir=" + dir;
        System.arraycopy(args, 0, a, 2, args.length);
        return a;
    }

    @Test
    void badJarsAreListedWithReasonsBesideTheRealBackends() {
        Run r = Run.of(inDir("backends", "--format", "json"));
        Dist.assertExit(0, r);
        Map<?, ?> doc = assertInstanceOf(Map.class, MiniJson.parse(r.out()), r.describe());
        List<?> problems = assertInstanceOf(List.class, doc.get("pluginProblems"));
        assertEquals(2, problems.size(), "x.jar and no-descriptor.jar: " + problems);
        String corrupt = reason(problems, "x.jar");
        String noDescriptor = reason(problems, "no-descriptor.jar");
        assertTrue(corrupt.contains("not a valid jar file"), corrupt);
        assertTrue(noDescriptor.contains("no Plugin-Id"), noDescriptor);
        List<?> backends = assertInstanceOf(List.class, doc.get("backends"));
        List<?> ids = backends.stream().map(b -> ((Map<?, ?>) b).get("id")).toList();
        assertTrue(ids.containsAll(List.of("cell-emulation", "jocl")), "real backends listed: " + ids);

        Run table = Run.of(inDir("backends"));
        Dist.assertExit(0, table);
        assertTrue(table.out().contains("Plugin problems:"), table.out());
        assertTrue(table.out().contains(dir.resolve("x.jar").toString()), table.out());
        assertTrue(table.out().contains(dir.resolve("no-descriptor.jar").toString()), table.out());
    }

    @Test
    void realBackendsStillRun() {
        Run r = Run.of(inDir("compare", "reduction", "--param", "n=3001", "--param", "reps=1", "--format", "json"));
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertTrue(rows.stream().anyMatch(m -> m.get("backend").equals("cell-emulation")), r.describe());
        if (Dist.noOpenClPlatform().isEmpty()) {
            assertTrue(rows.stream().anyMatch(m -> m.get("backend").equals("jocl")), "jocl rows too: " + r.describe());
        }
        rows.forEach(m -> assertEquals(Boolean.TRUE, m.get("verified"), m.toString()));
    }

    private static String reason(List<?> problems, String file) {
        for (Object o : problems) {
            Map<?, ?> m = (Map<?, ?>) o;
            if (((String) m.get("file")).endsWith(file)) return (String) m.get("reason");
        }
        throw new AssertionError(file + " not listed as a problem: " + problems);
    }
}
