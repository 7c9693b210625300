package dev.perfport.core.result;

import java.util.Arrays;

/**
 * How one time moved over a row's timed repetitions: the fastest, the median and the slowest, and
 * how many there were. A reader can then tell a real difference between two rows from noise.
 *
 * @param min    the fastest repetition, in nanoseconds
 * @param median the median repetition (the lower middle one of an even count, so that it is a time that was measured)
 * @param max    the slowest repetition
 * @param count  how many timed repetitions
 */
public record Spread(long min, long median, long max, int count) implements java.io.Serializable {

    /** Checks the order min &le; median &le; max and a positive count. */
    public Spread {
        if (count < 1) throw new IllegalArgumentException("a spread needs at least one repetition, got " + count);
        if (min > median || median > max) {
            throw new IllegalArgumentException("a spread needs min <= median <= max, got " + min + ", " + median + ", " + max);
        }
    }

    /**
     * {@return the spread of {@code values}}
     *
     * @param values one time per repetition, at least one
     */
    public static Spread of(long... values) {
        if (values.length == 0) throw new IllegalArgumentException("a spread needs at least one repetition");
        long[] v = values.clone();
        Arrays.sort(v);
        return new Spread(v[0], v[(v.length - 1) / 2], v[v.length - 1], v.length);
    }

    /**
     * {@return true when the two ranges [min, max] share a time: the difference between the rows is within their noise}
     *
     * @param other another row's spread of the same time
     */
    public boolean overlaps(Spread other) {
        return min <= other.max && other.min <= max;
    }

    /** {@return (max - min) / median, the relative width of the range, or 0 for a zero median} */
    public double relativeRange() {
        return median == 0 ? 0 : (max - min) / (double) median;
    }
}
