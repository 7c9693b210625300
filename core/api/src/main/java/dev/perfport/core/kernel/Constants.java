package dev.perfport.core.kernel;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Compile-time tuning constants of a kernel (work-group size, tile, unroll, ...). Values are
 * integers, floating-point numbers or booleans. OpenCL receives them as {@code -DNAME=value};
 * Java dialects read them when the kernel is instantiated.
 */
public final class Constants {
    private static final Constants EMPTY = new Constants(Map.of());
    private final Map<String, Object> values;

    private Constants(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new TreeMap<>(values));
    }

    /** {@return no constants} */
    public static Constants empty() {
        return EMPTY;
    }

    /**
     * {@return constants with these values}
     *
     * @param values names (identifiers) to numbers or booleans
     */
    public static Constants of(Map<String, ?> values) {
        Map<String, Object> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(k, check(k, v)));
        return new Constants(m);
    }

    /**
     * {@return constants from name/value pairs}
     *
     * @param keyValues name, value, name, value, ...
     */
    public static Constants of(Object... keyValues) {
        if (keyValues.length % 2 != 0) throw new IllegalArgumentException("key/value pairs expected");
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) m.put((String) keyValues[i], keyValues[i + 1]);
        return of(m);
    }

    private static Object check(String k, Object v) {
        Objects.requireNonNull(v, "constant " + k);
        if (!k.matches("[A-Za-z_][A-Za-z0-9_]*")) throw new IllegalArgumentException("constant name is not an identifier: " + k);
        if (!(v instanceof Integer || v instanceof Long || v instanceof Float || v instanceof Double || v instanceof Boolean)) {
            throw new IllegalArgumentException("constant " + k + " must be a number or boolean, got " + v.getClass().getSimpleName());
        }
        return v;
    }

    /**
     * {@return these constants overridden by {@code other}'s}
     *
     * @param other the overriding constants
     */
    public Constants with(Constants other) {
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.putAll(other.values);
        return new Constants(m);
    }

    /**
     * {@return these constants with one value set}
     *
     * @param key   the name
     * @param value a number or boolean
     */
    public Constants with(String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.put(key, check(key, value));
        return new Constants(m);
    }

    /** {@return the values, sorted by name} */
    public Map<String, Object> asMap() {
        return values;
    }

    /**
     * {@return whether a value is set}
     *
     * @param key the name
     */
    public boolean has(String key) {
        return values.containsKey(key);
    }

    private Object require(String key) {
        Object v = values.get(key);
        if (v == null) throw new IllegalArgumentException("kernel constant '" + key + "' is not set; set: " + values.keySet());
        return v;
    }

    /**
     * {@return a value as an int (booleans as 1 or 0)}
     *
     * @param key the name
     * @throws IllegalArgumentException when it is not set
     */
    public int getInt(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return Math.toIntExact(((Number) v).longValue());
    }

    /**
     * {@return a value as a long (booleans as 1 or 0)}
     *
     * @param key the name
     * @throws IllegalArgumentException when it is not set
     */
    public long getLong(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return ((Number) v).longValue();
    }

    /**
     * {@return a value as a double (booleans as 1 or 0)}
     *
     * @param key the name
     * @throws IllegalArgumentException when it is not set
     */
    public double getDouble(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return ((Number) v).doubleValue();
    }

    /**
     * {@return a value as a boolean (numbers: non-zero is true)}
     *
     * @param key the name
     * @throws IllegalArgumentException when it is not set
     */
    public boolean getBoolean(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b;
        return ((Number) v).doubleValue() != 0;
    }

    /**
     * {@return the value as OpenCL C source text: integers as is, floats with an f suffix, booleans as 1/0}
     *
     * @param v a number or boolean
     */
    public static String toCLiteral(Object v) {
        if (v instanceof Boolean b) return b ? "1" : "0";
        if (v instanceof Float f) return Float.toString(f) + "f";
        if (v instanceof Long l) return l + "L";
        return v.toString();
    }

    /** {@return {@code -DNAME=value} options for an OpenCL compiler, in name order} */
    public String toOpenClOptions() {
        StringBuilder sb = new StringBuilder();
        values.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : " ").append("-D").append(k).append('=').append(toCLiteral(v)));
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Constants c && c.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
