package dev.perfport.cli.it;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The release archive ({@code ./mvnw -Prelease package}) unpacked into an empty folder and run with
 * a PATH that holds no java and no JAVA_HOME: its own jlinked runtime must be enough. Skipped, saying
 * so, in a build without the profile.
 */
class ReleaseArchiveIT {

    private static Path archive() {
        String a = System.getProperty("release.test.archive", "");
        if (a.isBlank()) {
            System.out.println("SKIPPED ReleaseArchiveIT: the build did not run the 'release' profile (./mvnw -Prelease verify)");
        }
        Assumptions.assumeFalse(a.isBlank(), "the build did not run the 'release' profile (./mvnw -Prelease verify)");
        Path p = Path.of(a);
        if (!Files.isRegularFile(p)) System.out.println("SKIPPED ReleaseArchiveIT: " + p + " was not built");
        Assumptions.assumeTrue(Files.isRegularFile(p), () -> p + " was not built");
        return p;
    }

    record Result(int code, String out, String err) {
        String describe() {
            return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    @Test
    void theArchiveRunsWithNoJavaOnThePath(@TempDir Path dir) throws Exception {
        Path archive = archive();
        // the checksum file beside it, in sha256sum's format
        String sums = Files.readString(Path.of(archive + ".sha256"), StandardCharsets.UTF_8).strip();
        String hex = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(archive)));
        assertEquals(hex + "  " + archive.getFileName(), sums);

        Path unpacked = Files.createDirectories(dir.resolve("unpacked"));
        Result tar = run(List.of("tar", "-xzf", archive.toString(), "-C", unpacked.toString()), Map.of(), dir);
        assertEquals(0, tar.code(), tar.describe());
        List<Path> tops;
        try (Stream<Path> s = Files.list(unpacked)) {
            tops = s.toList();
        }
        assertEquals(1, tops.size(), "one top folder: " + tops);
        Path home = tops.getFirst();
        for (String f : List.of("bin/perfport", "runtime/bin/java", "lib/perfport-cli.jar", "plugins/perfport-backend-jocl-plugin.jar",
                "docs/install.md", "build.properties")) {
            assertTrue(Files.exists(home.resolve(f)), f + " in the archive");
        }
        assertTrue(Files.isExecutable(home.resolve("bin/perfport")) && Files.isExecutable(home.resolve("runtime/bin/java")));

        Map<String, String> env = Map.of("PATH", javaFreePath(dir.resolve("path")).toString(), "HOME", dir.toString(),
                "XDG_CACHE_HOME", dir.resolve("cache").toString());
        Result v = run(List.of(home.resolve("bin/perfport").toString(), "--version"), env, dir);
        assertEquals(0, v.code(), v.describe());
        String version = System.getProperty("release.test.version", "");
        assertTrue(v.out().startsWith("perfport " + version), v.describe());
        assertTrue(v.out().contains("(commit ") && !v.out().contains("commit unknown"), v.describe());
        assertTrue(v.out().lines().anyMatch(l -> l.startsWith("routes: ") && l.contains("cell-emulation") && l.contains("jocl")),
                v.describe());

        Result r = run(List.of(home.resolve("bin/perfport").toString(), "compare", "reduction", "--param", "n=2^16", "--param", "reps=1"),
                env, dir);
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().contains("verified, 0 failed"), r.describe());
        assertFalse(r.err().contains("WARNING") || r.err().contains("Exception"), r.describe());

        // the runtime's libjsig is preloaded (PoCL's signal handlers chained behind the JVM's)
        Map<String, String> ld = new java.util.HashMap<>(env);
        ld.put("LD_DEBUG", "files");
        ld.put("LD_DEBUG_OUTPUT", dir.resolve("ld").toString());
        Result w = run(List.of(home.resolve("bin/perfport").toString(), "workloads"), ld, dir);
        assertEquals(0, w.code(), w.describe());
        boolean jsig = false;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.filter(f -> f.getFileName().toString().startsWith("ld.")).toList()) {
                jsig |= Files.readString(f, StandardCharsets.ISO_8859_1).contains(home.resolve("runtime/lib/libjsig.so").toString());
            }
        }
        assertTrue(jsig, "runtime/lib/libjsig.so preloaded");

        // TornadoVM needs a full JDK: with the bundled runtime, 'backends' names that as tornado's problem
        Map<String, String> tornado = new java.util.HashMap<>(env);
        tornado.put("TORNADOVM_HOME", dir.resolve("no-sdk").toString());
        Result b = run(List.of(home.resolve("bin/perfport").toString(), "backends"), tornado, dir);
        assertEquals(0, b.code(), b.describe());
        assertTrue(b.err().contains("starting without TornadoVM: the bundled Java runtime has no JVMCI"), b.describe());
    }

    /**
     * A folder of links to every program on this PATH except Java's (java, and anything in a JDK),
     * so that only the archive's own runtime can start perfport.
     */
    static Path javaFreePath(Path dir) throws IOException {
        Files.createDirectories(dir);
        Set<String> seen = new LinkedHashSet<>();
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path p = Path.of(d.isEmpty() ? "." : d);
            if (!Files.isDirectory(p)) continue;
            try (Stream<Path> s = Files.list(p)) {
                for (Path f : s.toList()) {
                    String name = f.getFileName().toString();
                    if (!seen.add(name) || !Files.isExecutable(f)) continue;
                    Path real;
                    try {
                        real = f.toRealPath();
                    } catch (IOException broken) {
                        continue;
                    }
                    if (name.equals("java") || name.startsWith("java") || real.toString().contains("/jvm/")) continue;
                    Files.createSymbolicLink(dir.resolve(name), real);
                }
            }
        }
        assertFalse(Files.exists(dir.resolve("java")), "no java on the PATH");
        return dir;
    }

    static Result run(List<String> cmd, Map<String, String> env, Path dir) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).directory(dir.toFile());
        if (!env.isEmpty()) {
            // nothing of this JVM's environment: no JAVA_HOME, no LD_PRELOAD of the test JDK's libjsig
            pb.environment().clear();
            pb.environment().putAll(env);
        }
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", cmd) + " did not finish in 300 s");
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
