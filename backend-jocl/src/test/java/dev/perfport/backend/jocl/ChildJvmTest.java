package dev.perfport.backend.jocl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Situations that need a fresh JVM, because JOCL's native library and the ICD loader's platform
 * list are set once per process: no OpenCL platform, and a native library that cannot be loaded.
 */
class ChildJvmTest {

    /**
     * Where the probe's classes come from: this module's test and main classes, JOCL, the core API,
     * the runtime and PF4J.
     * Taken from the classes themselves, since a test launcher may load them through its own loader.
     */
    private static String classPath() {
        List<String> parts = new ArrayList<>();
        for (Class<?> c : List.of(ProbeMain.class, JoclBackend.class, org.jocl.CL.class,
                dev.perfport.core.backend.Backend.class,
                dev.perfport.core.config.PerfportConfig.class, org.pf4j.ExtensionPoint.class)) {
            try {
                String p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
                if (!parts.contains(p)) parts.add(p);
            } catch (java.net.URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, parts);
    }

    /** Runs {@link ProbeMain} in a child JVM with the test classpath; returns its output. */
    private static String probe(Map<String, String> env, String... jvmArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(List.of(jvmArgs));
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(ProbeMain.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // chain signal handlers as ./perfport does (an OpenCL driver's LLVM may install its own)
        Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        if (Files.isRegularFile(jsig)) pb.environment().put("LD_PRELOAD", jsig.toString());
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }

    @Test
    void noPlatformGivesAnEmptyBackendWithTheReason(@TempDir Path emptyVendors) throws Exception {
        // the ICD loader itself must be there to report "no platform"; without it see the next test
        OpenCl.assumeLibrary();
        // the ICD loader (ocl-icd, Khronos) reads drivers from OCL_ICD_VENDORS: an empty folder means none
        String out = probe(Map.of("OCL_ICD_VENDORS", emptyVendors.toString()));
        assertTrue(out.contains("devices=0"), out);
        assertTrue(out.contains("reason=" + JoclBackend.NO_PLATFORM), out);
    }

    @Test
    void noOpenClLibraryGivesAnEmptyBackendWithTheReasonAndNoNoise(@TempDir Path dir) throws Exception {
        // the dynamic loader looks in LD_LIBRARY_PATH first: an empty file there is a library that
        // cannot load, as on a machine without OpenCL (or with it hidden, as .ci/run does)
        Files.createFile(dir.resolve(OpenClLibrary.NAME));
        Files.createFile(dir.resolve(OpenClLibrary.NAME + ".1"));
        String out = probe(Map.of("LD_LIBRARY_PATH", dir.toString()));
        assertTrue(out.contains("devices=0"), out);
        assertTrue(out.contains("reason=no OpenCL library: " + OpenClLibrary.NAME + " cannot be loaded"), out);
        // JOCL was never loaded, so its native "Could not load libOpenCL.so" never printed
        assertTrue(!out.contains("Could not load"), out);
        assertTrue(out.contains("jocl loaded=false"), out);
    }

    @Test
    void aNativeLibraryThatCannotLoadPropagates(@TempDir Path dir) throws Exception {
        // JOCL's own library is only tried where the OpenCL library is there
        OpenCl.assumeLibrary();
        // JOCL extracts its library to java.io.tmpdir; below a regular file no folder can be made
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        String out = probe(Map.of(), "-Djava.io.tmpdir=" + file.resolve("sub"), "-Djava.library.path=" + dir);
        assertTrue(out.contains("error=java.lang.UnsatisfiedLinkError"), out);
        assertTrue(out.contains("JOCL_2_0_5"), out);
    }
}
