package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.spec.Kind;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Workload parameters: an ordered map of names to text values with typed getters, which read as the
 * specification's kinds do ({@link Kind}). Integers may be written {@code 2^25}, {@code 32M}, {@code 64K} or
 * {@code 1_000_000}.
 */
public final class Params {
    private final Map<String, String> values;

    private Params(Map<String, String> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static Params of(Map<String, String> values) {
        return new Params(values);
    }

    public static Params of(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) m.put(keyValues[i], keyValues[i + 1]);
        return new Params(m);
    }

    /** Parses {@code k=v} items. */
    public static Params parse(Iterable<String> items) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String it : items) {
            int eq = it.indexOf('=');
            if (eq <= 0) throw new ConfigException("parameter '" + it + "' is not of the form name=value");
            m.put(it.substring(0, eq).trim(), it.substring(eq + 1).trim());
        }
        return new Params(m);
    }

    /** These parameters overridden by {@code other}'s. */
    public Params with(Params other) {
        Map<String, String> m = new LinkedHashMap<>(values);
        m.putAll(other.values);
        return new Params(m);
    }

    public Params with(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(values);
        m.put(key, value);
        return new Params(m);
    }

    public Map<String, String> asMap() {
        return values;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    public String get(String key) {
        String v = values.get(key);
        if (v == null) throw new ConfigException("parameter '" + key + "' is not set; parameters: " + values.keySet());
        return v;
    }

    public String get(String key, String dflt) {
        return values.getOrDefault(key, dflt);
    }

    public long getLong(String key) {
        return parseLong(key, get(key));
    }

    public int getInt(String key) {
        return new Kind.Int().parse(key, get(key));
    }

    public double getDouble(String key) {
        return new Kind.Real().parse(key, get(key));
    }

    public boolean getBoolean(String key) {
        return new Kind.Bool().parse(key, get(key));
    }

    /** Parses {@code 2^25}, {@code 32M}, {@code 64K}, {@code 1G}, {@code 1_000}. */
    public static long parseLong(String key, String text) {
        String s = text.trim().replace("_", "");
        try {
            if (s.contains("^")) {
                String[] p = s.split("\\^");
                long base = Long.parseLong(p[0].trim());
                int exp = Integer.parseInt(p[1].trim());
                long r = 1;
                for (int i = 0; i < exp; i++) r = Math.multiplyExact(r, base);
                return r;
            }
            long mult = 1;
            char last = Character.toUpperCase(s.charAt(s.length() - 1));
            if (last == 'K' || last == 'M' || last == 'G') {
                mult = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
                s = s.substring(0, s.length() - 1);
            }
            return Math.multiplyExact(Long.parseLong(s), mult);
        } catch (RuntimeException e) {
            throw new ConfigException("parameter " + key + " must be an integer (e.g. 1048576, 2^20, 1M), got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
