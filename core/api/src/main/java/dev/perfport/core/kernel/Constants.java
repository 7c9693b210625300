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

    public static Constants empty() {
        return EMPTY;
    }

    public static Constants of(Map<String, ?> values) {
        Map<String, Object> m = new LinkedHashMap<>();
        values.forEach((k, v) -> m.put(k, check(k, v)));
        return new Constants(m);
    }

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

    /** These constants overridden by {@code other}'s. */
    public Constants with(Constants other) {
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.putAll(other.values);
        return new Constants(m);
    }

    public Constants with(String key, Object value) {
        Map<String, Object> m = new LinkedHashMap<>(values);
        m.put(key, check(key, value));
        return new Constants(m);
    }

    public Map<String, Object> asMap() {
        return values;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    private Object require(String key) {
        Object v = values.get(key);
        if (v == null) throw new IllegalArgumentException("kernel constant '" + key + "' is not set; set: " + values.keySet());
        return v;
    }

    public int getInt(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return Math.toIntExact(((Number) v).longValue());
    }

    public long getLong(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return ((Number) v).longValue();
    }

    public double getDouble(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b ? 1 : 0;
        return ((Number) v).doubleValue();
    }

    public boolean getBoolean(String key) {
        Object v = require(key);
        if (v instanceof Boolean b) return b;
        return ((Number) v).doubleValue() != 0;
    }

    /** The value as OpenCL C source text: integers as is, floats with an f suffix, booleans as 1/0. */
    public static String toCLiteral(Object v) {
        if (v instanceof Boolean b) return b ? "1" : "0";
        if (v instanceof Float f) return Float.toString(f) + "f";
        if (v instanceof Long l) return l + "L";
        return v.toString();
    }

    /** {@code -DNAME=value} options for an OpenCL compiler, in name order. */
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
