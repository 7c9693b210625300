package dev.perfport.core.tune;

import java.util.Objects;

/**
 * What the tuner optimises: a named metric and a direction, e.g. {@code mpps} to maximise or a
 * time to minimise.
 *
 * @param metric    name shown in output, e.g. {@code mpps}
 * @param direction maximise or minimise
 */
public record Objective(String metric, Direction direction) {

    /** Which way is better. */
    public enum Direction {
        /** Smaller is better (a time). */
        MINIMIZE,
        /** Larger is better (a throughput). */
        MAXIMIZE
    }

    /** Checks that metric and direction are given. */
    public Objective {
        Objects.requireNonNull(metric);
        Objects.requireNonNull(direction);
    }

    /**
     * {@return an objective to maximise}
     *
     * @param metric the metric's name
     */
    public static Objective maximize(String metric) {
        return new Objective(metric, Direction.MAXIMIZE);
    }

    /**
     * {@return an objective to minimise}
     *
     * @param metric the metric's name
     */
    public static Objective minimize(String metric) {
        return new Objective(metric, Direction.MINIMIZE);
    }

    /**
     * {@return whether {@code a} is strictly better than {@code b}}
     *
     * @param a a value
     * @param b another value
     */
    public boolean better(double a, double b) {
        return direction == Direction.MAXIMIZE ? a > b : a < b;
    }

    /**
     * {@return whether {@code v} is at least {@code fraction} as good as {@code best}} That is
     * {@code v >= fraction·best} for a throughput, {@code v <= best/fraction} for a time (the 97 % rule
     * of seed 000 §3.3).
     *
     * @param v        a value
     * @param best     the best value
     * @param fraction in (0, 1]
     */
    public boolean within(double v, double best, double fraction) {
        if (!(fraction > 0 && fraction <= 1)) throw new IllegalArgumentException("fraction must be in (0, 1], got " + fraction);
        return direction == Direction.MAXIMIZE ? v >= fraction * best : v <= best / fraction;
    }

    /**
     * {@return how good {@code v} is relative to {@code best}, 1 at best: v/best for throughput, best/v for time}
     *
     * @param v    a value
     * @param best the best value
     */
    public double relative(double v, double best) {
        return direction == Direction.MAXIMIZE ? v / best : best / v;
    }
}
