package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real {@code ./perfport} script, end to end, in a JVM of its own. */
class ScriptIT {

    record Result(int code, String out, String err) {
        String describe() {
            return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    static Result perfport(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return perfportIn(Dist.repo(), env, args);
    }

    static Result perfportIn(Path workingDir, Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path script = Dist.repo().resolve("perfport");
        assertTrue(Files.isExecutable(script), script + " must be executable");
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workingDir.toFile());
        // never build from inside the build; the plugins folder of this distribution only
        pb.environment().put("PERFPORT_NO_BUILD", "1");
        pb.environment().put("PERFPORT_PLUGINS_DIR", Dist.plugins().toString());
        pb.environment().putAll(env);
        Path out = Files.createTempFile("perfport-out", ".txt");
        Path err = Files.createTempFile("perfport-err", ".txt");
        try {
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("./perfport " + String.join(" ", args) + " did not finish in 180 s");
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void backendsThroughTheScript() throws Exception {
        Result r = perfport(Map.of(), "backends");
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("cell-emulation  ") && l.contains("available")), r.describe());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("jocl  ")), r.describe());
        assertTrue(!r.err().contains("WARNING"), "no JVM warnings (native access is enabled): " + r.describe());
        // the libraries' own messages: PF4J's from INFO on, and no error from reading lib/'s jars
        // (it once failed on JLine's META-INF/services subfolders on every run)
        Result v = perfport(Map.of(), "--verbose", "backends");
        assertEquals(0, v.code(), v.describe());
        assertTrue(v.err().contains("PluginManager") && !v.err().contains("ERROR") && !v.err().contains("Exception"), v.describe());
    }

    @Test
    void versionNamesTheVersionTheCommitAndTheRoutes() throws Exception {
        Result r = perfport(Map.of(), "--version");
        assertEquals(0, r.code(), r.describe());
        List<String> lines = r.out().lines().toList();
        assertEquals(2, lines.size(), r.describe());
        assertTrue(lines.get(0).matches("perfport \\S+ \\(commit \\S+, built \\S+\\)"), r.describe());
        assertTrue(lines.get(1).startsWith("routes: ") && lines.get(1).contains("cell-emulation") && lines.get(1).contains("jocl"), r.describe());
        assertEquals("", r.err(), r.describe());
    }

    /** Spark (--cluster runs in this JVM) uses sun.misc.Unsafe: the launcher allows it, so JDK 25 prints no warning for it. */
    @Test
    void theLauncherAllowsSunMiscUnsafeForTheCluster(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path log = dir.resolve("args.log");
        Result r = perfport(Map.of("PERFPORT_JAVA_OPTS", "-Xlog:arguments=info:file=" + log), "workloads");
        assertEquals(0, r.code(), r.describe());
        String args = Files.readString(log);
        assertTrue(args.lines().anyMatch(l -> l.contains("jvm_args:") && l.contains("--sun-misc-unsafe-memory-access=allow")), args);
    }

    /**
     * A kernel whose build warns (fft's fourstep on PoCL: a loop it cannot unroll) leaves nothing
     * on the terminal: the compiler's "1 warning generated." stays out of stderr. A fresh perfport
     * binary cache and PoCL's kernel cache off make the build happen.
     */
    @Test
    void aKernelBuildWarningStaysOffTheTerminal(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        java.util.Optional<String> noOpenCl = Dist.noOpenClPlatform();
        if (noOpenCl.isPresent()) System.out.println("SKIPPED aKernelBuildWarningStaysOffTheTerminal: " + noOpenCl.get());
        org.junit.jupiter.api.Assumptions.assumeTrue(noOpenCl.isEmpty(), () -> noOpenCl.orElse(""));
        Result r = perfport(Map.of("PERFPORT_CACHE_DIR", dir.resolve("cache").toString(), "POCL_KERNEL_CACHE", "0"),
                "run", "fft", "--backend", "jocl", "--variant", "fourstep", "--param", "reps=1", "--progress", "plain");
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.err().lines().allMatch(l -> l.startsWith("[1/1] jocl:0 fourstep")), "only the progress line: " + r.describe());
    }

    @Test
    void jsonStdoutIsCleanInARealJvm() throws Exception {
        Result r = perfport(Map.of(), "compare", "reduction", "--param", "n=2^12", "--param", "reps=1", "--format", "json");
        assertEquals(0, r.code(), r.describe());
        List<?> rows = assertInstanceOf(List.class, MiniJson.parse(r.out()), r.describe());
        assertTrue(rows.size() >= 6, r.describe());
    }

    /**
     * Without TORNADOVM_HOME the script starts a plain JVM: whether or not the distribution has
     * the tornado plugin (a build with TORNADOVM_HOME set ships it), tornado is listed as
     * unavailable with its reason, and nothing crashes.
     */
    @Test
    void withoutTornadoVmHomeTornadoIsUnavailableWithItsReason() throws Exception {
        Result r = perfport(Map.of("TORNADOVM_HOME", ""), "backends", "--format", "json");
        assertEquals(0, r.code(), r.describe());
        Map<?, ?> tornado = backend(r, "tornado");
        assertEquals("unavailable", tornado.get("status"), r.describe());
        String reason = (String) tornado.get("reason");
        if (Files.isRegularFile(Dist.plugins().resolve("perfport-backend-tornado-plugin.jar"))) {
            assertTrue(reason.startsWith("this JVM was not started with TornadoVM's options"), reason);
        } else {
            assertTrue(reason.startsWith("not installed: TornadoVM not found"), reason);
        }
    }

    /**
     * With TORNADOVM_HOME the script starts the JVM with TornadoVM's options and tornado runs. The
     * working directory holds a jar with a class in the unnamed package: with TornadoVM's own
     * argfile ('.' first on the module path) the JVM would not even boot there.
     */
    @Test
    void withTornadoVmHomeTheScriptRunsTornado(@org.junit.jupiter.api.io.TempDir Path cwd) throws Exception {
        if (!Dist.tornadoConfigured()) {
            System.out.println("SKIPPED: TORNADOVM_HOME is not set");
            org.junit.jupiter.api.Assumptions.abort("TornadoVM is not configured");
        }
        try (var jar = new java.util.jar.JarOutputStream(Files.newOutputStream(cwd.resolve("agent.jar")))) {
            jar.putNextEntry(new java.util.jar.JarEntry("Agent.class"));
            jar.write(new byte[]{(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE});
            jar.closeEntry();
        }
        Result b = perfportIn(cwd, Map.of(), "backends", "--format", "json");
        assertEquals(0, b.code(), b.describe());
        assertEquals("available", backend(b, "tornado").get("status"), b.describe());
        assertTrue(!b.err().contains("WARNING"), "no JVM warnings with TornadoVM's options: " + b.describe());
        Result r = perfport(Map.of(), "compare", "reduction", "--backend", "tornado", "--param", "n=2^12", "--param", "reps=1",
                "--format", "json");
        assertEquals(0, r.code(), r.describe());
        List<?> rows = assertInstanceOf(List.class, MiniJson.parse(r.out()), r.describe());
        assertEquals(8, rows.size(), r.describe());   // 4 variants (the tuned one too) x int, float
        for (Object o : rows) assertEquals(Boolean.TRUE, ((Map<?, ?>) o).get("verified"), o.toString());
    }

    private static Map<?, ?> backend(Result r, String id) {
        Map<?, ?> doc = assertInstanceOf(Map.class, MiniJson.parse(r.out()), r.describe());
        for (Object o : assertInstanceOf(List.class, doc.get("backends"))) {
            Map<?, ?> m = (Map<?, ?>) o;
            if (id.equals(m.get("id"))) return m;
        }
        throw new AssertionError(id + " not listed: " + r.describe());
    }

    @Test
    void missingJdk25IsReportedWithExitTwo() throws Exception {
        Result r = perfport(Map.of("PERFPORT_JAVA_HOME", "/nonexistent-jdk"), "backends");
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("JDK 25"), r.describe());
        assertEquals("", r.out());
    }
}
