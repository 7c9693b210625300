package dev.perfport.cli;

import dev.perfport.cli.report.Seed003Shapes;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.workloads.var.Mt607Creator;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Settings are never silently ignored: every key of the {@code perfport.} namespace must be one
 * that something reads (the runtime, the command, a workload, or a backend's declared
 * {@code settings()}), and a plugins folder that is named must exist. Checked before a command
 * runs; a failure is a {@link ConfigException} (exit 2) naming the key and the known ones. A
 * {@code PERFPORT_} environment variable that is no setting is only warned about, in one line.
 */
public final class SettingsCheck {
    /** Keys of the runtime, the command and the workloads; backends declare their own. */
    static final List<String> KEYS = List.copyOf(concat(PerfportConfig.KEYS, List.of(TuneCache.CONFIG_KEY, dev.perfport.cli.commands.TunedLookups.DATABASE_KEY,
            Mt607Creator.FILE_PROPERTY, Seed003Shapes.PROPERTY_PREFIX + "*", ClusterHandOff.LIB_KEY)));
    /** Environment variables of the ./perfport launcher, which are not settings. */
    static final Set<String> LAUNCHER_VARIABLES = Set.of("PERFPORT_JAVA_HOME", "PERFPORT_JAVA_OPTS", "PERFPORT_NO_BUILD");

    private SettingsCheck() {
    }

    /**
     * Checks {@code config}; the registry is asked for the backends' keys only when a key is not
     * one of {@link #KEYS}. Returns the one warning line for {@code PERFPORT_} environment
     * variables that are no setting (these are ignored, not refused), or empty.
     */
    public static java.util.Optional<String> check(PerfportConfig config, Supplier<BackendRegistry> registry) {
        List<String> known = KEYS;
        List<String> unknownVariables;
        try {
            unknownVariables = config.requireKnown(known, LAUNCHER_VARIABLES);
        } catch (ConfigException notACoreKey) {
            unknownVariables = null;
        }
        if (unknownVariables == null || !unknownVariables.isEmpty()) {
            known = concat(KEYS, registry.get().settings());
            unknownVariables = config.requireKnown(known, LAUNCHER_VARIABLES);
        }
        config.get(PerfportConfig.PLUGINS_DIR).ifPresent(dir -> {
            Path p = Path.of(dir);
            if (!Files.isDirectory(p)) {
                throw new ConfigException(PerfportConfig.PLUGINS_DIR + "=" + dir + " (from " + config.sourceOf(PerfportConfig.PLUGINS_DIR)
                        + ") " + (Files.exists(p) ? "is not a folder" : "does not exist")
                        + "; name the folder that holds the plugin jars, e.g. " + defaultPlugins());
            }
        });
        return unknownVariables.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(PerfportConfig.unknownVariablesWarning(unknownVariables, known));
    }

    private static String defaultPlugins() {
        String home = System.getProperty("perfport.home");
        return home != null ? Path.of(home, "plugins").toString() : "cli/target/perfport/plugins";
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> l = new ArrayList<>(a);
        l.addAll(b);
        return l;
    }
}
