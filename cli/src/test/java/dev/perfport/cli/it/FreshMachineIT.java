package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution as a new user meets it, through the real {@code ./perfport} script
 * in processes of their own: a machine without OpenCL, signals, errors as one line, settings that
 * are never silently ignored.
 */
class FreshMachineIT {

    static void assertOneLine(ScriptIT.Result r, int code, String... fragments) {
        assertEquals(code, r.code(), r.describe());
        assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.describe());
        for (String f : fragments) assertTrue(r.err().contains(f), "'" + f + "' in: " + r.describe());
    }

    /** A folder whose empty libOpenCL.so* the dynamic loader finds first (LD_LIBRARY_PATH): OpenCL cannot load, as on a machine without it. */
    static Map<String, String> withoutOpenCl(Path dir) throws IOException {
        Path libs = Files.createDirectories(dir.resolve("no-opencl"));
        for (String n : List.of("libOpenCL.so", "libOpenCL.so.1")) {
            if (!Files.exists(libs.resolve(n))) Files.createFile(libs.resolve(n));
        }
        return Map.of("LD_LIBRARY_PATH", libs.toString());
    }

    @Test
    void withoutOpenClBothOpenClBackendsAreUnavailableWithTheReasonAndNothingElseIsSaid(@TempDir Path dir) throws Exception {
        Map<String, String> env = new HashMap<>(withoutOpenCl(dir));
        env.put("PERFPORT_JAVA_OPTS", "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")));
        ScriptIT.Result r = ScriptIT.perfport(env, "backends", "--format", "json");
        assertEquals(0, r.code(), r.describe());
        assertEquals("", r.err(), "a missing optional backend is a note in the listing, not noise: " + r.describe());
        Map<?, ?> doc = assertInstanceOf(Map.class, MiniJson.parse(r.out()), r.describe());
        java.util.Set<String> advice = new java.util.HashSet<>();
        for (Object o : assertInstanceOf(List.class, doc.get("backends"))) {
            Map<?, ?> b = (Map<?, ?>) o;
            if (List.of("jocl", "aparapi").contains(b.get("id"))) {
                assertEquals("unavailable", b.get("status"), b.toString());
                String reason = (String) b.get("reason");
                assertTrue(reason.startsWith("no OpenCL library: libOpenCL.so"), b.toString());
                // one advice for both routes: what follows the library's name
                advice.add(reason.substring(reason.indexOf(" cannot be loaded")));
            }
            if ("cell-emulation".equals(b.get("id"))) assertEquals("available", b.get("status"), b.toString());
        }
        assertEquals(1, advice.size(), "jocl and aparapi give the same install advice: " + advice);
        assertTrue(advice.iterator().next().contains("ocl-icd-opencl-dev and pocl-opencl-icd"), advice.toString());
        ScriptIT.Result c = ScriptIT.perfport(env, "compare", "reduction", "--param", "n=2^12", "--param", "reps=1", "--format", "json");
        assertEquals(0, c.code(), c.describe());
        assertFalse(c.err().contains("Could not load"), c.describe());
        List<?> rows = assertInstanceOf(List.class, MiniJson.parse(c.out()), c.describe());
        assertTrue(rows.stream().allMatch(o -> "cell-emulation".equals(((Map<?, ?>) o).get("backend"))), c.describe());
        try (Stream<Path> s = Files.list(dir.resolve("tmp"))) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("Aparapi")).toList(), "nothing extracted");
        }
    }

    @Test
    void aparapisLibraryComesFromTheCacheAndNothingIsLeftInTmp(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Dist.noOpenClPlatform().isEmpty(), () -> "SKIPPED: " + Dist.noOpenClPlatform().get());
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path cache = dir.resolve("cache");
        ScriptIT.Result r = ScriptIT.perfport(Map.of("XDG_CACHE_HOME", cache.toString(), "PERFPORT_JAVA_OPTS", "-Djava.io.tmpdir=" + tmp),
                "run", "reduction", "--backend", "aparapi", "--variant", "two-kernel", "--param", "n=2^12", "--param", "reps=1");
        assertEquals(0, r.code(), r.describe());
        try (Stream<Path> s = Files.list(tmp)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("Aparapi")).toList(), r.describe());
        }
        try (Stream<Path> s = Files.walk(cache.resolve("perfport/aparapi"))) {
            assertEquals(1, s.filter(p -> p.getFileName().toString().equals("libaparapi.so")).count(), "one cached copy");
        }
    }

    @Test
    void theLaunchedJvmChainsSignalsThroughLibjsig(@TempDir Path dir) throws Exception {
        ScriptIT.Result r = ScriptIT.perfport(Map.of("LD_DEBUG", "files", "LD_DEBUG_OUTPUT", dir.resolve("ld").toString()), "workloads");
        assertEquals(0, r.code(), r.describe());
        assertTrue(loaded(dir, "/lib/libjsig.so"), "libjsig.so preloaded into the JVM ./perfport starts");
    }

    @Test
    void theTestJvmChainsSignalsToo() throws IOException {
        String expected = System.getProperty("jsig.expected", "");
        Assumptions.assumeFalse(expected.isBlank(), "SKIPPED: Maven runs on no JDK 25 and JAVA25_HOME is not set, so the pom"
                + " cannot name the tests' libjsig (see the parent pom)");
        assertTrue(Files.readString(Path.of("/proc/self/maps")).contains(expected), expected + " is mapped into this test JVM");
    }

    /**
     * A process that uses no OpenCL backend loads no OpenCL library: PoCL's LLVM then cannot
     * replace the JVM's signal handlers in it; backends start lazily.
     */
    @Test
    void anEmulatorRunLoadsNoOpenClLibrary(@TempDir Path dir) throws Exception {
        ScriptIT.Result r = ScriptIT.perfport(Map.of("LD_DEBUG", "files", "LD_DEBUG_OUTPUT", dir.resolve("ld").toString()),
                "run", "reduction", "--backend", "cell-emulation", "--param", "n=2^12", "--param", "reps=1");
        assertEquals(0, r.code(), r.describe());
        assertFalse(loaded(dir, "libOpenCL"), "an emulator-only run mapped an OpenCL library: " + r.describe());
    }

    /** Whether the dynamic loader's log (LD_DEBUG=files, one file per process) shows a library containing {@code name}. */
    static boolean loaded(Path dir, String name) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.getFileName().toString().startsWith("ld.")).toList()) {
                if (Files.readString(p).lines().anyMatch(l -> l.contains("file=") && l.contains(name))) return true;
            }
        }
        return false;
    }

    /**
     * The SIGSEGV of a fresh machine (exit 139, about 1 run in 5, during the third variant): the large
     * var reproducer, run several times, once beside jocl so that PoCL's LLVM is loaded in the
     * same JVM. Bounded: each run has the script's 180 s limit, four runs take about a minute.
     */
    @Test
    void theVarReproducerNeverDiesByASignal(@TempDir Path dir) throws Exception {
        Path input = dir.resolve("fbond.json");
        Files.writeString(input, """
                {"today": 0, "market": {"stockIndex": 1000.0, "foreignRate": 0.05, "exchangeRate": 1.2},
                 "meanChange": {"stockIndex": 2.0, "foreignRate": 0.0, "exchangeRate": 0.0},
                 "covariance": [[1600.0, -0.016, 0.36], [-0.016, 4.0e-6, 6.0e-6], [0.36, 6.0e-6, 9.0e-4]],
                 "portfolio": {"positions": [{"type": "FBOND", "amount": 1000, "dayOfMaturity": 365}]}}
                """);
        boolean jocl = Dist.noOpenClPlatform().isEmpty();
        for (int i = 0; i < 4; i++) {
            List<String> args = new java.util.ArrayList<>(List.of(i % 2 == 1 && jocl ? "compare" : "run", "var",
                    "--backend", "cell-emulation", "--param", "input=" + input, "--param", "posbs=1", "--param", "ngroup=8192",
                    "--param", "npos=1", "--param", "reps=1", "--format", "json"));
            if (i % 2 == 1 && jocl) args.addAll(List.of("--backend", "jocl"));
            ScriptIT.Result r = ScriptIT.perfportIn(dir, Map.of(), args.toArray(String[]::new));
            assertTrue(r.code() < 128, "run " + (i + 1) + " died by signal " + (r.code() - 128) + ": " + r.describe());
            assertEquals(0, r.code(), r.describe());
            List<?> rows = assertInstanceOf(List.class, MiniJson.parse(r.out()), r.describe());
            assertEquals(i % 2 == 1 && jocl ? 6 : 3, rows.size(), r.describe());
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().startsWith("hs_err")).toList());
        }
    }

    @Test
    void aPluginWhosePluginClassIsMissingIsNamedInOneLineWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path plugins = Files.createDirectories(dir.resolve("plugins"));
        Files.copy(Dist.plugins().resolve("perfport-backend-cell-emulation-plugin.jar"), plugins.resolve("perfport-backend-cell-emulation-plugin.jar"));
        Manifest mf = new Manifest();
        Attributes a = mf.getMainAttributes();
        a.putValue("Manifest-Version", "1.0");
        a.putValue("Plugin-Id", "ghost");
        a.putValue("Plugin-Version", "1.0.0");
        a.putValue("Plugin-Class", "com.example.NoSuchPlugin");
        try (OutputStream os = Files.newOutputStream(plugins.resolve("ghost.jar")); JarOutputStream jar = new JarOutputStream(os, mf)) {
            jar.putNextEntry(new JarEntry("readme.txt"));
            jar.write("a plugin whose class is missing".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        Map<String, String> env = Map.of("PERFPORT_PLUGINS_DIR", plugins.toString(), "XDG_CACHE_HOME", dir.resolve("cache").toString());
        for (String[] cmd : List.of(new String[]{"backends"}, new String[]{"run", "reduction", "--param", "n=2^10", "--param", "reps=1"})) {
            ScriptIT.Result r = ScriptIT.perfport(env, cmd);
            assertEquals(0, r.code(), r.describe());
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + r.describe());
            if (cmd[0].equals("backends")) {
                assertTrue(r.out().replaceAll("\\s+", " ").contains("plugin 'ghost': its Plugin-Class com.example.NoSuchPlugin is not in the jar"),
                        r.describe());
            }
        }
        // libraries' messages: in the log file by default, on stderr with --verbose
        assertTrue(Files.isRegularFile(dir.resolve("cache/perfport/perfport.log")), "the log file exists");
        ScriptIT.Result v = ScriptIT.perfport(env, "--verbose", "backends");
        assertEquals(0, v.code(), v.describe());
        assertTrue(v.err().contains("PluginManager"), "PF4J's messages on stderr with --verbose: " + v.describe());
    }

    @Test
    void settingsAreNeverSilentlyIgnored(@TempDir Path cwd) throws Exception {
        Files.writeString(cwd.resolve("perfport.properties"), "perfport.cell-emulation.worker=2\n");
        assertOneLine(ScriptIT.perfportIn(cwd, Map.of(), "run", "reduction", "--param", "n=2^10"), 2,
                "unknown setting perfport.cell-emulation.worker (from " + cwd.resolve("perfport.properties"),
                "did you mean perfport.cell-emulation.workers?", "Known settings: ", "perfport.jocl.counters");
        Files.delete(cwd.resolve("perfport.properties"));
        // an unknown PERFPORT_ variable in the environment is one warning line, and the command runs
        ScriptIT.Result env = ScriptIT.perfportIn(cwd, Map.of("PERFPORT_CELL_EMULATION_WORKER", "2", "PERFPORT_DIR", "/x"), "backends");
        assertEquals(0, env.code(), env.describe());
        assertEquals(List.of("perfport: warning: ignoring environment variables PERFPORT_CELL_EMULATION_WORKER"
                + " (did you mean PERFPORT_CELL_EMULATION_WORKERS?), PERFPORT_DIR (did you mean PERFPORT_HOME?): not a perfport setting"),
                env.err().lines().toList(), env.describe());
        assertTrue(env.out().contains("cell-emulation"), env.describe());
        // the launcher's own variables are not settings
        ScriptIT.Result ok = ScriptIT.perfportIn(cwd, Map.of("PERFPORT_JAVA_OPTS", "-Xmx1g"), "--config", "perfport.cell-emulation.workers=2",
                "run", "reduction", "--param", "n=2^10", "--param", "reps=1");
        assertEquals(0, ok.code(), ok.describe());
        assertTrue(ok.out().contains("2 SPEs"), ok.describe());

        BadInputIT.assertOneLineError(Run.of("--config", "perfport.plugins.dir=" + cwd.resolve("nowhere"), "backends"),
                "perfport.plugins.dir=" + cwd.resolve("nowhere"), "does not exist");
        Path file = Files.writeString(cwd.resolve("a-file"), "x");
        BadInputIT.assertOneLineError(Run.of("--config", "perfport.plugins.dir=" + file, "backends"), "is not a folder");
        BadInputIT.assertOneLineError(Run.of("run", "reduction", "--backend", "jocl:name="), "empty value for 'name'", "jocl:name=");
        BadInputIT.assertOneLineError(Run.of("run", "reduction", "--param", "n=2^10", "--param", "n=2^12"), "--param n given twice");
    }

    @Test
    void aMalformedPropertiesFileAndACorruptTuningCacheAreOneLine(@TempDir Path cwd) throws Exception {
        Files.writeString(cwd.resolve("perfport.properties"), "perfport.backend=cell\\uZZZZ\n");
        assertOneLine(ScriptIT.perfportIn(cwd, Map.of(), "backends"), 2,
                "cannot read " + cwd.resolve("perfport.properties"), "Malformed \\uxxxx encoding");
        Files.delete(cwd.resolve("perfport.properties"));
        Path cache = Files.writeString(cwd.resolve("tune-cache.json"), "{\"format\": \"perfport-tune-cache\", \"entries\": [");
        ScriptIT.Result r = ScriptIT.perfportIn(cwd, Map.of(), "--config", "perfport.tune.cache=" + cache,
                "tune", "var", "--backend", "cell-emulation", "--param", "npos=2^10");
        assertOneLine(r, 2, "the tuning cache " + cache + " is unreadable", "delete it or set perfport.tune.cache");
        assertEquals("", r.out(), r.describe());
    }

    /** A TornadoVM SDK as a from-scratch build may leave it: every part present, or the one named missing. */
    static Path fakeSdk(Path dir, boolean graalJars, boolean backendFile) throws IOException {
        for (String d : List.of("share/java/tornado", "share/java/graalJars", "lib", "etc/exportLists")) Files.createDirectories(dir.resolve(d));
        Files.writeString(dir.resolve("etc/exportLists/common-exports"), "# none\n");
        Files.writeString(dir.resolve("etc/exportLists/opencl-exports"), "# none\n");
        if (graalJars) Files.writeString(dir.resolve("share/java/graalJars/compiler-25.0.2.jar"), "");
        if (backendFile) Files.writeString(dir.resolve("etc/tornado.backend"), "tornado.backends=opencl-backend\n");
        return dir;
    }

    static ScriptIT.Result jvmArgs(Path sdk) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", Dist.repo().resolve("backend-tornado/bin/tornado-jvm-args").toString(), sdk.toString())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
        return new ScriptIT.Result(p.exitValue(), out, err);
    }

    /** TornadoVM's set-up from scratch: each way it goes wrong is named, not "options missing". */
    @Test
    void tornadoSetUpProblemsAreNamed(@TempDir Path dir) throws Exception {
        Path outer = Files.createDirectories(dir.resolve("tornadovm-5.2.0-jdk25-opencl-linux-amd64"));
        Path nested = fakeSdk(outer.resolve("tornadovm-5.2.0-jdk25-opencl"), true, true);
        ScriptIT.Result r = jvmArgs(outer);
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("but " + nested + " is: set TORNADOVM_HOME=" + nested), r.describe());
        ScriptIT.Result ok = jvmArgs(nested);
        assertEquals(0, ok.code(), ok.describe());
        assertTrue(ok.out().contains("-Dperfport.tornado.home=" + nested), ok.describe());

        ScriptIT.Result noGraal = jvmArgs(fakeSdk(dir.resolve("no-graal"), false, true));
        assertEquals(2, noGraal.code(), noGraal.describe());
        assertTrue(noGraal.err().contains("share/java/graalJars holds no jars"), noGraal.describe());
        ScriptIT.Result noBackend = jvmArgs(fakeSdk(dir.resolve("no-backend"), true, false));
        assertEquals(2, noBackend.code(), noBackend.describe());
        assertTrue(noBackend.err().contains("has no etc/tornado.backend") && noBackend.err().contains("tornado.backends=opencl-backend"),
                noBackend.describe());

        // the launcher hands the cause to the JVM (perfport.tornado.problem, a declared setting) and goes on
        ScriptIT.Result b = ScriptIT.perfport(Map.of("TORNADOVM_HOME", outer.toString()), "backends", "--format", "json");
        assertEquals(0, b.code(), b.describe());
        assertEquals(1, b.err().lines().count(), b.describe());
        assertTrue(b.err().startsWith("perfport: starting without TornadoVM: TORNADOVM_HOME='" + outer + "' is not a TornadoVM SDK, but "),
                b.describe());
    }
}
