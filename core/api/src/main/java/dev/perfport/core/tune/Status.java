package dev.perfport.core.tune;

import java.util.Locale;

/** Whether an evaluated configuration was valid, and if not, why. */
public enum Status {
    /** Ran and produced a verified result; its value counts. */
    OK,
    /**
     * Refused before running because a rule on the knobs, the fixed parameters or the device's limits
     * does not hold (e.g. local memory): a {@link Constraint} of the space, or a check the workload
     * makes at execute time that its space did not declare. Not an evaluation.
     */
    CONSTRAINT,
    /**
     * Refused by the backend before building: its route cannot express the point (an
     * {@code UnsupportedFeatureException}). Not an evaluation.
     */
    ROUTE_REFUSED,
    /** The kernel did not build (or, in a Java dialect, could not be instantiated). */
    COMPILE_ERROR,
    /** The launch was refused by the device or failed while running (a launch failure). */
    RUNTIME_ERROR,
    /** It ran, but the result did not verify against the reference. */
    WRONG_RESULT;

    /** {@return whether a configuration of this status was refused before it ran, so that budgets do not count it} */
    public boolean refusedBeforeRunning() {
        return this == CONSTRAINT || this == ROUTE_REFUSED;
    }

    /** {@return {@code compile-error} etc., as written in the cache and in output} */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * {@return the status with this label}
     *
     * @param s a label, e.g. {@code compile-error}
     * @throws IllegalArgumentException for an unknown label
     */
    public static Status ofLabel(String s) {
        for (Status x : values()) if (x.label().equals(s)) return x;
        throw new IllegalArgumentException("unknown tuning status '" + s + "'");
    }
}
