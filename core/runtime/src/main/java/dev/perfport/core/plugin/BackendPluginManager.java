package dev.perfport.core.plugin;

import dev.perfport.core.backend.BackendProvider;
import org.pf4j.DefaultExtensionFinder;
import org.pf4j.DefaultPluginManager;
import org.pf4j.ExtensionFinder;

import java.nio.file.Path;

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
        DefaultExtensionFinder finder = new DefaultExtensionFinder(this).addServiceProviderExtensionFinder();
        addPluginStateListener(finder);
        return finder;
    }
}
