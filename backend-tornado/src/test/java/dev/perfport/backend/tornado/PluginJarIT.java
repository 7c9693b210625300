package dev.perfport.backend.tornado;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendPluginManager;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.Reduction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginState;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded PF4J plugin jar, as the distribution ships it: PF4J loads it, and its backend runs
 * the reduction on TornadoVM with classes defined by the plugin's class loader.
 */
class PluginJarIT {
    private static Path jar() {
        String p = System.getProperty("perfport.tornado.pluginJar");
        assertNotNull(p, "failsafe sets perfport.tornado.pluginJar");
        Path jar = Path.of(p);
        assertTrue(Files.isRegularFile(jar), "plugin jar missing: " + jar);
        return jar;
    }

    @Test
    void jarHoldsThePluginButNeitherTornadoVmNorCoreNorAServiceEntry() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            Attributes m = jf.getManifest().getMainAttributes();
            assertEquals("tornado", m.getValue("Plugin-Id"));
            assertEquals("dev.perfport.backend.tornado.TornadoVmPlugin", m.getValue("Plugin-Class"));
            assertEquals("perfport", m.getValue("Plugin-Provider"));
            for (String e : List.of("dev/perfport/backend/tornado/TornadoVmProvider.class",
                    "dev/perfport/backend/tornado/kernels/ReductionTornado.class", "META-INF/extensions.idx")) {
                assertNotNull(jf.getEntry(e), "plugin jar lacks " + e);
            }
            String idx = new String(jf.getInputStream(jf.getEntry("META-INF/extensions.idx")).readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(idx.contains("dev.perfport.backend.tornado.TornadoVmProvider"), idx);
            // TornadoVM comes from the SDK's boot layer; a copy here would be a second KernelContext class
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("uk/ac/manchester/")), "TornadoVM was shaded into the plugin");
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("dev/perfport/core/") || e.getName().startsWith("org/pf4j/")),
                    "core or PF4J classes were shaded into the plugin");
            // the jar is also on the class path (TornadoVM reads kernel bytes there): no second, class-path backend
            assertNull(jf.getEntry("META-INF/services/dev.perfport.core.backend.BackendProvider"));
        }
    }

    @Test
    void pf4jLoadsThePluginAndItsBackendRunsTheReduction(@TempDir Path plugins) throws Exception {
        Tornado.assumeDevice();
        Files.copy(jar(), plugins.resolve("perfport-backend-tornado.jar"));
        BackendPluginManager pm = new BackendPluginManager(plugins);
        pm.loadPlugins();
        pm.startPlugins();
        assertEquals(PluginState.STARTED, pm.getPlugin("tornado").getPluginState());
        List<BackendProvider> providers = pm.getExtensions(BackendProvider.class, "tornado");
        assertEquals(1, providers.size(), providers.toString());
        BackendProvider provider = providers.getFirst();
        ClassLoader pluginLoader = pm.getPlugin("tornado").getPluginClassLoader();
        assertEquals(pluginLoader, provider.getClass().getClassLoader(), "the backend's classes come from the plugin jar");
        assertNotEquals(pluginLoader, pluginLoader.loadClass("uk.ac.manchester.tornado.api.KernelContext").getClassLoader(),
                "TornadoVM's API comes from the boot layer");

        Backend backend = provider.create(new BackendContext(PerfportConfig.of(Map.of())));
        assertNull(backend.unavailableReason());
        try (DeviceSession s = backend.open(0)) {
            assertEquals(pluginLoader, s.getClass().getClassLoader());
            for (String v : new Reduction().variants()) {
                RunResult r = new Reduction().run(s, v, Params.of("n", "100003", "type", "int", "reps", "1"));
                assertTrue(r.ok(), v + ": " + r.error());
            }
        }
    }
}
