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
        Path script = Dist.repo().resolve("perfport");
        assertTrue(Files.isExecutable(script), script + " must be executable");
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(Dist.repo().toFile());
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
    }

    @Test
    void jsonStdoutIsCleanInARealJvm() throws Exception {
        Result r = perfport(Map.of(), "compare", "reduction", "--param", "n=2^12", "--param", "reps=1", "--format", "json");
        assertEquals(0, r.code(), r.describe());
        List<?> rows = assertInstanceOf(List.class, MiniJson.parse(r.out()), r.describe());
        assertTrue(rows.size() >= 6, r.describe());
    }

    @Test
    void missingJdk25IsReportedWithExitTwo() throws Exception {
        Result r = perfport(Map.of("PERFPORT_JAVA_HOME", "/nonexistent-jdk"), "backends");
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("JDK 25"), r.describe());
        assertEquals("", r.out());
    }
}
