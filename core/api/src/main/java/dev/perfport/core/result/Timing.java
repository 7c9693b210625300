package dev.perfport.core.result;

import java.util.Objects;

/**
 * How a row was timed: untimed warm-up repetitions first (a route's compile at first launch, first-use
 * allocation and JIT fall there), then the timed ones, whose spread is kept for each time.
 *
 * @param warmup   untimed repetitions before the timed ones
 * @param wall     host wall time per timed repetition
 * @param kernel   kernel time per timed repetition, or null where the route does not know it
 * @param modelled modelled time per timed repetition (emulators), or null
 * @param stat     which repetition the row's times and rates come from: {@code median} or {@code best}
 * @param stop     why the timed repetitions stopped: {@code reps=N} as asked, or under {@code reps=auto}
 *                 {@code ci 1.4%} (the median's 95 % confidence interval was within bound), {@code cap 10 s}
 *                 or {@code max 200}
 */
public record Timing(int warmup, Spread wall, Spread kernel, Spread modelled, String stat, String stop) implements java.io.Serializable {

    /** The statistic rates come from by default. */
    public static final String MEDIAN = "median";
    /** The fastest repetition ({@code --stat best}). */
    public static final String BEST = "best";

    /** Checks that the statistic is known and the wall spread present. */
    public Timing {
        Objects.requireNonNull(wall, "wall");
        Objects.requireNonNull(stop, "stop");
        if (!MEDIAN.equals(stat) && !BEST.equals(stat)) throw new IllegalArgumentException("stat must be median or best, got " + stat);
        if (warmup < 0) throw new IllegalArgumentException("warmup must be >= 0, got " + warmup);
    }

    /** {@return the spread rates are compared on: kernel time where known, else wall time} */
    public Spread compared() {
        return kernel != null ? kernel : wall;
    }
}
