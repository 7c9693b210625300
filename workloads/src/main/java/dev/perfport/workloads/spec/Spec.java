package dev.perfport.workloads.spec;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Params;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A workload's typed specification: its name, seed paper, description and kernels, its variants, its knobs in order and
 * the rules between them. A {@link dev.perfport.workloads.Workload} takes its name, seed, description, variants, kernels,
 * defaults and help from it; everything else about its parameters is derived from it too: {@link #parse} (one error line naming the parameter, the value
 * and the limit), {@link #defaults()}, {@link #help()}, the tuning {@link #space} with the rules as constraints,
 * the tuning cache's {@link #cacheKey} and the {@link #constants} handed to every route.
 */
public final class Spec {
    /** The seed of a workload that reproduces no paper (saxpy, stream, flops): the default. */
    public static final String SAMPLE = "sample";
    private final String workload;
    private final String seed;
    private final String description;
    private final Supplier<List<KernelDef>> kernels;
    private final List<String> variants;
    private final List<Knob<?>> knobs;
    private final Map<String, Knob<?>> byName;
    private final List<Rule> rules;
    private final List<String> tuningOrder;

    private Spec(Builder b) {
        this.workload = b.workload;
        this.seed = b.seed;
        this.description = b.description;
        this.kernels = b.kernels;
        this.variants = List.copyOf(b.variants);
        this.knobs = List.copyOf(b.knobs);
        this.rules = List.copyOf(b.rules);
        Map<String, Knob<?>> m = new LinkedHashMap<>();
        for (Knob<?> k : knobs) {
            if (m.put(k.name(), k) != null) throw new IllegalArgumentException(workload + ": knob " + k.name() + " declared twice");
            k.defaultText();   // every knob has a default: a run fills in what is not given
            for (String v : k.variants()) {
                if (!variants.contains(v)) throw new IllegalArgumentException(workload + ": knob " + k.name() + " names no variant " + v);
            }
        }
        this.byName = Map.copyOf(m);
        for (String t : b.tuningOrder) {
            if (!m.containsKey(t) || !m.get(t).isTunable()) throw new IllegalArgumentException(workload + ": " + t + " is no tunable knob");
        }
        this.tuningOrder = List.copyOf(b.tuningOrder);
        for (Rule r : rules) {
            for (String v : r.variants()) {
                if (!variants.contains(v)) throw new IllegalArgumentException(workload + ": rule " + r.name() + " names no variant " + v);
            }
        }
    }

    /** {@return a specification of {@code workload}'s parameters, to declare} @param workload the workload's name */
    public static Builder of(String workload) {
        return new Builder(workload);
    }

    /** Declares a specification: seed, description, kernels, variants, knobs in the order users see them, rules. */
    public static final class Builder {
        private final String workload;
        private String seed = SAMPLE;
        private String description = "";
        private Supplier<List<KernelDef>> kernels = List::of;
        private final List<String> variants = new ArrayList<>();
        private final List<Knob<?>> knobs = new ArrayList<>();
        private final List<Rule> rules = new ArrayList<>();
        private final List<String> tuningOrder = new ArrayList<>();

        private Builder(String workload) {
            this.workload = Objects.requireNonNull(workload);
        }

        /** {@return this builder with this seed} @param paper the seed paper it reproduces, e.g. {@code 003} */
        public Builder seed(String paper) {
            seed = Objects.requireNonNull(paper);
            return this;
        }

        /** {@return this builder with this description} @param text one line, for {@code perfport workloads} */
        public Builder description(String text) {
            description = Objects.requireNonNull(text);
            return this;
        }

        /**
         * {@return this builder with these kernels}
         *
         * @param all every kernel definition the workload launches (each element type and form), made when asked for
         */
        public Builder kernels(Supplier<List<KernelDef>> all) {
            kernels = Objects.requireNonNull(all);
            return this;
        }

        /** {@return this builder with these variants} @param names the variants, in order */
        public Builder variants(String... names) {
            variants.addAll(Arrays.asList(names));
            return this;
        }

        /** {@return this builder with these knobs after the others} @param k the knobs */
        public Builder knobs(Knob<?>... k) {
            knobs.addAll(Arrays.asList(k));
            return this;
        }

        /** {@return this builder with these knobs after the others} @param k the knobs */
        public Builder knobs(List<? extends Knob<?>> k) {
            knobs.addAll(k);
            return this;
        }

        /** {@return this builder with these rules} @param r the rules */
        public Builder rules(Rule... r) {
            rules.addAll(Arrays.asList(r));
            return this;
        }

        /**
         * {@return this builder with the tuning space's order of these knobs (the first varies slowest), where it is not
         * the declaration's}
         *
         * @param k tunable knobs
         */
        public Builder tuningOrder(Knob<?>... k) {
            for (Knob<?> x : k) tuningOrder.add(x.name());
            return this;
        }

        /** {@return the specification} */
        public Spec build() {
            return new Spec(this);
        }
    }

    /** {@return the workload's name} */
    public String workload() {
        return workload;
    }

    /** {@return the seed paper the workload reproduces, e.g. {@code 003}, or {@value #SAMPLE} for none} */
    public String seed() {
        return seed;
    }

    /** {@return the workload's description, one line} */
    public String description() {
        return description;
    }

    /** {@return every kernel definition the workload launches, newly made} */
    public List<KernelDef> kernels() {
        return List.copyOf(kernels.get());
    }

    /** {@return the variants, in order} */
    public List<String> variants() {
        return variants;
    }

    /** {@return the knobs, in order} */
    public List<Knob<?>> knobs() {
        return knobs;
    }

    /** {@return the rules} */
    public List<Rule> rules() {
        return rules;
    }

    /** {@return the knob named {@code name}} @param name a knob's name @throws IllegalArgumentException when there is none */
    public Knob<?> knob(String name) {
        Knob<?> k = byName.get(name);
        if (k == null) throw new IllegalArgumentException(workload + " has no knob '" + name + "'");
        return k;
    }

    /** {@return every knob's default text, in order} */
    public Params defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        for (Knob<?> k : knobs) m.put(k.name(), k.defaultText());
        return Params.of(m);
    }

    /** {@return one help line per knob, in order ({@code perfport workloads})} */
    public List<String> help() {
        return knobs.stream().map(Knob::helpLine).toList();
    }

    /** {@return the names of the knobs the tuner varies, in order} */
    public List<String> tunedNames() {
        return tuningOrdered(knobs.stream().filter(k -> k.isTunable() && (k.tunedIn().isEmpty()
                || k.tunedIn().stream().anyMatch(variants::contains)))).stream().map(Knob::name).toList();
    }

    /** The knobs of {@code s} in the tuning order: those it names first, in its order, then the others as declared. */
    private List<Knob<?>> tuningOrdered(java.util.stream.Stream<Knob<?>> s) {
        List<Knob<?>> l = new ArrayList<>(s.toList());
        l.sort(java.util.Comparator.comparingInt(k -> tuningOrder.contains(k.name()) ? tuningOrder.indexOf(k.name()) : tuningOrder.size()));
        return l;
    }

    /** {@return the least value a tuning grid of {@code name} may list} @param name a knob's name */
    public int lowest(String name) {
        Knob<?> k = byName.get(name);
        return k == null ? 1 : k.lowest();
    }

    /**
     * {@return {@code base} once per value of {@code k}, unless the user's {@code overrides} give it (compare's cases:
     * both types unless one is named)}
     *
     * @param base      the defaults with the overrides
     * @param overrides what the user gave
     * @param k         the knob
     * @param values    its values, in order
     */
    public static List<Params> eachUnlessGiven(Params base, Params overrides, Knob<?> k, String... values) {
        if (overrides.asMap().containsKey(k.name())) return List.of(base);
        return Arrays.stream(values).map(v -> base.with(k.name(), v)).toList();
    }

    /** {@return the names of the knobs {@code variant} does not read (compare runs a case once for all their values)} @param variant a variant */
    public java.util.Set<String> unread(String variant) {
        java.util.Set<String> s = new java.util.TreeSet<>();
        for (Knob<?> k : knobs) if (!k.readBy(variant)) s.add(k.name());
        return java.util.Set.copyOf(s);
    }

    /** {@return those of {@code p} that are this spec's knobs (a workload handing its parameters to another it runs)} @param p parameters */
    public Params own(Params p) {
        Map<String, String> m = new LinkedHashMap<>(p.asMap());
        m.keySet().retainAll(byName.keySet());
        return Params.of(m);
    }

    /** {@return {@code variant}, checked to be one of the variants} @param variant what was asked for */
    public String variant(String variant) {
        if (!variants.contains(variant)) {
            throw Problem.of("unknown variant '" + variant + "' of " + workload + "; variants: " + String.join(", ", variants));
        }
        return variant;
    }

    /** {@return {@code given} parsed for every variant} @param given the parameters given */
    public Values parse(Params given) {
        return parse(given, null);
    }

    /**
     * {@return {@code given} over the defaults, parsed for {@code variant}} Every knob the variant reads is parsed
     * and checked against its limits, then every rule of the variant that needs no device; those on the device are
     * the row's to check where it runs ({@link Values#refuseOn}), so that one device's limit fails that device's row.
     *
     * @param given   the parameters given (the measurement's warmup and stat may be among them)
     * @param variant the variant, or null for every knob
     * @throws ConfigException one line naming the parameter (or variant), the value and the limit
     */
    public Values parse(Params given, String variant) {
        if (variant != null) variant(variant);
        for (String name : given.asMap().keySet()) {
            if (!byName.containsKey(name) && !name.equals(Measurement.WARMUP) && !name.equals(Measurement.STAT)) {
                throw Problem.of("unknown parameter '" + name + "' of " + workload + "; parameters: "
                        + String.join(", ", byName.keySet().stream().sorted(this::byOrder).toList()));
            }
        }
        Map<String, String> text = new LinkedHashMap<>(defaults().with(given).asMap());
        Map<String, Object> typed = new HashMap<>();
        for (Knob<?> k : knobs) {
            if (!k.readBy(variant)) continue;
            Object v = k.parse(text.get(k.name()));
            if (v != null) typed.put(k.name(), v);
        }
        Values values = new Values(this, variant, text, typed);
        for (Rule r : rules) {
            if (!r.appliesTo(variant)) continue;
            String why = r.violation(values, null);
            if (why != null) throw Problem.of(why);
        }
        return values;
    }

    /**
     * {@return why {@code v} breaks a rule of {@code device}, or null}
     *
     * @param v      values parsed for a variant
     * @param device the device
     */
    public String refusal(Values v, DeviceInfo device) {
        for (Rule r : rules) {
            if (!r.onDevice() || !r.appliesTo(v.variant())) continue;
            String why = r.violation(v, device);
            if (why != null) return why;
        }
        return null;
    }

    private int byOrder(String a, String b) {
        return Integer.compare(knobs.indexOf(byName.get(a)), knobs.indexOf(byName.get(b)));
    }

    /**
     * The tuning space of {@code fixed}'s variant on {@code device}: each tunable knob the variant reads, over its
     * default grid or the user's list (each value within the knob's limits), under every rule of the variant as
     * constraints, so that the tuner refuses a point before anything is built.
     *
     * @param fixed     the fixed parameters, parsed for the variant
     * @param device    the device
     * @param overrides value lists given by the user, by knob; a knob not tuned is a ConfigException
     * @return the space
     */
    public Space space(Values fixed, DeviceInfo device, Map<String, List<Integer>> overrides) {
        List<Knob<?>> tuned = tuningOrdered(knobs.stream().filter(k -> k.isTunedIn(fixed.variant())));
        List<String> names = tuned.stream().map(Knob::name).toList();
        if (names.isEmpty()) {
            List<String> tunable = variants.stream().filter(v -> knobs.stream().anyMatch(k -> k.isTunedIn(v))).map(v -> "'" + v + "'").toList();
            throw Problem.of("only the " + workload + (tunable.size() == 1 ? " variant " + tunable.getFirst() + " is" : " variants "
                    + String.join(", ", tunable) + " are") + " tunable (the others have no knob to tune), got '" + fixed.variant() + "'");
        }
        for (String name : overrides.keySet()) {
            if (!names.contains(name)) {
                Knob<?> other = byName.get(name);
                String elsewhere = other != null && other.isTunable() && !other.tunedIn().isEmpty()
                        ? " (" + name + " is tuned with --variant " + String.join(" or ", other.tunedIn().stream().sorted().toList()) + ")" : "";
                throw Problem.of("'" + name + "' is not a tuned parameter of " + workload
                        + (fixed.variant() == null ? "" : "'s " + fixed.variant()) + "; tuned: " + String.join(", ", names) + elsewhere);
            }
        }
        List<Param> params = new ArrayList<>();
        List<Constraint> constraints = new ArrayList<>();
        for (Knob<?> k : tuned) {
            List<Integer> values = overrides.getOrDefault(k.name(), k.gridOn(device));
            @SuppressWarnings("unchecked") Knob<Integer> ki = (Knob<Integer>) k;
            // a value no run could take is the user's mistake, not a point to refuse
            for (Integer x : values) {
                String why = x == null ? null : ki.violation(x);
                if (why != null) throw Problem.of(why);
            }
            try {
                params.add(new Param(k.name(), values));
            } catch (IllegalArgumentException e) {
                throw Problem.of(e.getMessage());
            }
        }
        Points points = new Points(fixed);
        for (Rule r : rules) {
            if (!r.appliesTo(fixed.variant())) continue;
            constraints.add(new Constraint(r.name(), c -> {
                Values v = points.at(c);
                return v == null ? null : r.violation(v, device);
            }));
        }
        return new Space(params, constraints);
    }

    /** The fixed values with one point's knobs, the last point remembered (each rule asks for the same point in turn). */
    private static final class Points {
        private final Values fixed;
        private Config last;
        private Values values;

        Points(Values fixed) {
            this.fixed = fixed;
        }

        synchronized Values at(Config c) {
            if (!c.equals(last)) {
                try {
                    values = fixed.with(c);
                } catch (ConfigException e) {
                    values = null;   // a knob beyond its limits: its own constraint says so
                }
                last = c;
            }
            return values;
        }
    }

    /**
     * {@return the tuning cache's key of a tuning run: every parameter's text but the tuned knobs', and the variant}
     *
     * @param fixed the fixed parameters, parsed for the tuned variant
     */
    public Map<String, String> cacheKey(Values fixed) {
        Map<String, String> m = new LinkedHashMap<>(fixed.params().asMap());
        for (Knob<?> k : knobs) if (k.isTunedIn(fixed.variant())) m.remove(k.name());
        if (fixed.variant() != null) m.put("variant", fixed.variant());
        return m;
    }

    /** {@return the {@code -D} constants of {@code v}: each knob with a macro that the variant reads and that has a value} @param v values */
    public Constants constants(Values v) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Knob<?> k : knobs) {
            if (k.macroName() == null || !k.readBy(v.variant())) continue;
            v.given(k).ifPresent(x -> m.put(k.macroName(), x));
        }
        return Constants.of(m);
    }
}
