package dev.perfport.backend.aparapi;

import dev.perfport.conformance.PluginJarConformance;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.Reduction;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded PF4J plugin jar, as a user drops it into plugins/ (the conformance kit's checks),
 * plus what is Aparapi's own: Aparapi, its Linux library and BCEL inside, Windows libraries and
 * Scala left out, and the Java thread pool chosen only by name. This JVM loads Aparapi (and its
 * JNI library) only through the plugin's class loader.
 */
class PluginJarIT extends PluginJarConformance {
    PluginJarIT() {
        super("aparapi", "dev.perfport.backend.aparapi.AparapiProvider");
    }

    @Test
    void jarHoldsAparapiItsLinuxLibraryAndTheKernelClasses() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            for (String e : List.of("dev/perfport/backend/aparapi/kernels/ReductionKernels$LocalAtomicInt.class",
                    "com/aparapi/Kernel.class", "com/aparapi/natives/NativeLoader.class", "linux/libaparapi_x86_64.so",
                    "org/apache/bcel/Repository.class", "META-INF/services/dev.perfport.core.backend.BackendProvider")) {
                assertNotNull(jf.getEntry(e), "plugin jar lacks " + e);
            }
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("win/") || e.getName().startsWith("scala/")),
                    "the Windows libraries and Scala are left out");
        }
        assertTrue(Files.size(jar()) < 16L << 20, "plugin jar of " + Files.size(jar()) + " B");
    }

    /** Aparapi comes from the plugin; the thread pool is listed last, chosen only by name, and runs too. */
    @Override
    protected void alsoWith(Backend b) {
        ClassLoader pluginLoader = b.getClass().getClassLoader();
        try {
            assertEquals(pluginLoader, pluginLoader.loadClass("com.aparapi.Kernel").getClassLoader(), "Aparapi comes from the plugin");
        } catch (ClassNotFoundException e) {
            throw new AssertionError("the plugin has no Aparapi", e);
        }
        assertTrue(b.devices().getLast().explicitOnly());
        int chosen = DeviceSelector.parse("aparapi").choose(b.devices());
        assertFalse(b.devices().get(chosen).explicitOnly(), b.devices().get(chosen).name());
        try (DeviceSession s = b.open(DeviceSelector.parse("aparapi:name=jtp").choose(b.devices()))) {
            RunResult r = new Reduction().run(s, Reduction.LOCAL_ATOMIC, Params.of("n", "1000", "wg", "16", "reps", "1"));
            assertTrue(r.verified(), String.valueOf(r.error()));
            assertEquals(b.devices().getLast().name(), r.device());
        }
    }
}
