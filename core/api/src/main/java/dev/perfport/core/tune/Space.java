package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parameter space: named integer parameters with their value lists (the grid) and constraints.
 * Immutable; {@link #restrict} gives a smaller grid.
 */
public final class Space {
    private final List<Param> params;
    private final List<Constraint> constraints;

    /**
     * A space of these parameters under these constraints.
     *
     * @param params      the parameters, each name once
     * @param constraints rules every configuration must satisfy
     */
    public Space(List<Param> params, List<Constraint> constraints) {
        if (params.isEmpty()) throw new IllegalArgumentException("a space needs at least one parameter");
        Map<String, Param> seen = new LinkedHashMap<>();
        for (Param p : params) {
            if (seen.put(p.name(), p) != null) throw new IllegalArgumentException("parameter " + p.name() + " declared twice");
        }
        this.params = List.copyOf(params);
        this.constraints = List.copyOf(constraints);
    }

    /** {@return the parameters, in order} */
    public List<Param> params() {
        return params;
    }

    /** {@return the constraints} */
    public List<Constraint> constraints() {
        return constraints;
    }

    /** {@return the parameters' names, in order} */
    public List<String> names() {
        return params.stream().map(Param::name).toList();
    }

    /**
     * {@return the parameter with this name}
     *
     * @param name a parameter's name
     * @throws IllegalArgumentException when there is none
     */
    public Param param(String name) {
        for (Param p : params) if (p.name().equals(name)) return p;
        throw new IllegalArgumentException("no tuning parameter '" + name + "'; parameters: " + names());
    }

    /** {@return number of grid points (constraints not applied)} */
    public long gridSize() {
        long n = 1;
        for (Param p : params) n = Math.multiplyExact(n, p.values().size());
        return n;
    }

    /**
     * {@return grid point {@code index} in mixed radix, the first parameter varying slowest}
     *
     * @param index 0 to {@link #gridSize()} - 1
     */
    public Config at(long index) {
        if (index < 0 || index >= gridSize()) throw new IndexOutOfBoundsException("grid index " + index + " of " + gridSize());
        int[] digits = new int[params.size()];
        for (int k = params.size() - 1; k >= 0; k--) {
            int radix = params.get(k).values().size();
            digits[k] = (int) (index % radix);
            index /= radix;
        }
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int k = 0; k < params.size(); k++) m.put(params.get(k).name(), params.get(k).values().get(digits[k]));
        return new Config(m);
    }

    /** {@return every grid point, the first parameter varying slowest} */
    public List<Config> grid() {
        long n = gridSize();
        if (n > 10_000_000) throw new IllegalArgumentException("grid of " + n + " points is too large to list (limit 10000000)");
        List<Config> l = new ArrayList<>((int) n);
        for (long i = 0; i < n; i++) l.add(at(i));
        return l;
    }

    /**
     * {@return a configuration from values by name; every parameter must be given, with a listed value}
     *
     * @param values parameter name to value
     */
    public Config config(Map<String, Integer> values) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (Param p : params) {
            Integer v = values.get(p.name());
            if (v == null) throw new IllegalArgumentException("configuration lacks parameter '" + p.name() + "'; parameters: " + names());
            if (!p.values().contains(v)) {
                throw new IllegalArgumentException(p.name() + "=" + v + " is not in the space; values: " + p.values());
            }
            m.put(p.name(), v);
        }
        for (String k : values.keySet()) {
            if (m.get(k) == null) throw new IllegalArgumentException("no tuning parameter '" + k + "'; parameters: " + names());
        }
        return new Config(m);
    }

    /**
     * {@return the first violated constraint, as "name: reason", or empty}
     *
     * @param c a configuration
     */
    public Optional<String> violation(Config c) {
        for (Constraint k : constraints) {
            Optional<String> v = k.violation(c);
            if (v.isPresent()) return Optional.of(k.name() + ": " + v.get());
        }
        return Optional.empty();
    }

    /**
     * {@return the first violated constraint that marks a point that cannot run (not one that only
     * removes duplicates, {@link Constraint#prunesDuplicates}), as "name: reason", or empty}
     *
     * @param c a configuration
     */
    public Optional<String> refusal(Config c) {
        for (Constraint k : constraints) {
            if (k.prunesDuplicates()) continue;
            Optional<String> v = k.violation(c);
            if (v.isPresent()) return Optional.of(k.name() + ": " + v.get());
        }
        return Optional.empty();
    }

    /**
     * {@return whether {@code c} satisfies every constraint}
     *
     * @param c a configuration
     */
    public boolean satisfies(Config c) {
        for (Constraint k : constraints) if (k.violation(c).isPresent()) return false;
        return true;
    }

    /**
     * {@return how many grid points satisfy the constraints, counting up to {@code limit} (so that
     * "more than a thousand" costs a thousand valid points' checks, not the whole grid's, when valid
     * points are common)}
     *
     * @param limit the count at which to stop
     */
    public long validPoints(long limit) {
        long n = gridSize(), valid = 0;
        for (long i = 0; i < n && valid < limit; i++) if (satisfies(at(i))) valid++;
        return valid;
    }

    /**
     * {@return this space with one parameter's values replaced}
     *
     * @param name   a parameter's name
     * @param values its new values
     */
    public Space restrict(String name, List<Integer> values) {
        param(name);
        List<Param> l = new ArrayList<>();
        for (Param p : params) l.add(p.name().equals(name) ? new Param(name, values) : p);
        return new Space(l, constraints);
    }

    /**
     * {@return this space with another constraint}
     *
     * @param c the constraint
     */
    public Space with(Constraint c) {
        List<Constraint> l = new ArrayList<>(constraints);
        l.add(c);
        return new Space(params, l);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        for (Param p : params) b.append(b.isEmpty() ? "" : " ").append(p.name()).append('=').append(p.values());
        return b.toString();
    }
}
