package dev.perfport.workloads;

import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A row's repetitions, as its host program runs them: the first {@link Measurement#warmup()} are
 * untimed (a route's compile at first launch, first-use allocation and JIT fall there), the others
 * are kept, and the row's times come from the median of each (or the fastest, under {@code stat=best}).
 *
 * <pre>{@code
 * Reps reps = Reps.of(st.reps());
 * while (reps.more()) {
 *     Rep rep = new Rep();
 *     ... launches ...
 *     reps.add(rep.stop());
 * }
 * Rep row = reps.row();   // its kernel time gives the rates
 * }</pre>
 */
public final class Reps {
    private final Measurement m;
    private final int asked;
    private final Comparator<Rep> order;
    private int warmed;
    private Rep lastWarm;
    private final List<Rep> timed = new ArrayList<>();
    private long timedWall;
    private String stop;

    private Reps(int asked, Comparator<Rep> order) {
        if (asked < 1) throw new IllegalArgumentException("reps must be >= 1, got " + asked);
        this.m = Measurement.current();
        this.asked = asked;
        this.order = order;
    }

    /**
     * Repetitions ranked by device time: modelled time on emulators, then kernel time, then wall time.
     *
     * @param reps timed repetitions asked for (the most, under {@code reps=auto})
     */
    public static Reps of(int reps) {
        return new Reps(reps, Comparator.comparingLong(Reps::modelledOrMax).thenComparingLong(Rep::kernelNanos)
                .thenComparingLong(Rep::wallNanos));
    }

    /**
     * Repetitions ranked by wall time, for rows that measure the host's time per launch.
     *
     * @param reps timed repetitions asked for
     */
    public static Reps byWall(int reps) {
        return new Reps(reps, Comparator.comparingLong(Rep::wallNanos).thenComparingLong(Rep::kernelNanos));
    }

    private static long modelledOrMax(Rep r) {
        return r.modelledNanos() >= 0 ? r.modelledNanos() : Long.MAX_VALUE;
    }

    /** {@return true while another repetition is to run: a warm-up, or a timed one} */
    public boolean more() {
        if (warmed < m.warmup()) return true;
        int n = timed.size();
        if (!m.auto()) {
            if (n < asked) return true;
            stop = Measurement.REPS + "=" + asked;
            return false;
        }
        if (n >= Math.min(asked, Measurement.AUTO_MAX)) {
            stop = "max " + n;
            return false;
        }
        if (n >= Measurement.AUTO_MIN) {
            double ci = ciPercent();
            if (ci <= Measurement.AUTO_CI_PERCENT) {
                stop = String.format(java.util.Locale.ROOT, "ci %.1f%%", ci);
                return false;
            }
            if (timedWall >= Measurement.AUTO_CAP_NANOS) {
                stop = String.format(java.util.Locale.ROOT, "cap %d s, ci %.1f%%", Measurement.AUTO_CAP_NANOS / 1_000_000_000L, ci);
                return false;
            }
        }
        return true;
    }

    /**
     * Records a finished repetition: a warm-up is dropped, a timed one kept.
     *
     * @param r the repetition, stopped
     * @return {@code r}
     */
    public Rep add(Rep r) {
        if (warmed < m.warmup()) {
            warmed++;
            lastWarm = r;
        } else {
            timed.add(r);
            timedWall += r.wallNanos();
        }
        return r;
    }

    /** {@return how many timed repetitions ran} */
    public int timed() {
        return timed.size();
    }

    /**
     * The half-width of a distribution-free 95 % confidence interval of the median (order statistics),
     * in percent of the median, of the time the rows are ranked by.
     */
    double ciPercent() {
        long[] v = ranked();
        int n = v.length;
        double z = 1.96 * Math.sqrt(n) / 2;
        int lo = Math.max(1, (int) Math.floor(n / 2.0 - z));
        int hi = Math.min(n, (int) Math.ceil(1 + n / 2.0 + z));
        long median = v[(n - 1) / 2];
        if (median <= 0) return 0;
        return 100.0 * (v[hi - 1] - v[lo - 1]) / 2.0 / median;
    }

    /**
     * {@return each timed repetition's device time in nanoseconds, in the order they ran: modelled where
     * the device models time, else kernel, else wall (empty when none was timed)}
     */
    public long[] times() {
        if (timed.isEmpty()) return new long[0];
        Rep first = timed.getFirst();
        long[] v = new long[timed.size()];
        for (int i = 0; i < v.length; i++) {
            Rep r = timed.get(i);
            v[i] = first.modelledNanos() >= 0 ? r.modelledNanos() : first.kernelNanos() > 0 ? r.kernelNanos() : r.wallNanos();
        }
        return v;
    }

    /** The times the repetitions are ranked by, sorted: modelled, kernel, else wall. */
    private long[] ranked() {
        long[] v = times();
        Arrays.sort(v);
        return v;
    }

    /**
     * {@return the repetition the row reports: the median of each time (counters of the median repetition),
     * or the fastest under {@code stat=best}} A host program that stopped in its warm-up (a wrong result)
     * reports its last warm-up.
     */
    public Rep row() {
        if (timed.isEmpty()) {
            if (lastWarm == null) throw new IllegalStateException("no repetition ran");
            return lastWarm;
        }
        List<Rep> sorted = new ArrayList<>(timed);
        sorted.sort(order);
        if (Timing.BEST.equals(m.stat())) return sorted.getFirst();
        Rep mid = sorted.get((sorted.size() - 1) / 2);
        Spread wall = wall(), kernel = spread(Rep::kernelNanos), modelled = modelled();
        return Rep.of(wall.median(), kernel.median(), modelled == null ? -1 : modelled.median(), mid.counters());
    }

    /** {@return how the row was timed} */
    public Timing timing() {
        if (timed.isEmpty()) {
            Spread w = Spread.of(row().wallNanos());
            return new Timing(warmed, w, null, null, m.stat(), "stopped in warm-up");
        }
        Spread kernel = spread(Rep::kernelNanos);
        return new Timing(warmed, wall(), kernel.max() > 0 ? kernel : null, modelled(), m.stat(),
                stop != null ? stop : Measurement.REPS + "=" + timed.size());
    }

    private Spread wall() {
        return spread(Rep::wallNanos);
    }

    private Spread modelled() {
        return timed.getFirst().modelledNanos() >= 0 ? spread(Rep::modelledNanos) : null;
    }

    private Spread spread(java.util.function.ToLongFunction<Rep> f) {
        return Spread.of(timed.stream().mapToLong(f).toArray());
    }
}
