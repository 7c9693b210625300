package dev.perfport.examples.saxpy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Starts a main class in a fresh JVM with this test's class path, as a user's program would start. */
final class ChildJvm {
    private ChildJvm() {
    }

    /** Exit code and combined output of a finished child. */
    record Result(int exit, String output) {
    }

    static Result run(Class<?> main, String... jvmArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmArgs));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // the configuration comes from the -D options only, not from this machine's environment
        pb.environment().keySet().removeIf(k -> k.startsWith("PERFPORT_"));
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("child JVM did not finish in 120 s: " + cmd);
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
    }
}
