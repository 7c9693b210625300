package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code perfport backends} on the real distribution: both backends come from plugin jars. */
class PluginsIT {

    @Test
    void backendsListsCellEmulationAndJoclFromTheirPluginJars() {
        Run r = Run.of("backends", "--format", "json");
        Dist.assertExit(0, r);
        Map<?, ?> doc = assertInstanceOf(Map.class, MiniJson.parse(r.out()), r.describe());
        assertEquals(Dist.plugins().toString(), doc.get("pluginsDir"));
        List<?> backends = assertInstanceOf(List.class, doc.get("backends"));
        Map<?, ?> cell = find(backends, "cell-emulation");
        assertEquals("available", cell.get("status"), cell.toString());
        assertTrue((Long) cell.get("devices") >= 1, cell.toString());
        assertTrue(((String) cell.get("origin")).endsWith("perfport-backend-cell-emulation-plugin.jar"), cell.toString());
        Map<?, ?> jocl = find(backends, "jocl");
        assertTrue(((String) jocl.get("origin")).endsWith("perfport-backend-jocl-plugin.jar"), jocl.toString());
        if (Dist.noOpenClPlatform().isEmpty()) {
            assertEquals("available", jocl.get("status"), "an OpenCL platform is installed: " + jocl);
        } else {
            System.out.println("NOTE: jocl may be unavailable: " + Dist.noOpenClPlatform().get());
        }
        assertEquals(List.of(), doc.get("pluginProblems"), "the shipped plugins load cleanly");
    }

    @Test
    void backendsTableShowsStatusAndOrigin() {
        Run r = Run.of("backends");
        Dist.assertExit(0, r);
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("cell-emulation  ") && l.contains("available")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("jocl  ")), r.out());
        assertTrue(r.out().contains("perfport-backend-jocl-plugin.jar"), r.out());
    }

    private static Map<?, ?> find(List<?> backends, String id) {
        for (Object o : backends) {
            Map<?, ?> m = assertInstanceOf(Map.class, o);
            if (id.equals(m.get("id"))) return m;
        }
        throw new AssertionError("backend " + id + " not listed: " + backends);
    }
}
