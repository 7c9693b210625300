package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.result.Timing;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reps: warm-ups untimed, the median (or the fastest) reported, the spread kept, reps=auto's stop. */
class RepsTest {

    private static Rep rep(long wall, long kernel) {
        return Rep.of(wall, kernel, -1, Map.of("launches", 1L));
    }

    /** Runs the loop a workload runs, with the given wall and kernel times in order. */
    private static Reps run(Measurement m, int reps, long[][] times) {
        return m.during(() -> {
            Reps r = Reps.of(reps);
            int i = 0;
            while (r.more()) {
                long[] t = times[Math.min(i++, times.length - 1)];
                r.add(rep(t[0], t[1]));
            }
            return r;
        });
    }

    @Test
    void theWarmUpRepetitionIsNotTimed() {
        // the first repetition paid for a route's compile at first launch (Aparapi: its wall, not its kernel time)
        Reps r = run(Measurement.DEFAULT, 3, new long[][]{{900_000_000, 76_000}, {1_000_000, 80_000}, {1_100_000, 76_000}, {1_050_000, 78_000}});
        assertEquals(3, r.timed());
        Timing t = r.timing();
        assertEquals(1, t.warmup());
        assertEquals(1_100_000, t.wall().max(), "the warm-up's 900 ms is in no timed repetition");
        assertEquals(1_050_000, r.row().wallNanos());
        assertEquals(78_000, r.row().kernelNanos());
        assertEquals("reps=3", t.stop());
    }

    @Test
    void anInjectedSlowRepetitionMovesTheMaximumButNotTheMedian() {
        long[][] steady = {{0, 0}, {1000, 100}, {1010, 101}, {990, 99}, {1005, 100}, {995, 100}};
        long[][] oneSlow = {{0, 0}, {1000, 100}, {50_000, 5_000}, {990, 99}, {1005, 100}, {995, 100}};
        Reps a = run(Measurement.DEFAULT, 5, steady), b = run(Measurement.DEFAULT, 5, oneSlow);
        assertEquals(a.timing().kernel().median(), b.timing().kernel().median());
        assertEquals(a.timing().wall().median(), b.timing().wall().median());
        assertEquals(5_000, b.timing().kernel().max());
        assertEquals(101, a.timing().kernel().max());
        assertEquals(a.row().kernelNanos(), b.row().kernelNanos(), "the rates come from the median");
    }

    @Test
    void statBestReportsTheFastestRepetitionAndSaysSo() {
        Reps r = run(new Measurement(1, Timing.BEST, false), 3, new long[][]{{0, 0}, {1000, 120}, {900, 90}, {1100, 110}});
        assertEquals(90, r.row().kernelNanos());
        assertEquals(900, r.row().wallNanos());
        assertEquals(Timing.BEST, r.timing().stat());
        assertEquals(110, r.timing().kernel().median());
    }

    @Test
    void moreWarmUpsAreDroppedToo() {
        Reps r = run(new Measurement(3, Timing.MEDIAN, false), 2, new long[][]{{9, 9}, {8, 8}, {7, 7}, {2, 1}, {2, 1}});
        assertEquals(2, r.timed());
        assertEquals(3, r.timing().warmup());
        assertEquals(1, r.timing().kernel().max());
    }

    @Test
    void autoStopsAtItsMinimumOnAStableCase() {
        Reps r = run(new Measurement(1, Timing.MEDIAN, true), Measurement.AUTO_MAX, new long[][]{{1000, 500}});
        assertEquals(Measurement.AUTO_MIN, r.timed());
        assertTrue(r.timing().stop().startsWith("ci 0.0%"), r.timing().stop());
    }

    @Test
    void autoStopsAtItsMaximumWhenTheMedianNeverSettles() {
        // alternating 1 and 2 us: the median's interval spans both for ever
        long[][] times = new long[Measurement.AUTO_MAX + 2][];
        for (int i = 0; i < times.length; i++) times[i] = new long[]{2000, i % 2 == 0 ? 1000 : 2000};
        Reps r = run(new Measurement(1, Timing.MEDIAN, true), Measurement.AUTO_MAX, times);
        assertEquals(Measurement.AUTO_MAX, r.timed());
        assertEquals("max " + Measurement.AUTO_MAX, r.timing().stop());
    }

    @Test
    void autoStopsAtItsTimeCap() {
        long[][] times = new long[50][];
        for (int i = 0; i < times.length; i++) times[i] = new long[]{4_000_000_000L, i % 2 == 0 ? 1000 : 2000};
        Reps r = run(new Measurement(1, Timing.MEDIAN, true), Measurement.AUTO_MAX, times);
        assertTrue(r.timed() >= Measurement.AUTO_MIN && r.timed() < 10, "stopped after 10 s of timed wall: " + r.timed());
        assertTrue(r.timing().stop().startsWith("cap 10 s"), r.timing().stop());
    }

    @Test
    void aHostProgramThatStopsInItsWarmUpReportsIt() {
        Reps r = Measurement.DEFAULT.during(() -> {
            Reps x = Reps.of(3);
            x.more();
            x.add(rep(700, 70));
            return x;   // a wrong result ended the loop
        });
        assertEquals(700, r.row().wallNanos());
        assertEquals("stopped in warm-up", r.timing().stop());
        assertNull(r.timing().kernel());
    }

    @Test
    void measurementParametersAreCheckedAndShown() {
        ConfigException zero = assertThrows(ConfigException.class, () -> Measurement.of(Params.of("warmup", "0")));
        assertTrue(zero.getMessage().startsWith("warmup must be 1..100"), zero.getMessage());
        ConfigException stat = assertThrows(ConfigException.class, () -> Measurement.of(Params.of("stat", "mean")));
        assertEquals("stat must be median or best, got 'mean'", stat.getMessage());
        Measurement m = Measurement.of(Params.of("n", "7", "reps", "auto", "warmup", "2", "stat", "best"));
        assertEquals(new Measurement(2, Timing.BEST, true), m);
        Params seen = m.strip(Params.of("n", "7", "reps", "auto", "warmup", "2", "stat", "best"));
        assertEquals(Map.of("n", "7", "reps", Integer.toString(Measurement.AUTO_MAX)), seen.asMap());
        assertEquals(Map.of("n", "7", "reps", "auto", "warmup", "2", "stat", "best"), m.show(seen.asMap()));
        assertFalse(Measurement.DEFAULT.show(Map.of("reps", "3")).containsKey("warmup"), "defaults are not shown");
    }
}
