package dev.perfport.cli;

import dev.perfport.core.config.KnownSettings;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Settings are never silently ignored: every key of the {@code perfport.} namespace must be one
 * that something reads ({@link KnownSettings}: the runtime, the command, the workloads, or a
 * backend's declared {@code settings()}; the same check that library users get), and a plugins
 * folder that is named must exist. Checked before a command runs; a failure is a
 * {@link ConfigException} (exit 2) naming the key and the known ones. A {@code PERFPORT_}
 * environment variable that is no setting is only warned about, in one line.
 */
public final class SettingsCheck {
    private SettingsCheck() {
    }

    /**
     * Checks {@code config}; the registry is asked for the backends' keys only when a key is not
     * one that the modules declare. Returns the one warning line for {@code PERFPORT_} environment
     * variables that are no setting (these are ignored, not refused), or empty.
     */
    public static Optional<String> check(PerfportConfig config, Supplier<BackendRegistry> registry) {
        Optional<String> warning = KnownSettings.check(config, () -> registry.get().settings());
        config.get(PerfportConfig.PLUGINS_DIR).ifPresent(dir -> {
            Path p = Path.of(dir);
            if (!Files.isDirectory(p)) {
                throw new ConfigException(PerfportConfig.PLUGINS_DIR + "=" + dir + " (from " + config.sourceOf(PerfportConfig.PLUGINS_DIR)
                        + ") " + (Files.exists(p) ? "is not a folder" : "does not exist")
                        + "; name the folder that holds the plugin jars, e.g. " + defaultPlugins());
            }
        });
        return warning;
    }

    private static String defaultPlugins() {
        String home = System.getProperty("perfport.home");
        return home != null ? Path.of(home, "plugins").toString() : "cli/target/perfport/plugins";
    }
}
