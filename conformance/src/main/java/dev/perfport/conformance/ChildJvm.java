package dev.perfport.conformance;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs a probe's {@code main} in a child JVM of the running JDK, for what one JVM can do only
 * once (load a native library, start a route's runtime, find no driver). Probes print what
 * happened instead of failing: the exit code must be 0.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /**
     * {@return the class path entries the classes were loaded from (a jar or a classes folder each, in order, once)}
     * Taken from the classes themselves, since a test launcher may load them through its own loader.
     *
     * @param classes a class of each entry
     */
    public static List<String> classPathOf(Class<?>... classes) {
        List<String> parts = new ArrayList<>();
        for (Class<?> c : classes) {
            try {
                String p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                if (!parts.contains(p)) parts.add(p);
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return parts;
    }

    /**
     * {@return the child's output, stdout and stderr together}
     *
     * @param jvmOptions options before the class path
     * @param classPath  the class path entries
     * @param main       the probe's main class
     * @param env        environment variables added to this JVM's
     * @param seconds    how long the child may take
     * @throws IOException          when the child cannot start
     * @throws InterruptedException when the wait is interrupted
     */
    public static String run(List<String> jvmOptions, List<String> classPath, Class<?> main, Map<String, String> env, int seconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add(main.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), "child JVM did not finish");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }
}
