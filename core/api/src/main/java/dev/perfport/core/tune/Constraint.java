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
     * The name's prefix of a constraint that removes points equivalent to others (they would run,
     * and measure nothing another point does not), rather than points that cannot run.
     */
    public static final String REDUNDANT = "redundant: ";

    /**
     * {@return a constraint that removes points equivalent to others, named {@code redundant: name}}
     * (e.g. Kernel Tuner's convolution: padding that changes no bank conflict). A run of such a point
     * is not refused; the space only spares the tuner measuring it twice.
     *
     * @param name   short name
     * @param ok     whether a configuration is kept
     * @param reason why a configuration that is not kept duplicates another
     */
    public static Constraint redundant(String name, Predicate<Config> ok, Function<Config, String> reason) {
        return of(REDUNDANT + name, ok, reason);
    }

    /** {@return whether this constraint removes duplicates ({@link #redundant}) rather than points that cannot run} */
    public boolean prunesDuplicates() {
        return name.startsWith(REDUNDANT);
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
