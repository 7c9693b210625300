package dev.perfport.core.config;

import dev.perfport.core.backend.SettingKeys;
import dev.perfport.core.error.ConfigException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@code perfport.} keys that something here reads, and the check that refuses any other:
 * the same check, with the same one-line error, for the command and for library users
 * ({@code Perfport.open}, {@code BackendRegistry.shared}). The keys are those that the
 * {@link SettingKeys} on the class path declare (the runtime's, the workloads', the command's)
 * and those of the backends found ({@code BackendProvider.settings()}).
 */
public final class KnownSettings {
    private KnownSettings() {
    }

    private static final List<SettingKeys> DECLARED = ServiceLoader.load(SettingKeys.class, KnownSettings.class.getClassLoader())
            .stream().map(ServiceLoader.Provider::get).toList();

    /** {@return the keys (and {@code prefix.*} prefixes) that the modules on the class path declare} Backends' are not among them. */
    public static List<String> declared() {
        List<String> keys = new ArrayList<>();
        for (SettingKeys k : DECLARED) keys.addAll(k.keys());
        return List.copyOf(keys);
    }

    /** {@return the {@code PERFPORT_} environment variables that are expected but are no setting} */
    public static Set<String> variables() {
        Set<String> v = new HashSet<>();
        for (SettingKeys k : DECLARED) v.addAll(k.variables());
        return Set.copyOf(v);
    }

    /**
     * Refuses a key of {@code config} that nothing reads ({@link PerfportConfig#requireKnown}).
     * The backends' keys are asked for only when a key is not one that the modules declare, so
     * that a configuration of known keys discovers no plugin.
     *
     * @param config      the configuration to check
     * @param backendKeys the keys the backends found declare
     * @return one warning line naming the {@code PERFPORT_} environment variables that are no
     *         setting (ignored, not refused), or empty
     * @throws ConfigException naming the key, its source, the nearest known key and every known key
     */
    public static Optional<String> check(PerfportConfig config, Supplier<? extends Collection<String>> backendKeys) {
        List<String> known = declared();
        Set<String> variables = variables();
        List<String> unknownVariables;
        try {
            unknownVariables = config.requireKnown(known, variables);
        } catch (ConfigException notDeclaredHere) {
            unknownVariables = null;
        }
        if (unknownVariables == null || !unknownVariables.isEmpty()) {
            List<String> all = new ArrayList<>(known);
            all.addAll(backendKeys.get());
            known = all;
            unknownVariables = config.requireKnown(known, variables);
        }
        return unknownVariables.isEmpty() ? Optional.empty()
                : Optional.of(PerfportConfig.unknownVariablesWarning(unknownVariables, known));
    }

    /**
     * {@return the settings to hand to another process (a cluster's executors)}: the effective
     * ones, without the {@code PERFPORT_} environment variables that are no setting, which
     * {@link #check} only warns about here and which would be refused there as explicit keys
     *
     * @param config      the configuration
     * @param backendKeys the keys the backends found declare
     */
    public static Map<String, String> forAnotherProcess(PerfportConfig config, Supplier<? extends Collection<String>> backendKeys) {
        List<String> known = new ArrayList<>(declared());
        known.addAll(backendKeys.get());
        Set<String> leaveOut = new HashSet<>(variables());
        leaveOut.addAll(config.requireKnown(known, variables()));
        return config.effectiveWithout(leaveOut);
    }
}
