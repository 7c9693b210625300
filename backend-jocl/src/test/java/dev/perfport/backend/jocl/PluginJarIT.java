package dev.perfport.backend.jocl;

import dev.perfport.conformance.PluginJarConformance;
import dev.perfport.core.backend.Backend;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The shaded PF4J plugin jar, as a user drops it into plugins/ (the conformance kit's checks),
 * plus what is JOCL's own: the binding and its native library travel inside the jar. This JVM
 * loads JOCL only through the plugin's class loader.
 */
class PluginJarIT extends PluginJarConformance {
    PluginJarIT() {
        super("jocl", "dev.perfport.backend.jocl.JoclProvider");
    }

    @Test
    void jarHoldsJoclAndItsLinuxLibrary() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            for (String e : List.of("org/jocl/CL.class", "lib/libJOCL_2_0_5-linux-x86_64.so",
                    "META-INF/services/dev.perfport.core.backend.BackendProvider")) {
                assertNotNull(jf.getEntry(e), "plugin jar lacks " + e);
            }
        }
    }

    @Override
    protected void alsoWith(Backend backend) {
        ClassLoader pluginLoader = backend.getClass().getClassLoader();
        try {
            org.junit.jupiter.api.Assertions.assertEquals(pluginLoader, pluginLoader.loadClass("org.jocl.CL").getClassLoader(),
                    "JOCL comes from the plugin");
        } catch (ClassNotFoundException e) {
            throw new AssertionError("the plugin has no JOCL", e);
        }
    }
}
