package dev.perfport.core.tune;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One point of a {@link Space}: a value for every parameter, in the space's order. Equality
 * ignores the order.
 *
 * @param values parameter name to value
 */
public record Config(Map<String, Integer> values) {
    /** Checks that every value is set, and keeps the order given. */
    public Config {
        Objects.requireNonNull(values);
        values.forEach((k, v) -> Objects.requireNonNull(v, "value of " + k));
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * {@return a configuration from name/value pairs}
     *
     * @param nameValue name, value, name, value, ... (values are Integers)
     */
    public static Config of(Object... nameValue) {
        if (nameValue.length % 2 != 0) throw new IllegalArgumentException("name/value pairs expected");
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) m.put((String) nameValue[i], (Integer) nameValue[i + 1]);
        return new Config(m);
    }

    /**
     * {@return the value of a parameter}
     *
     * @param name the parameter
     * @throws IllegalArgumentException when this configuration has no such parameter
     */
    public int get(String name) {
        Integer v = values.get(name);
        if (v == null) throw new IllegalArgumentException("configuration " + this + " has no parameter '" + name + "'");
        return v;
    }

    /**
     * {@return this configuration with one value changed}
     *
     * @param name  a parameter of this configuration
     * @param value its new value
     */
    public Config with(String name, int value) {
        if (!values.containsKey(name)) throw new IllegalArgumentException("configuration " + this + " has no parameter '" + name + "'");
        Map<String, Integer> m = new LinkedHashMap<>(values);
        m.put(name, value);
        return new Config(m);
    }

    /** {@return the values sorted by name, for cache keys that do not depend on declaration order} */
    public Map<String, Integer> sorted() {
        return new TreeMap<>(values);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        values.forEach((k, v) -> b.append(b.isEmpty() ? "" : " ").append(k).append('=').append(v));
        return b.toString();
    }
}
