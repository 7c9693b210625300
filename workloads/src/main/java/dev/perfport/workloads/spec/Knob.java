package dev.perfport.workloads.spec;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One parameter or knob of a workload, declared once: its name, kind, default, limits, tuning grid,
 * {@code -D} macro, whether the tuner varies it, the variants that read it and its help. Immutable: each
 * method returns a changed copy, so a declaration reads as one chain:
 *
 * <pre>{@code
 * static final Knob<Integer> IPT = Knob.ints("ipt").range(1, 16).byDefault(4)
 *         .grid(1, 2, 4, 8).macro("IPT").tunable().only(TUNED).help("independent vector loads in flight per work-item");
 * }</pre>
 *
 * @param <T> the value's type
 */
public final class Knob<T> implements Cloneable {
    /**
     * A limit on a value: what satisfies it, and the limit as an error and the help say it ("in [1, 16]").
     *
     * @param ok    whether a value satisfies it
     * @param limit the limit, completing "NAME must be ..."
     * @param <T>   the value's type
     */
    public record Check<T>(Predicate<T> ok, String limit) {
    }

    private final String name;
    private final Kind<T> kind;
    private String defaultText;
    private List<Check<T>> checks = List.of();
    private String auto;
    private Function<DeviceInfo, List<Integer>> grid;
    private String macro;
    private boolean tunable;
    private Set<String> tunedIn = Set.of();
    private String help = "";
    private Set<String> only = Set.of();
    private Long lowest;

    private Knob(String name, Kind<T> kind) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) throw new IllegalArgumentException("knob name must be an identifier, got '" + name + "'");
        this.name = name;
        this.kind = Objects.requireNonNull(kind);
    }

    /**
     * A copy for a declaration method to change: every field holds an immutable value that the method replaces
     * whole, so a shallow copy shares nothing that changes, and a field added later is copied without a word here.
     */
    @SuppressWarnings("unchecked")
    private Knob<T> copy() {
        try {
            return (Knob<T>) super.clone();
        } catch (CloneNotSupportedException e) {
            throw new AssertionError(e);   // Knob is Cloneable
        }
    }

    /** {@return a count of elements or bytes, written 2^25, 32M, 64K or 1_000_000} @param name the parameter */
    public static Knob<Long> sizes(String name) {
        return new Knob<>(name, new Kind.Size());
    }

    /** {@return an int, written as a size may be} @param name the parameter */
    public static Knob<Integer> ints(String name) {
        return new Knob<>(name, new Kind.Int());
    }

    /** {@return one of {@code names}} @param name the parameter @param names the names taken */
    public static Knob<String> choice(String name, String... names) {
        return new Knob<>(name, new Kind.Choice(List.of(names)));
    }

    /** {@return a name of {@code type}'s constants, by their {@code toString}} @param name the parameter @param type an enum */
    public static <E extends Enum<E>> Knob<String> choice(String name, Class<E> type) {
        return choice(name, Arrays.stream(type.getEnumConstants()).map(Object::toString).toArray(String[]::new));
    }

    /**
     * {@return one of {@code names}, which the tuner and the kernels see as its position (0, 1, ...)}
     *
     * @param name  the parameter
     * @param names the names, in the order of their positions
     */
    public static Knob<Integer> levels(String name, String... names) {
        Knob<Integer> k = new Knob<>(name, new Kind.Levels(List.of(names)));
        k.lowest = 0L;
        return k;
    }

    /** {@return on or off} @param name the parameter */
    public static Knob<Boolean> bools(String name) {
        return new Knob<>(name, new Kind.Bool());
    }

    /** {@return a finite number} @param name the parameter */
    public static Knob<Double> reals(String name) {
        return new Knob<>(name, new Kind.Real());
    }

    /** {@return free text, which the workload reads itself} @param name the parameter */
    public static Knob<String> text(String name) {
        return new Knob<>(name, new Kind.Text());
    }

    // ---- the declaration ------------------------------------------------------------------------

    /** {@return this knob with default {@code value}} @param value the default */
    public Knob<T> byDefault(T value) {
        return byDefaultText(String.valueOf(value));
    }

    /** {@return this knob with its default written as users write it (2^25, auto)} @param text the default's text */
    public Knob<T> byDefaultText(String text) {
        Knob<T> k = copy();
        k.defaultText = Objects.requireNonNull(text);
        return k;
    }

    /** {@return this knob with a limit} @param ok whether a value satisfies it @param limit completing "NAME must be ..." */
    public Knob<T> must(Predicate<T> ok, String limit) {
        Knob<T> k = copy();
        List<Check<T>> l = new ArrayList<>(checks);
        l.add(new Check<>(ok, limit));
        k.checks = List.copyOf(l);
        return k;
    }

    /** {@return this number knob limited to [min, max]} @param min the least value @param max the greatest */
    public Knob<T> range(long min, long max) {
        Knob<T> k = must(v -> number(v) >= min && number(v) <= max, "in [" + min + ", " + max + "]");
        k.lowest = min;
        return k;
    }

    /** {@return this number knob limited to {@code min} or more} @param min the least value */
    public Knob<T> atLeast(long min) {
        Knob<T> k = must(v -> number(v) >= min, ">= " + min);
        k.lowest = min;
        return k;
    }

    /** {@return this number knob limited to a power of two} */
    public Knob<T> powerOfTwo() {
        return must(v -> number(v) >= 1 && Long.bitCount(number(v)) == 1, "a power of two");
    }

    /** {@return this number knob limited to powers of two in [min, max]} @param min the least value @param max the greatest */
    public Knob<T> powerOfTwoIn(long min, long max) {
        Knob<T> k = must(v -> number(v) >= min && number(v) <= max && Long.bitCount(number(v)) == 1,
                "a power of two in [" + min + ", " + max + "]");
        k.lowest = min;
        return k;
    }

    /** {@return this number knob limited to these values} @param values the values taken */
    public Knob<T> oneOf(long... values) {
        Set<Long> s = new LinkedHashSet<>();
        for (long v : values) s.add(v);
        List<String> l = s.stream().map(String::valueOf).toList();
        Knob<T> k = must(v -> s.contains(number(v)), l.size() == 2 ? l.get(0) + " or " + l.get(1) : "one of " + String.join(", ", l));
        k.lowest = s.stream().min(Long::compare).orElse(1L);
        return k;
    }

    /**
     * {@return this knob with the least value a tuning grid of it may list, where its limits do not say it}
     *
     * @param min the least value
     */
    public Knob<T> tunedFrom(long min) {
        Knob<T> k = copy();
        k.lowest = min;
        return k;
    }

    /** {@return this knob also taking {@code word} for "decide for me" (its value then absent)} @param word e.g. auto */
    public Knob<T> or(String word) {
        Knob<T> k = copy();
        k.auto = Objects.requireNonNull(word);
        return k;
    }

    /** {@return this knob also taking {@code auto}} */
    public Knob<T> orAuto() {
        return or("auto");
    }

    /** {@return this int knob tuned over {@code values}} @param values the default grid */
    public Knob<T> grid(int... values) {
        List<Integer> l = Arrays.stream(values).boxed().toList();
        return grid(d -> l);
    }

    /** {@return this int knob tuned over a grid that depends on the device} @param grid the device's default grid */
    public Knob<T> grid(Function<DeviceInfo, List<Integer>> grid) {
        if (!(kind instanceof Kind.Int) && !(kind instanceof Kind.Levels)) throw new IllegalStateException("only an int knob has a grid: " + name);
        Knob<T> k = copy();
        k.grid = Objects.requireNonNull(grid);
        return k;
    }

    /** {@return this knob handed to the kernels as {@code -Dmacro=value}} @param macro the constant's name */
    public Knob<T> macro(String macro) {
        Knob<T> k = copy();
        k.macro = Objects.requireNonNull(macro);
        return k;
    }

    /**
     * {@return this knob varied by the tuner over its grid, when it tunes one of {@code variants} (any, if none named)}
     *
     * @param variants the variants whose tuning varies it
     */
    public Knob<T> tunable(String... variants) {
        if (grid == null) throw new IllegalStateException("a tunable knob needs a grid: " + name);
        Knob<T> k = copy();
        k.tunable = true;
        k.tunedIn = Set.of(variants);
        return k;
    }

    /** {@return this knob read by these variants only (the others' rows leave it out)} @param variants the variants */
    public Knob<T> only(String... variants) {
        Knob<T> k = copy();
        k.only = Set.of(variants);
        return k;
    }

    /** {@return this knob with its help} @param help one line, without the limits and default (help adds them) */
    public Knob<T> help(String help) {
        Knob<T> k = copy();
        k.help = Objects.requireNonNull(help);
        return k;
    }

    // ---- what the declaration says --------------------------------------------------------------

    /** {@return the parameter's name} */
    public String name() {
        return name;
    }

    /** {@return how its text is read} */
    public Kind<T> kind() {
        return kind;
    }

    /** {@return the default's text} */
    public String defaultText() {
        if (defaultText == null) throw new IllegalStateException("knob " + name + " has no default");
        return defaultText;
    }

    /** {@return the word that leaves the value to the workload (auto), or null} */
    public String autoWord() {
        return auto;
    }

    /** {@return the {@code -D} macro's name, or null} */
    public String macroName() {
        return macro;
    }

    /** {@return whether the tuner varies it} */
    public boolean isTunable() {
        return tunable;
    }

    /** {@return whether tuning {@code variant} varies it (null: any variant)} @param variant a variant */
    public boolean isTunedIn(String variant) {
        return tunable && readBy(variant) && (tunedIn.isEmpty() || variant == null || tunedIn.contains(variant));
    }

    /** {@return the variants whose tuning varies it, empty for all} */
    public Set<String> tunedIn() {
        return tunedIn;
    }

    /** {@return the least value a tuning grid of it may list: its lower limit, 1 without one} */
    public int lowest() {
        return lowest == null ? 1 : (int) Math.max(Integer.MIN_VALUE, lowest);
    }

    /** {@return whether {@code variant} reads it; every variant without {@link #only}, and a null variant} @param variant a variant */
    public boolean readBy(String variant) {
        return only.isEmpty() || variant == null || only.contains(variant);
    }

    /** {@return the variants that read it, empty for all} */
    public Set<String> variants() {
        return only;
    }

    /** {@return its default grid on {@code d}} @param d the device */
    public List<Integer> gridOn(DeviceInfo d) {
        if (grid == null) throw new IllegalStateException("knob " + name + " has no grid");
        return grid.apply(d);
    }

    /**
     * {@return the value of {@code text}: null for the auto word, else the kind's value within every limit}
     *
     * @param text what was given
     * @throws ConfigException one line naming the parameter, the value and the limit
     */
    public T parse(String text) {
        if (auto != null && auto.equals(text)) return null;
        T v = kind.parse(name, text);
        check(v, text);
        return v;
    }

    /** {@return why {@code v} breaks a limit ("NAME must be ..., got V"), or null} @param v a value */
    public String violation(T v) {
        for (Check<T> c : checks) if (!c.ok().test(v)) return name + " must be " + c.limit() + ", got " + shown(v);
        return null;
    }

    private void check(T v, String text) {
        String why = violation(v);
        if (why != null) throw Problem.of(why);
    }

    /**
     * {@return this knob's value among a kernel's constants, read by its macro (what a Java route's kernel reads where
     * OpenCL C reads {@code -DMACRO})}
     *
     * @param c the constants a kernel was built with
     */
    @SuppressWarnings("unchecked")
    public T in(dev.perfport.core.kernel.Constants c) {
        if (macro == null) throw new IllegalStateException("knob " + name + " has no macro");
        Object v = switch (kind) {
            case Kind.Int i -> c.getInt(macro);
            case Kind.Levels l -> c.getInt(macro);
            case Kind.Size z -> c.getLong(macro);
            case Kind.Real r -> c.getDouble(macro);
            case Kind.Bool b -> c.getBoolean(macro);
            case Kind.Choice ch -> throw new IllegalStateException("a choice has no constant: " + name);
            case Kind.Text t -> throw new IllegalStateException("a text has no constant: " + name);
        };
        return (T) v;
    }

    private static String shown(Object v) {
        return v instanceof String s ? "'" + s + "'" : String.valueOf(v);
    }

    /** {@return the help line: name, the variants that read it, the help, its limits and default} */
    public String helpLine() {
        List<String> limits = new ArrayList<>();
        if (kind instanceof Kind.Choice c) limits.add(c.alternatives());
        if (kind instanceof Kind.Levels l) limits.add(new Kind.Choice(l.names()).alternatives() + " (or 0.." + (l.names().size() - 1) + ")");
        checks.forEach(c -> limits.add(c.limit()));
        if (auto != null) limits.add("or " + auto);
        StringBuilder b = new StringBuilder(name).append(": ");
        if (!only.isEmpty()) b.append(String.join(", ", only.stream().sorted().toList())).append(" only: ");
        b.append(help);
        List<String> tail = new ArrayList<>();
        if (!limits.isEmpty()) tail.add(String.join(", ", limits));
        if (defaultText != null) tail.add("default " + defaultText);
        if (tunable) tail.add("tuned");
        if (!tail.isEmpty()) b.append(" (").append(String.join("; ", tail)).append(')');
        return b.toString();
    }

    private static long number(Object v) {
        return ((Number) v).longValue();
    }

    @Override
    public String toString() {
        return name;
    }
}
