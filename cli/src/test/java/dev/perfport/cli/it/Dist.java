package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import dev.perfport.conformance.OpenClPresence;
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

    /** Why OpenCL cannot be expected here, or empty when it can ({@link OpenClPresence}). */
    static Optional<String> noOpenClPlatform() {
        return OpenClPresence.missing();
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
