package dev.perfport.backend.tornado;

import dev.perfport.conformance.PluginJarConformance;
import dev.perfport.core.backend.Backend;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.jar.JarFile;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded PF4J plugin jar, as the distribution ships it (the conformance kit's checks), plus
 * what is TornadoVM's own: TornadoVM itself is not inside (it comes from the SDK's boot layer),
 * and there is no service entry, since the jar is also on the class path.
 */
class PluginJarIT extends PluginJarConformance {
    PluginJarIT() {
        super("tornado", "dev.perfport.backend.tornado.TornadoVmProvider");
    }

    @Override
    protected void assumeUsable(Backend backend) {
        Tornado.DEVICE.assumeDevice();
        super.assumeUsable(backend);
    }

    @Test
    void jarHoldsTheKernelsButNeitherTornadoVmNorAServiceEntry() throws IOException {
        try (JarFile jf = new JarFile(jar().toFile())) {
            assertNotNull(jf.getEntry("dev/perfport/backend/tornado/kernels/ReductionTornado.class"), "plugin jar lacks the kernels");
            // TornadoVM comes from the SDK's boot layer; a copy here would be a second KernelContext class
            assertTrue(jf.stream().noneMatch(e -> e.getName().startsWith("uk/ac/manchester/")), "TornadoVM was shaded into the plugin");
            // the jar is also on the class path (TornadoVM reads kernel bytes there): no second, class-path backend
            assertNull(jf.getEntry("META-INF/services/dev.perfport.core.backend.BackendProvider"));
        }
    }

    @Override
    protected void alsoWith(Backend backend) {
        ClassLoader pluginLoader = backend.getClass().getClassLoader();
        try {
            assertNotEquals(pluginLoader, pluginLoader.loadClass("uk.ac.manchester.tornado.api.KernelContext").getClassLoader(),
                    "TornadoVM's API comes from the boot layer");
        } catch (ClassNotFoundException e) {
            throw new AssertionError("TornadoVM's API is not visible to the plugin", e);
        }
    }
}
