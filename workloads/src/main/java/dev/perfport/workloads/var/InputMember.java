package dev.perfport.workloads.var;

import dev.perfport.core.error.ConfigException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A member of the VaR input's JSON objects, declared once: its name and how its value is read. An object
 * lists its members ({@link Obj#of}), so a member not declared is an error that lists those that are; every
 * error is one line naming the member's path, the limit and what was found.
 *
 * @param name   the member's name
 * @param reader reads the member's value (null when absent) at its path
 * @param <T>    the value's type
 */
record InputMember<T>(String name, BiFunction<Object, String, T> reader) {

    /** {@return the member's value in {@code o}} @param o an object of the input */
    T in(Obj o) {
        return reader.apply(o.members().get(name), o.pathOf(name));
    }

    /** {@return whether {@code o} gives it} @param o an object of the input */
    boolean givenIn(Obj o) {
        return o.members().containsKey(name);
    }

    /** {@return a member whose value is not read (a comment)} @param name the member */
    static InputMember<Object> ignored(String name) {
        return new InputMember<>(name, (v, path) -> v);
    }

    /** {@return an integer within ±2^30, so that day sums stay ints} @param name the member */
    static InputMember<Integer> integer(String name) {
        return new InputMember<>(name, InputMember::integer);
    }

    /** {@return a finite number} @param name the member */
    static InputMember<Double> number(String name) {
        return new InputMember<>(name, InputMember::number);
    }

    /** {@return one of {@code names}} @param name the member @param names the strings taken */
    static InputMember<String> choice(String name, String... names) {
        List<String> l = List.of(names);
        return new InputMember<>(name, (v, path) -> {
            if (v instanceof String s && l.contains(s)) return s;
            throw bad(path, alternatives(l), v);
        });
    }

    /** {@return an array} @param name the member */
    static InputMember<List<?>> array(String name) {
        return new InputMember<>(name, InputMember::array);
    }

    /** {@return an object with these members} @param name the member @param members its members */
    static InputMember<Obj> object(String name, InputMember<?>... members) {
        return new InputMember<>(name, (v, path) -> Obj.of(v, path, members));
    }

    /** {@return an integer range [min, max] with 0 <= min <= max} @param name the member */
    static InputMember<int[]> range(String name) {
        return new InputMember<>(name, (v, path) -> {
            List<?> l = array(v, path);
            if (l.size() != 2) throw problem(path + " must be [min, max], got " + l.size() + " entries");
            int a = integer(l.get(0), path + "[0]"), b = integer(l.get(1), path + "[1]");
            if (a < 0 || b < a) throw problem(path + " must satisfy 0 <= min <= max, got [" + a + ", " + b + "]");
            return new int[]{a, b};
        });
    }

    /** {@return a square matrix of {@code n} rows} @param name the member @param n rows and columns */
    static InputMember<double[][]> matrix(String name, int n) {
        return new InputMember<>(name, (v, path) -> {
            List<?> rows = sized(v, path, n, "rows");
            double[][] m = new double[n][];
            for (int i = 0; i < n; i++) {
                List<?> r = sized(rows.get(i), path + "[" + i + "]", n, "entries");
                m[i] = new double[n];
                for (int j = 0; j < n; j++) m[i][j] = number(r.get(j), path + "[" + i + "][" + j + "]");
            }
            return m;
        });
    }

    /** {@return an object of numbers, one per name, in the names' order} @param name the member @param names its members */
    static InputMember<double[]> numbers(String name, List<String> names) {
        InputMember<?>[] each = names.stream().map(InputMember::number).toArray(InputMember<?>[]::new);
        return new InputMember<>(name, (v, path) -> {
            Obj o = Obj.of(v, path, each);
            return Arrays.stream(each).mapToDouble(m -> (Double) m.in(o)).toArray();
        });
    }

    /**
     * A JSON object of the input with its path ("VaR input FILE: portfolio.generate"), checked to have only its
     * declared members.
     *
     * @param members its members as read
     * @param path    where it is, for errors
     */
    record Obj(Map<?, ?> members, String path) {
        /** {@return {@code v} as an object with no member but {@code declared}} @param v a value @param path its path @param declared its members */
        static Obj of(Object v, String path, InputMember<?>... declared) {
            if (!(v instanceof Map<?, ?> m)) throw bad(path, "a JSON object", v);
            List<String> names = Arrays.stream(declared).map(InputMember::name).sorted().toList();
            for (Object k : m.keySet()) {
                if (!names.contains(k)) throw problem(path + ": unknown member '" + k + "'; members: " + names);
            }
            return new Obj(m, path);
        }

        String pathOf(String member) {
            return path + (path.contains(": ") ? "." : ": ") + member;
        }
    }

    /** {@return the one-line usage error of the input: "PATH must be LIMIT, got WHAT"} */
    static ConfigException bad(String path, String limit, Object got) {
        return problem(path + " must be " + limit + ", got " + describe(got));
    }

    /** {@return the one-line usage error of the input} @param line names the member, the limit and what was found */
    static ConfigException problem(String line) {
        return new ConfigException(line);
    }

    private static List<?> array(Object v, String path) {
        if (v instanceof List<?> l) return l;
        throw bad(path, "a JSON array", v);
    }

    private static List<?> sized(Object v, String path, int n, String what) {
        List<?> l = array(v, path);
        if (l.size() != n) throw problem(path + " must have " + n + " " + what + ", got " + l.size());
        return l;
    }

    private static double number(Object v, String path) {
        if (v instanceof Number n && Double.isFinite(n.doubleValue())) return n.doubleValue();
        throw bad(path, "a number", v);
    }

    private static int integer(Object v, String path) {
        if (v instanceof Long l && l >= Integer.MIN_VALUE / 2 && l <= Integer.MAX_VALUE / 2) return (int) (long) l;
        throw bad(path, "an integer within ±" + Integer.MAX_VALUE / 2, v);
    }

    private static String alternatives(List<String> names) {
        List<String> q = names.stream().map(n -> "\"" + n + "\"").toList();
        return String.join(", ", q.subList(0, q.size() - 1)) + " or " + q.getLast();
    }

    private static String describe(Object o) {
        if (o == null) return "nothing (missing or null)";
        if (o instanceof String s) return "the string \"" + s + "\"";
        return o.getClass().getSimpleName().toLowerCase(Locale.ROOT) + " " + o;
    }
}
