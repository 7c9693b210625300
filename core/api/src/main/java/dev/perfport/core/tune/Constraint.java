package dev.perfport.core.tune;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A rule every evaluated configuration must satisfy, checked before the evaluator runs (for
 * example: the local buffers fit the device's local memory; the work-group does not exceed the
 * device maximum). A constraint may consult anything it captured, such as the device.
 *
 * @param name  short name, e.g. {@code local memory}
 * @param check the reason the configuration violates the rule (naming the limit), or null when it is satisfied
 */
public record Constraint(String name, Function<Config, String> check) {
    /** Checks that name and check are given. */
    public Constraint {
        Objects.requireNonNull(name);
        Objects.requireNonNull(check);
    }

    /**
     * {@return a constraint from a predicate and a reason for configurations that fail it}
     *
     * @param name   short name
     * @param ok     whether a configuration satisfies the rule
     * @param reason why a configuration that fails it does (naming the limit)
     */
    public static Constraint of(String name, Predicate<Config> ok, Function<Config, String> reason) {
        return new Constraint(name, c -> ok.test(c) ? null : reason.apply(c));
    }

    /**
     * {@return why {@code c} violates the rule, or empty when it satisfies it}
     *
     * @param c a configuration
     */
    public Optional<String> violation(Config c) {
        return Optional.ofNullable(check.apply(c));
    }
}
