package dev.perfport.core.backend;

import dev.perfport.core.error.ConfigException;

import java.util.Locale;
import java.util.Optional;

/**
 * The configuration as a backend reads it: keys such as {@code perfport.jocl.counters}, their
 * values, and where each value came from (for error messages). The runtime's
 * {@code PerfportConfig} implements it; a backend needs nothing else of the runtime.
 *
 * <p>The typed getters throw a {@link ConfigException} naming the key, the value and its source
 * when a value does not parse.
 */
public interface Settings {

    /**
     * {@return the value of {@code key}, if some source sets it to a non-blank value}
     *
     * @param key a key, e.g. {@code perfport.jocl.counters}
     */
    Optional<String> get(String key);

    /**
     * {@return where the value of {@code key} comes from (e.g. "system property"), or "unset"}
     *
     * @param key a key
     */
    String sourceOf(String key);

    /**
     * {@return the value of {@code key}, or {@code dflt} when unset}
     *
     * @param key  a key
     * @param dflt the default
     */
    default String get(String key, String dflt) {
        return get(key).orElse(dflt);
    }

    /**
     * {@return an integer setting, or {@code dflt} when unset} Underscores are allowed as digit separators.
     *
     * @param key  a key
     * @param dflt the default
     */
    default int getInt(String key, int dflt) {
        return (int) getLong(key, dflt);
    }

    /**
     * {@return a long setting, or {@code dflt} when unset} Underscores are allowed as digit separators.
     *
     * @param key  a key
     * @param dflt the default
     */
    default long getLong(String key, long dflt) {
        Optional<String> v = get(key);
        if (v.isEmpty()) return dflt;
        try {
            return Long.parseLong(v.get().replace("_", ""));
        } catch (NumberFormatException e) {
            throw new ConfigException(key + " must be an integer, got '" + v.get() + "' (from " + sourceOf(key) + ")");
        }
    }

    /**
     * {@return a decimal setting, or {@code dflt} when unset}
     *
     * @param key  a key
     * @param dflt the default
     */
    default double getDouble(String key, double dflt) {
        Optional<String> v = get(key);
        if (v.isEmpty()) return dflt;
        try {
            return Double.parseDouble(v.get());
        } catch (NumberFormatException e) {
            throw new ConfigException(key + " must be a number, got '" + v.get() + "' (from " + sourceOf(key) + ")");
        }
    }

    /**
     * {@return a boolean setting (true/yes/1/on or false/no/0/off), or {@code dflt} when unset}
     *
     * @param key  a key
     * @param dflt the default
     */
    default boolean getBoolean(String key, boolean dflt) {
        Optional<String> v = get(key);
        if (v.isEmpty()) return dflt;
        return switch (v.get().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1", "on" -> true;
            case "false", "no", "0", "off" -> false;
            default -> throw new ConfigException(key + " must be true or false, got '" + v.get() + "'");
        };
    }
}
