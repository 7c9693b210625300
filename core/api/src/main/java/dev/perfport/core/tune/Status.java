package dev.perfport.core.tune;

import java.util.Locale;

/** Whether an evaluated configuration was valid, and if not, why. */
public enum Status {
    /** Ran and produced a verified result; its value counts. */
    OK,
    /**
     * Refused before running: a {@link Constraint} does not hold (e.g. local memory), or the backend
     * refused the point before building it (its route cannot express it). Not an evaluation.
     */
    CONSTRAINT,
    /** The kernel did not build (or, in a Java dialect, could not be instantiated). */
    COMPILE_ERROR,
    /** The launch was refused by the device or failed while running. */
    RUNTIME_ERROR,
    /** It ran, but the result did not verify against the reference. */
    WRONG_RESULT;

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
