package dev.perfport.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command without backends: help, workloads, and the errors found before any device is used. */
class MainTest {
    @TempDir
    static Path emptyPlugins;

    static String[] withEmptyPlugins(String... args) {
        String[] a = new String[args.length + 2];
        a[0] = "--config";
        a[1] = "perfport.plugins.dir=" + emptyPlugins;
        System.arraycopy(args, 0, a, 2, args.length);
        return a;
    }

    @BeforeAll
    static void check() {
        assertTrue(emptyPlugins.toFile().isDirectory());
    }

    @Test
    void helpGoesToStdoutAndExitsZero() {
        Run r = Run.of("--help");
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  compare ")) && r.out().contains("Exit codes"), r.out());
        Run h = Run.of("help", "compare");
        assertEquals(0, h.code());
        assertTrue(h.out().startsWith("Usage: perfport compare"), h.out());
        assertEquals(h.out(), Run.of("compare", "--help").out());
    }

    @Test
    void noCommandPrintsUsageToStderrAndExitsTwo() {
        Run r = Run.of();
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().contains("Usage: perfport"), r.err());
    }

    @Test
    void workloadsAsJsonListTheReduction() {
        Run r = Run.of(withEmptyPlugins("workloads", "--format", "json"));
        assertEquals(0, r.code(), r.describe());
        List<?> l = assertInstanceOf(List.class, MiniJson.parse(r.out()));
        Map<?, ?> w = assertInstanceOf(Map.class, l.getFirst());
        assertEquals("reduction", w.get("name"));
        assertEquals("003", w.get("seed"));
        assertEquals(List.of("local-atomic", "static-local", "two-kernel", "tuned"), w.get("variants"));
        assertEquals("2^25", assertInstanceOf(Map.class, w.get("defaults")).get("n"));
    }

    @Test
    void workloadsTableShowsVariantsAndParameterHelp() {
        Run r = Run.of(withEmptyPlugins("workloads"));
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().contains("variants: local-atomic, static-local, two-kernel"), r.out());
        assertTrue(r.out().contains("wg: work-group size (a power of two; default 256; tuned)"), r.out());
    }

    @Test
    void unknownWorkloadListsTheWorkloads() {
        Run r = Run.of(withEmptyPlugins("run", "sort"));
        assertEquals(2, r.code(), r.describe());
        assertEquals("", r.out());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("unknown workload 'sort'") && r.err().contains("reduction"), r.err());
    }

    @Test
    void unknownVariantListsTheVariants() {
        Run r = Run.of(withEmptyPlugins("compare", "reduction", "--variant", "tree"));
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("unknown variant 'tree'") && r.err().contains("two-kernel"), r.err());
    }

    @Test
    void unknownParameterListsTheParameters() {
        Run r = Run.of(withEmptyPlugins("run", "reduction", "--param", "size=5"));
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("unknown parameter 'size'") && r.err().contains("n, type, wg, reps, seed"), r.err());
    }

    @Test
    void nonIntegerParameterIsRefusedBeforeAnyDevice() {
        Run r = Run.of(withEmptyPlugins("compare", "reduction", "--param", "n=abc"));
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("n must be an integer") && r.err().contains("'abc'"), r.err());
    }

    @Test
    void warmupIsCheckedBeforeAnyDevice() {
        for (String bad : List.of("-1", "101", "two")) {
            Run r = Run.of(withEmptyPlugins("compare", "reduction", "--warmup", bad));
            assertEquals(2, r.code(), r.describe());
            assertEquals("perfport: warmup must be 1..100 (at least one untimed repetition, so that a route's compile never falls "
                    + "in a timed one), got " + bad, r.err().strip(), r.describe());
        }
        Run t = Run.of(withEmptyPlugins("tune", "var", "--warmup", "1"));
        assertEquals(2, t.code(), t.describe());
        assertTrue(t.err().contains("--warmup does not apply to 'tune'"), t.describe());
    }

    @Test
    void configKeysMustBePerfportKeys() {
        Run r = Run.of("--config", "backend=jocl", "backends");
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("perfport.backend"), r.err());
    }

    @Test
    void badSelectorSyntaxIsAConfigError() {
        Run r = Run.of(withEmptyPlugins("run", "reduction", "--backend", "jocl:speed=fast"));
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("unknown device criterion 'speed'"), r.err());
    }

    @Test
    void withoutPluginsTheConfiguredBackendIsUnknownAndSaysWhereItLooked() {
        Run r = Run.of(withEmptyPlugins("--config", "perfport.backend=cell-emulation", "run", "reduction", "--param", "n=1000"));
        assertEquals(2, r.code(), r.describe());
        assertTrue(r.err().contains("unknown backend 'cell-emulation'") && r.err().contains(emptyPlugins.toString()), r.err());
    }

    /** No plugin loads; only the optional backends are listed, as not installed, with how to get them. */
    @Test
    void backendsWithoutPluginsListsOnlyTheOptionalOnesAsNotInstalled() {
        Run r = Run.of(withEmptyPlugins("backends"));
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().lines().noneMatch(l -> l.contains(" available ")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("tornado  ") && l.contains("unavailable: not installed: TornadoVM not found")
                && l.endsWith("not installed")), r.out());
    }
}
