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
        Map<?, ?> aparapi = find(backends, "aparapi");
        assertTrue(((String) aparapi.get("origin")).endsWith("perfport-backend-aparapi-plugin.jar"), aparapi.toString());
        if (Dist.noOpenClPlatform().isEmpty()) {
            assertEquals("available", aparapi.get("status"), "an OpenCL platform is installed: " + aparapi);
        }
        assertEquals(List.of(), doc.get("pluginProblems"), "the shipped plugins load cleanly");
    }

    /**
     * tornado is listed everywhere: where TornadoVM is configured (TORNADOVM_HOME, so the build
     * shipped its plugin and the test JVM has TornadoVM's options) it must be available; elsewhere
     * it is unavailable with the reason that says how to get it.
     */
    @Test
    void tornadoIsListedAvailableWhereTornadoVmIsConfiguredAndNotInstalledElsewhere() {
        Run r = Run.of("backends", "--format", "json");
        Dist.assertExit(0, r);
        Map<?, ?> doc = assertInstanceOf(Map.class, MiniJson.parse(r.out()), r.describe());
        Map<?, ?> tornado = find(assertInstanceOf(List.class, doc.get("backends")), "tornado");
        if (Dist.tornadoConfigured()) {
            assertTrue(((String) tornado.get("origin")).endsWith("perfport-backend-tornado-plugin.jar"), tornado.toString());
            assertEquals("available", tornado.get("status"), "TORNADOVM_HOME is set: " + tornado);
            assertTrue((Long) tornado.get("devices") >= 1, tornado.toString());
        } else {
            System.out.println("NOTE: TORNADOVM_HOME is not set: tornado must be listed as not installed");
            assertEquals("unavailable", tornado.get("status"), tornado.toString());
            assertEquals("not installed", tornado.get("origin"), tornado.toString());
            assertEquals(0L, tornado.get("devices"));
            String reason = (String) tornado.get("reason");
            assertTrue(reason.startsWith("not installed: TornadoVM not found") && reason.contains("TORNADOVM_HOME"), reason);
        }
    }

    @Test
    void backendsTableShowsStatusAndOrigin() {
        Run r = Run.of("backends");
        Dist.assertExit(0, r);
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("cell-emulation  ") && l.contains("available")), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("jocl  ")), r.out());
        assertTrue(r.out().contains("perfport-backend-jocl-plugin.jar"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("tornado  ")), r.out());
    }

    private static Map<?, ?> find(List<?> backends, String id) {
        for (Object o : backends) {
            Map<?, ?> m = assertInstanceOf(Map.class, o);
            if (id.equals(m.get("id"))) return m;
        }
        throw new AssertionError("backend " + id + " not listed: " + backends);
    }
}
