package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The real distribution the integration tests run against (failsafe sets perfport.home). */
final class Dist {
    private Dist() {
    }

    static Path home() {
        String h = System.getProperty("perfport.home");
        if (h == null) fail("perfport.home is not set: run the integration tests through 'mvn verify' (failsafe)");
        Path p = Path.of(h);
        assertTrue(Files.isDirectory(p.resolve("lib")), "no distribution at " + p);
        return p;
    }

    static Path plugins() {
        return home().resolve("plugins");
    }

    /** The checkout: perfport.home is {@code <repo>/cli/target/perfport}. */
    static Path repo() {
        return home().getParent().getParent().getParent();
    }

    static List<Path> pluginJars() throws IOException {
        try (Stream<Path> s = Files.list(plugins())) {
            List<Path> l = s.filter(p -> p.getFileName().toString().endsWith(".jar")).sorted().toList();
            assertTrue(l.size() >= 3, "expected the cell-emulation, jocl and aparapi plugin jars in " + plugins() + ", found " + l);
            return l;
        }
    }

    /** The registry Main uses in this JVM (same plugins folder, so the same shared instance). */
    static BackendRegistry registry() {
        return BackendRegistry.shared(PerfportConfig.load());
    }

    static Optional<BackendRegistry.Entry> entry(String id) {
        return registry().entries().stream().filter(e -> e.id().equals(id)).findFirst();
    }

    /**
     * Why OpenCL cannot be expected here, or empty when it can: the OpenCL library (the ICD
     * loader, both names JOCL and Aparapi load) can be loaded and an ICD file names a driver.
     * Checked apart from the backends, so that a broken backend fails its tests instead of
     * skipping them. On a machine without OpenCL, or with it hidden as .ci/run does, every
     * OpenCL test skips with this reason.
     */
    static Optional<String> noOpenClPlatform() {
        for (String lib : List.of("libOpenCL.so", "libOpenCL.so.1")) {
            if (!loadable(lib)) return Optional.of("no OpenCL: the library " + lib + " cannot be loaded (install ocl-icd-opencl-dev and pocl-opencl-icd)");
        }
        // the ICD loader reads OCL_ICD_VENDORS (a folder or one .icd file) instead when it is set
        String env = System.getenv("OCL_ICD_VENDORS");
        Path vendors = Path.of(env != null && !env.isBlank() ? env : "/etc/OpenCL/vendors");
        if (Files.isRegularFile(vendors)) return Optional.empty();
        try (Stream<Path> s = Files.isDirectory(vendors) ? Files.list(vendors) : Stream.empty()) {
            List<Path> icds = s.filter(p -> p.toString().endsWith(".icd") && size(p) > 0).toList();
            if (icds.isEmpty()) return Optional.of("no OpenCL platform: no ICD file in " + vendors + " (install pocl-opencl-icd)");
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("no OpenCL platform: cannot list " + vendors + ": " + e.getMessage());
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return 0;
        }
    }

    /** Whether the dynamic loader can load a library by this name (dlopen, closed again at once). */
    @SuppressWarnings("restricted")
    static boolean loadable(String name) {
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.SymbolLookup.libraryLookup(name, a);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Whether TornadoVM is configured for this build (TORNADOVM_HOME set): then the profile
     * 'tornado' shipped its plugin and started this JVM with TornadoVM's options, and the
     * tornado backend must work. Elsewhere tornado is listed as not installed.
     */
    static boolean tornadoConfigured() {
        String h = System.getenv("TORNADOVM_HOME");
        return h != null && !h.isBlank();
    }

    /** Runs the command in-process with --format json and returns the parsed rows. */
    static List<Map<String, Object>> jsonRows(Run r) {
        Object parsed;
        try {
            parsed = MiniJson.parse(r.out());
        } catch (IllegalArgumentException e) {
            throw new AssertionError("stdout is not JSON: " + e.getMessage() + "\n" + r.describe(), e);
        }
        List<?> l = assertInstanceOf(List.class, parsed, r.describe());
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Object o : l) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) assertInstanceOf(Map.class, o);
            rows.add(m);
        }
        return rows;
    }

    static void assertExit(int expected, Run r) {
        assertEquals(expected, r.code(), r::describe);
    }
}
