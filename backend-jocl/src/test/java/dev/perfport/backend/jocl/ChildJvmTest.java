package dev.perfport.backend.jocl;

import dev.perfport.conformance.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Situations that need a fresh JVM, because JOCL's native library and the ICD loader's platform
 * list are set once per process: no OpenCL platform, and a native library that cannot be loaded.
 */
class ChildJvmTest {

    /**
     * Runs {@link ProbeMain} in a child JVM with the test classpath (this module's test and main
     * classes, JOCL, the core API, the runtime and PF4J); returns its output.
     */
    private static String probe(Map<String, String> env, String... jvmArgs) throws IOException, InterruptedException {
        List<String> options = new ArrayList<>(List.of("--enable-native-access=ALL-UNNAMED"));
        options.addAll(List.of(jvmArgs));
        Map<String, String> e = new HashMap<>();
        // chain signal handlers as ./perfport does (an OpenCL driver's LLVM may install its own)
        Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        if (Files.isRegularFile(jsig)) e.put("LD_PRELOAD", jsig.toString());
        e.putAll(env);
        return ChildJvm.run(options, ChildJvm.classPathOf(ProbeMain.class, JoclBackend.class, org.jocl.CL.class,
                dev.perfport.core.backend.Backend.class, dev.perfport.core.config.PerfportConfig.class, org.pf4j.ExtensionPoint.class),
                ProbeMain.class, e, 60);
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
