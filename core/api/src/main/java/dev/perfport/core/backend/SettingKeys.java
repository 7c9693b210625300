package dev.perfport.core.backend;

import java.util.List;
import java.util.Set;

/**
 * The {@code perfport.} keys that a module other than a backend reads (the runtime, the
 * workloads, the command), listed in its jar's
 * {@code META-INF/services/dev.perfport.core.backend.SettingKeys}. The runtime refuses a key that
 * neither such a module on the class path nor a backend ({@link BackendProvider#settings()})
 * declares, so that a misspelt setting is an error instead of being silently ignored, for the
 * command and library users alike.
 */
public interface SettingKeys {
    /**
     * {@return the keys this module reads} An entry ending in {@code .*} stands for every key
     * with that prefix.
     */
    List<String> keys();

    /**
     * {@return {@code PERFPORT_} environment variables that this module expects but that are no
     * setting} (a launcher's own, e.g. {@code PERFPORT_JAVA_OPTS}): these are not warned about.
     */
    default Set<String> variables() {
        return Set.of();
    }
}
