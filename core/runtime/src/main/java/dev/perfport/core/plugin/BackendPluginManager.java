package dev.perfport.core.plugin;

import dev.perfport.core.backend.BackendProvider;
import org.pf4j.DefaultExtensionFinder;
import org.pf4j.DefaultPluginManager;
import org.pf4j.ExtensionFinder;
import org.pf4j.PluginManager;
import org.pf4j.ServiceProviderExtensionFinder;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The PF4J plugin manager of perfport's plugins folder. Besides PF4J's own index
 * ({@code META-INF/extensions.idx}, which its annotation processor writes for {@code @Extension}
 * classes), it reads a plugin jar's {@code META-INF/services}: the same file that
 * {@link java.util.ServiceLoader} reads on the class path. So a backend lists its
 * {@link BackendProvider} once and is found either way, and {@link BackendProvider} stays a plain
 * interface of the API rather than a PF4J {@code ExtensionPoint}: no PF4J type reaches code that
 * compiles against the API.
 */
public final class BackendPluginManager extends DefaultPluginManager {

    /** A manager for the plugins in {@code pluginsDir}. */
    public BackendPluginManager(Path pluginsDir) {
        super(pluginsDir);
    }

    @Override
    protected ExtensionFinder createExtensionFinder() {
        DefaultExtensionFinder finder = new DefaultExtensionFinder(this).add(new PluginServices(this));
        addPluginStateListener(finder);
        return finder;
    }

    /**
     * The plugins' {@code META-INF/services} only. The class path's backends are found by
     * {@link java.util.ServiceLoader} ({@link BackendRegistry}); PF4J's walk of the class path's
     * services folders fails, with an ERROR and a stack trace on every run, on a library whose
     * folder holds subfolders (JLine's, under progressbar).
     */
    private static final class PluginServices extends ServiceProviderExtensionFinder {
        PluginServices(PluginManager manager) {
            super(manager);
        }

        @Override
        public Map<String, Set<String>> readClasspathStorages() {
            return new LinkedHashMap<>();
        }
    }
}
