package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * One tuning parameter: a name and the integer values it may take, kept ascending and distinct
 * (the hierarchical method's "shrink" and "smallest within" rules rely on that order).
 *
 * @param name   an identifier, e.g. {@code posbs}
 * @param values one value at least, ascending and distinct
 */
public record Param(String name, List<Integer> values) {
    /** Checks the name and sorts the values; a value listed twice is an error. */
    public Param {
        Objects.requireNonNull(name);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("tuning parameter name must be an identifier, got '" + name + "'");
        }
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("tuning parameter " + name + " needs at least one value");
        }
        TreeSet<Integer> set = new TreeSet<>();
        for (Integer v : values) {
            if (v == null) throw new IllegalArgumentException("tuning parameter " + name + " has a null value");
            if (!set.add(v)) throw new IllegalArgumentException("tuning parameter " + name + " lists value " + v + " twice");
        }
        values = List.copyOf(new ArrayList<>(set));
    }

    /**
     * {@return a parameter with these values}
     *
     * @param name   an identifier
     * @param values the values, in any order
     */
    public static Param of(String name, int... values) {
        List<Integer> l = new ArrayList<>();
        for (int v : values) l.add(v);
        return new Param(name, l);
    }

    /**
     * {@return a parameter of the powers of two from {@code from} to {@code to}, both included}
     *
     * @param name an identifier
     * @param from the smallest, a power of two
     * @param to   the largest, a power of two
     */
    public static Param powersOfTwo(String name, int from, int to) {
        if (from < 1 || Integer.bitCount(from) != 1 || Integer.bitCount(to) != 1 || to < from) {
            throw new IllegalArgumentException("powers of two from " + from + " to " + to + ": both must be powers of two, from <= to");
        }
        List<Integer> l = new ArrayList<>();
        for (long v = from; v <= to; v *= 2) l.add((int) v);
        return new Param(name, l);
    }

    /**
     * {@return the largest value below {@code v}, or null when {@code v} is the smallest or not listed}
     *
     * @param v a value
     */
    public Integer below(int v) {
        int k = values.indexOf(v);
        return k > 0 ? values.get(k - 1) : null;
    }
}
