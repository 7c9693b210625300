package dev.perfport.core.tune;

import java.util.Objects;

/**
 * What evaluating one configuration gave: a valid value of the objective, or the reason it is
 * invalid.
 *
 * @param status  {@link Status#OK} for a valid value
 * @param value   the objective's value (NaN when invalid)
 * @param message why it is invalid, or null
 */
public record Evaluation(Status status, double value, String message) {
    /**
     * Checks the parts: a valid evaluation has a finite value, an invalid one a message (its value
     * becomes NaN).
     */
    public Evaluation {
        Objects.requireNonNull(status);
        if (status == Status.OK && (Double.isNaN(value) || Double.isInfinite(value))) {
            throw new IllegalArgumentException("a valid evaluation needs a finite value, got " + value);
        }
        if (status != Status.OK) {
            value = Double.NaN;
            Objects.requireNonNull(message, "an invalid evaluation needs a reason");
        }
    }

    /**
     * {@return a valid evaluation}
     *
     * @param value the objective's value, finite
     */
    public static Evaluation ok(double value) {
        return new Evaluation(Status.OK, value, null);
    }

    /**
     * {@return an invalid evaluation}
     *
     * @param status  why, as a status other than {@link Status#OK}
     * @param message why, in words
     */
    public static Evaluation invalid(Status status, String message) {
        if (status == Status.OK) throw new IllegalArgumentException("invalid evaluation with status ok");
        return new Evaluation(status, Double.NaN, message);
    }

    /** {@return whether the configuration was valid and measured} */
    public boolean valid() {
        return status == Status.OK;
    }

    @Override
    public String toString() {
        return valid() ? Double.toString(value) : status.label() + ": " + message;
    }
}
