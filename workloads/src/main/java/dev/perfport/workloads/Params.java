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

    /**
     * Parses {@code 2^25}, {@code 32M}, {@code 64K}, {@code 1G}, {@code 1_000}: ASCII digits with an
     * optional sign; a power has one {@code ^} and an exponent of at least 0.
     */
    public static long parseLong(String key, String text) {
        String s = text.replace("_", "").trim();
        try {
            int caret = s.indexOf('^');
            if (caret >= 0) {
                long exp = integer(blanksOff(s.substring(caret + 1)));
                if (exp < 0) throw new NumberFormatException("exponent " + exp);
                return power(integer(blanksOff(s.substring(0, caret))), exp);
            }
            long mult = 1;
            char last = Character.toUpperCase(s.charAt(s.length() - 1));
            if (last == 'K' || last == 'M' || last == 'G') {
                mult = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
                s = s.substring(0, s.length() - 1);
            }
            return Math.multiplyExact(integer(s), mult);
        } catch (RuntimeException e) {
            throw new ConfigException("parameter " + key + " must be an integer (e.g. 1048576, 2^20, 1M), got '" + text + "'");
        }
    }

    /** {@code t} without spaces and tabs at either end. */
    private static String blanksOff(String t) {
        int a = 0, b = t.length();
        while (a < b && (t.charAt(a) == ' ' || t.charAt(a) == '\t')) a++;
        while (b > a && (t.charAt(b - 1) == ' ' || t.charAt(b - 1) == '\t')) b--;
        return t.substring(a, b);
    }

    /** A decimal integer of ASCII digits (Long.parseLong alone takes any script's digits). */
    private static long integer(String t) {
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if ((c < '0' || c > '9') && !(i == 0 && (c == '+' || c == '-'))) throw new NumberFormatException(t);
        }
        return Long.parseLong(t);
    }

    /** base^exp by squaring: overflow is an error, and a large exponent of 0, 1 or -1 takes no time. */
    private static long power(long base, long exp) {
        long r = 1;
        long b = base;
        for (long e = exp; e > 0; ) {
            if ((e & 1) != 0) r = Math.multiplyExact(r, b);
            e >>>= 1;
            if (e > 0) b = Math.multiplyExact(b, b);
        }
        return r;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
