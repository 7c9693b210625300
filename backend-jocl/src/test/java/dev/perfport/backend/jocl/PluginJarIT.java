package dev.perfport.backend.jocl;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendPluginManager;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
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
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded PF4J plugin jar, as a user drops it into plugins/. This JVM loads JOCL only through
 * the plugin's class loader: nothing here touches org.jocl or this module's classes directly.
 */
class PluginJarIT {
    private static Path jar() {
        String p = System.getProperty("perfport.jocl.pluginJar");
        assertNotNull(p, "failsafe sets perfport.jocl.pluginJar");
        Path jar = Path.of(p);
        assertTrue(Files.isRegularFile(jar), "plugin jar missing: " + jar);
        return jar;
    }

    @Test
    void jarHoldsThePluginJoclAndItsServiceIndex() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            Attributes m = jf.getManifest().getMainAttributes();
            assertEquals("jocl", m.getValue("Plugin-Id"));
            assertEquals("dev.perfport.backend.jocl.JoclPlugin", m.getValue("Plugin-Class"));
            assertNotNull(m.getValue("Plugin-Version"));
            assertEquals("perfport", m.getValue("Plugin-Provider"));
            for (String e : List.of("dev/perfport/backend/jocl/JoclProvider.class", "dev/perfport/backend/jocl/JoclPlugin.class",
                    "org/jocl/CL.class", "lib/libJOCL_2_0_5-linux-x86_64.so", "META-INF/services/dev.perfport.core.backend.BackendProvider")) {
                assertNotNull(jf.getEntry(e), "plugin jar lacks " + e);
            }
            String idx = new String(jf.getInputStream(jf.getEntry("META-INF/services/dev.perfport.core.backend.BackendProvider")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertTrue(idx.contains("dev.perfport.backend.jocl.JoclProvider"), idx);
            // core and PF4J come from the application class loader, never from the plugin
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("dev/perfport/core/") || e.getName().startsWith("org/pf4j/")),
                    "core or PF4J classes were shaded into the plugin");
        }
    }

    @Test
    void pf4jLoadsThePluginAndItsBackendRuns(@TempDir Path plugins) throws Exception {
        Files.copy(jar(), plugins.resolve("perfport-backend-jocl.jar"));
        BackendPluginManager pm = new BackendPluginManager(plugins);
        pm.loadPlugins();
        pm.startPlugins();
        assertEquals(PluginState.STARTED, pm.getPlugin("jocl").getPluginState());
        List<BackendProvider> providers = pm.getExtensions(BackendProvider.class, "jocl");
        assertEquals(1, providers.size(), providers.toString());
        BackendProvider provider = providers.getFirst();
        ClassLoader pluginLoader = pm.getPlugin("jocl").getPluginClassLoader();
        assertEquals(pluginLoader, provider.getClass().getClassLoader());
        assertEquals(pluginLoader, pluginLoader.loadClass("org.jocl.CL").getClassLoader(), "JOCL comes from the plugin");
        assertNotEquals(pluginLoader, pluginLoader.loadClass("dev.perfport.core.backend.Backend").getClassLoader());

        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        Backend backend;
        try {
            Thread.currentThread().setContextClassLoader(pluginLoader);    // as the registry does
            backend = provider.create(new BackendContext(PerfportConfig.of(Map.of())));
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
        if (backend.devices().isEmpty()) {
            String why = "SKIPPED (no OpenCL device): " + backend.unavailableReason();
            System.out.println(why);
            Assumptions.abort(why);
        }
        assertNull(backend.unavailableReason());
        String src = "__kernel void twice(PP_PARAMS, __global int* a) { a[get_global_id(0)] *= 2; }";
        KernelDef def = KernelDef.builder("it.twice").global("a", ElemType.INT, Access.READ_WRITE)
                .impl(new KernelImpl.OpenClSource(src, "twice")).build();
        try (DeviceSession s = backend.open(0); CompiledKernel k = s.compile(def); DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4})) {
            s.launch(k, NDRange.of(4, 2), a);
            int[] got = new int[4];
            a.read(got);
            assertArrayEquals(new int[]{2, 4, 6, 8}, got);
        }
    }
}
