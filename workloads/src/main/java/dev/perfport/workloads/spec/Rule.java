package dev.perfport.workloads.spec;

import dev.perfport.core.device.DeviceInfo;

import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A rule that relates a workload's knobs to each other or to the device (work-group size, local memory).
 * Parsing checks it with one error line; the tuner gets it as a constraint and filters points before
 * building anything.
 *
 * @param name     short name, the tuner's constraint name
 * @param variants the variants it applies to, empty for all
 * @param onDevice whether it needs the device (parsing without one skips it)
 * @param check    why the values break it (naming the values and the limit), or null; the device is null for a rule
 *                 that needs none
 */
public record Rule(String name, Set<String> variants, boolean onDevice, BiFunction<Values, DeviceInfo, String> check) {
    /** Checks that everything is given. */
    public Rule {
        Objects.requireNonNull(name);
        variants = Set.copyOf(variants);
        Objects.requireNonNull(check);
    }

    /**
     * {@return a rule between knobs}
     *
     * @param name short name
     * @param ok   whether the values satisfy it
     * @param why  why values that do not, break it
     */
    public static Rule of(String name, Predicate<Values> ok, Function<Values, String> why) {
        return new Rule(name, Set.of(), false, (v, d) -> ok.test(v) ? null : why.apply(v));
    }

    /**
     * {@return a rule between knobs and the device}
     *
     * @param name short name
     * @param ok   whether the values satisfy it on the device
     * @param why  why values that do not, break it
     */
    public static Rule device(String name, BiPredicate<Values, DeviceInfo> ok, BiFunction<Values, DeviceInfo, String> why) {
        return new Rule(name, Set.of(), true, (v, d) -> ok.test(v, d) ? null : why.apply(v, d));
    }

    /**
     * {@return a rule whose check gives its reason at once (null when satisfied), for rules that gather several}
     *
     * @param name     short name
     * @param onDevice whether it needs the device
     * @param check    the reason, or null
     */
    public static Rule checking(String name, boolean onDevice, BiFunction<Values, DeviceInfo, String> check) {
        return new Rule(name, Set.of(), onDevice, check);
    }

    /** {@return this rule for these variants only} @param variants the variants */
    public Rule only(String... variants) {
        return new Rule(name, Set.of(variants), onDevice, check);
    }

    /** {@return whether it applies to {@code variant} (null: every variant's knobs are parsed, so every rule applies)} @param variant a variant */
    public boolean appliesTo(String variant) {
        return variants.isEmpty() || variant == null || variants.contains(variant);
    }

    /** {@return why {@code v} breaks it on {@code d}, or null} @param v the values @param d the device, null when unknown */
    public String violation(Values v, DeviceInfo d) {
        if (onDevice && d == null) return null;
        return check.apply(v, d);
    }
}
