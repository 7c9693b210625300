package dev.perfport.backend.tornado;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs a probe class of these tests in a JVM of its own (TornadoVM's options are fixed at boot). */
final class ChildJvm {
    private ChildJvm() {
    }

    /** Where a class was loaded from (a jar or a classes folder). */
    static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** This module's test and main classes, core and PF4J: everything but TornadoVM. */
    static List<String> classPath() {
        List<String> parts = new ArrayList<>();
        for (Class<?> c : List.of(ChildJvm.class, TornadoVmProvider.class, dev.perfport.core.backend.Backend.class,
                dev.perfport.core.config.PerfportConfig.class,
                org.pf4j.ExtensionPoint.class)) {
            String p = location(c);
            if (!parts.contains(p)) parts.add(p);
        }
        return parts;
    }

    /**
     * Runs {@code main} with the given JVM options and class path; returns its output (stdout and
     * stderr). The exit code must be 0: probes print what happened instead of failing.
     */
    static String run(List<String> jvmOptions, List<String> classPath, Class<?> main) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classPath));
        cmd.add(main.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "child JVM did not finish");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    /** The @argfile with TornadoVM's options that the pom generated, or null outside Maven. */
    static String tornadoArgfile() {
        return System.getProperty("perfport.tornado.argfile");
    }
}
