package dev.perfport.backend.aparapi;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendPluginManager;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.config.DeviceSelector;
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
import java.util.jar.Attributes;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded PF4J plugin jar, as a user drops it into plugins/. This JVM loads Aparapi (and its
 * JNI library) only through the plugin's class loader: nothing here touches com.aparapi or this
 * module's classes directly, which the failsafe JVM does not load from target/classes either.
 */
class PluginJarIT {
    private static Path jar() {
        String p = System.getProperty("perfport.aparapi.pluginJar");
        assertNotNull(p, "failsafe sets perfport.aparapi.pluginJar");
        Path jar = Path.of(p);
        assertTrue(Files.isRegularFile(jar), "plugin jar missing: " + jar);
        return jar;
    }

    @Test
    void jarHoldsThePluginAparapiItsLinuxLibraryAndItsServiceIndex() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            Attributes m = jf.getManifest().getMainAttributes();
            assertEquals("aparapi", m.getValue("Plugin-Id"));
            assertEquals("dev.perfport.backend.aparapi.AparapiPlugin", m.getValue("Plugin-Class"));
            assertNotNull(m.getValue("Plugin-Version"));
            for (String e : List.of("dev/perfport/backend/aparapi/AparapiProvider.class", "dev/perfport/backend/aparapi/AparapiPlugin.class",
                    "dev/perfport/backend/aparapi/kernels/ReductionKernels$LocalAtomicInt.class", "com/aparapi/Kernel.class",
                    "com/aparapi/natives/NativeLoader.class", "linux/libaparapi_x86_64.so", "org/apache/bcel/Repository.class",
                    "META-INF/services/dev.perfport.core.backend.BackendProvider")) {
                assertNotNull(jf.getEntry(e), "plugin jar lacks " + e);
            }
            String idx = new String(jf.getInputStream(jf.getEntry("META-INF/services/dev.perfport.core.backend.BackendProvider")).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertTrue(idx.contains("dev.perfport.backend.aparapi.AparapiProvider"), idx);
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("dev/perfport/core/") || e.getName().startsWith("org/pf4j/")),
                    "core or PF4J classes were shaded into the plugin");
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("win/") || e.getName().startsWith("scala/")),
                    "the Windows libraries and Scala are left out");
        }
        assertTrue(Files.size(jar()) < 16L << 20, "plugin jar of " + Files.size(jar()) + " B");
    }

    @Test
    void pf4jLoadsThePluginAndItsBackendRunsAKernel(@TempDir Path plugins) throws Exception {
        Files.copy(jar(), plugins.resolve("perfport-backend-aparapi.jar"));
        BackendPluginManager pm = new BackendPluginManager(plugins);
        pm.loadPlugins();
        pm.startPlugins();
        assertEquals(PluginState.STARTED, pm.getPlugin("aparapi").getPluginState());
        List<BackendProvider> providers = pm.getExtensions(BackendProvider.class, "aparapi");
        assertEquals(1, providers.size(), providers.toString());
        ClassLoader pluginLoader = pm.getPlugin("aparapi").getPluginClassLoader();
        assertEquals(pluginLoader, providers.getFirst().getClass().getClassLoader());
        assertEquals(pluginLoader, pluginLoader.loadClass("com.aparapi.Kernel").getClassLoader(), "Aparapi comes from the plugin");
        assertNotEquals(pluginLoader, pluginLoader.loadClass("dev.perfport.core.backend.Backend").getClassLoader());
    }

    @Test
    void theBackendRunsTheReductionOnOpenClAndTheThreadPoolOnlyByName(@TempDir Path plugins) throws Exception {
        Files.copy(jar(), plugins.resolve("perfport-backend-aparapi.jar"));
        BackendPluginManager pm = new BackendPluginManager(plugins);
        pm.loadPlugins();
        pm.startPlugins();
        BackendProvider provider = pm.getExtensions(BackendProvider.class, "aparapi").getFirst();
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        Backend b;
        try {
            // as the registry does (this module's classes are also on the failsafe classpath, so
            // the registry would prefer those: the provider is used directly, like jocl's IT)
            Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
            b = provider.create(new BackendContext(PerfportConfig.of(Map.of())));
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
        if (b.devices().isEmpty()) {
            String why = "SKIPPED (no OpenCL device through Aparapi): " + b.unavailableReason();
            System.out.println(why);
            Assumptions.abort(why);
        }
        assertEquals(provider.getClass().getClassLoader(), b.getClass().getClassLoader());
        assertTrue(b.devices().getLast().explicitOnly());
        int chosen = DeviceSelector.parse("aparapi").choose(b.devices());
        try (DeviceSession s = b.open(chosen)) {
            assertFalse(s.device().explicitOnly(), s.device().name());
            RunResult r = new Reduction().run(s, Reduction.STATIC_LOCAL, Params.of("n", "100003", "type", "float", "reps", "1"));
            assertTrue(r.verified(), String.valueOf(r.error()));
            assertEquals("aparapi", r.backend());
            assertEquals(s.device().name(), r.device());
        }
        try (DeviceSession s = b.open(DeviceSelector.parse("aparapi:name=jtp").choose(b.devices()))) {
            RunResult r = new Reduction().run(s, Reduction.LOCAL_ATOMIC, Params.of("n", "1000", "wg", "16", "reps", "1"));
            assertTrue(r.verified(), String.valueOf(r.error()));
            assertEquals(b.devices().getLast().name(), r.device());
        }
    }
}
