package dev.perfport.conformance;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendPluginManager;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.Reduction;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginState;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The backend as a user installs it: its shaded PF4J plugin jar, dropped into a plugins folder.
 * A backend runs this by adding one integration test (failsafe runs it after the jar is built)
 * that names its plugin id and provider class:
 *
 * <pre>{@code
 * class JoclPluginJarIT extends PluginJarConformance {
 *     JoclPluginJarIT() { super("jocl", "dev.perfport.backend.jocl.JoclProvider"); }
 * }
 * }</pre>
 *
 * The test JVM must not load the backend's classes from anywhere but the plugin (the failsafe
 * class path holds its target/classes too, so the provider is taken from PF4J directly).
 */
public abstract class PluginJarConformance {
    private final String pluginId;
    private final String providerClass;

    /**
     * @param pluginId      the backend id, also the jar's Plugin-Id; failsafe sets the jar's path in
     *                      the system property {@code perfport.<pluginId>.pluginJar}
     * @param providerClass the backend's {@link BackendProvider}, which the extension index must list
     */
    protected PluginJarConformance(String pluginId, String providerClass) {
        this.pluginId = pluginId;
        this.providerClass = providerClass;
    }

    /**
     * Aborts (with a JUnit assumption saying why) where the backend has no device here, e.g. no
     * OpenCL platform. By default: when the backend lists no device.
     */
    protected void assumeUsable(Backend backend) {
        if (backend.devices().isEmpty()) {
            String why = "SKIPPED (" + pluginId + " has no device here): " + backend.unavailableReason();
            System.out.println(why);
            Assumptions.abort(why);
        }
    }

    /** The plugin jar. */
    protected final Path jar() {
        String property = "perfport." + pluginId + ".pluginJar";
        String p = System.getProperty(property);
        assertNotNull(p, "failsafe sets " + property);
        Path jar = Path.of(p);
        assertTrue(Files.isRegularFile(jar), "plugin jar missing: " + jar);
        return jar;
    }

    @Test
    void theJarIsAPf4jPluginThatIndexesItsProviderAndHoldsNeitherCoreNorPf4j() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            Attributes m = jf.getManifest().getMainAttributes();
            assertEquals(pluginId, m.getValue("Plugin-Id"));
            assertNotNull(m.getValue("Plugin-Class"), "Plugin-Class");
            assertNotNull(jf.getEntry(m.getValue("Plugin-Class").replace('.', '/') + ".class"), "the plugin class is in the jar");
            assertNotNull(m.getValue("Plugin-Version"), "Plugin-Version");
            assertEquals("perfport", m.getValue("Plugin-Provider"));
            assertNotNull(jf.getEntry(providerClass.replace('.', '/') + ".class"), "plugin jar lacks " + providerClass);
            // the provider is indexed by its service entry, or by PF4J's extension index where the jar
            // must have no service entry (tornado's is also on the class path)
            var index = Optional.ofNullable(jf.getEntry("META-INF/services/" + BackendProvider.class.getName()))
                    .or(() -> Optional.ofNullable(jf.getEntry("META-INF/extensions.idx")));
            assertTrue(index.isPresent(), "plugin jar has neither a service entry nor an extension index for its provider");
            String idx = new String(jf.getInputStream(index.get()).readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(idx.contains(providerClass), index.get().getName() + ": " + idx);
            // core and PF4J come from the application class loader, never from the plugin
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("dev/perfport/core/") || e.getName().startsWith("org/pf4j/")),
                    "core or PF4J classes were shaded into the plugin");
        }
    }

    @Test
    void pf4jLoadsThePluginAndItsBackendRunsEveryReductionVariant(@TempDir Path plugins) throws Exception {
        Files.copy(jar(), plugins.resolve("perfport-backend-" + pluginId + ".jar"));
        // loaded once per JVM and never stopped: a JNI library binds to one class loader only
        BackendPluginManager pm = new BackendPluginManager(plugins);
        pm.loadPlugins();
        pm.startPlugins();
        assertNotNull(pm.getPlugin(pluginId), "PF4J found no plugin " + pluginId + " in the jar");
        assertEquals(PluginState.STARTED, pm.getPlugin(pluginId).getPluginState());
        List<BackendProvider> providers = pm.getExtensions(BackendProvider.class, pluginId);
        assertEquals(1, providers.size(), providers.toString());
        BackendProvider provider = providers.getFirst();
        ClassLoader pluginLoader = pm.getPlugin(pluginId).getPluginClassLoader();
        assertEquals(providerClass, provider.getClass().getName());
        assertEquals(pluginLoader, provider.getClass().getClassLoader(), "the backend's classes come from the plugin jar");
        assertNotEquals(pluginLoader, pluginLoader.loadClass("dev.perfport.core.backend.Backend").getClassLoader(),
                "core comes from the application");

        Backend backend;
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        try {
            Thread.currentThread().setContextClassLoader(pluginLoader);    // as the registry does
            backend = provider.create(new BackendContext(PerfportConfig.of(Map.of())));
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
        assertEquals(pluginId, backend.id());
        assumeUsable(backend);
        int device = 0;
        while (device < backend.devices().size() - 1 && backend.devices().get(device).explicitOnly()) device++;
        try (DeviceSession s = backend.open(device)) {
            assertEquals(pluginLoader, s.getClass().getClassLoader());
            Reduction red = new Reduction();
            for (String v : red.variants()) {
                RunResult r = red.run(s, v, Params.of("n", "100003", "type", "float", "reps", "1"));
                assertTrue(r.verified(), v + ": " + r.error());
                assertEquals(pluginId, r.backend());
                assertEquals(s.device().name(), r.device());
            }
        }
        alsoWith(backend);
    }

    /**
     * The backend's own checks on the backend created from the plugin jar (this is the only test
     * that loads it: a second plugin class loader could not bind the route's JNI library again).
     */
    protected void alsoWith(Backend backend) {
    }
}
