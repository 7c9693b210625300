package dev.perfport.workloads.scan;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongBinaryOperator;

import static org.junit.jupiter.api.Assertions.*;

/** The block-scan tree and the Scan⁺ interleaving, simulated on the host against a straightforward scan. */
class ScanScheduleTest {
    static final LongBinaryOperator ADD = Long::sum;
    static final LongBinaryOperator MAX = Math::max;

    static long[] sequentialScan(long[] in, LongBinaryOperator op, long carry) {
        long[] out = new long[in.length];
        long acc = carry;
        for (int i = 0; i < in.length; i++) {
            out[i] = acc;
            acc = op.applyAsLong(acc, in[i]);
        }
        return out;
    }

    static long[] random(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        long[] a = new long[n];
        for (int i = 0; i < n; i++) a[i] = r.nextInt(-1000, 1001);
        return a;
    }

    @Test
    void treeIndexingOfABlockOfEight() {
        assertEquals(3, ScanSchedule.levels(8));
        assertEquals(4, ScanSchedule.pairs(8, 0));
        assertEquals(1, ScanSchedule.pairs(8, 2));
        // level 0 pairs (0,1) (2,3) ...; level 1 pairs (1,3) (5,7); the root pair (3,7)
        assertEquals(0, ScanSchedule.left(0, 0));
        assertEquals(1, ScanSchedule.right(0, 0));
        assertEquals(5, ScanSchedule.left(1, 1));
        assertEquals(7, ScanSchedule.right(1, 1));
        assertEquals(3, ScanSchedule.left(2, 0));
        assertEquals(7, ScanSchedule.right(2, 0));
        assertThrows(IllegalArgumentException.class, () -> ScanSchedule.levels(12));
        assertThrows(IllegalArgumentException.class, () -> ScanSchedule.levels(1));
    }

    @Test
    void oneBlockUpAndDownSweepIsAnExclusiveScan() {
        for (int m : new int[]{2, 4, 64, 512}) {
            long[] x = random(m, m);
            long[] expected = sequentialScan(x, ADD, 0);
            int levels = ScanSchedule.levels(m);
            for (int d = 0; d < levels; d++) {
                for (int j = 0; j < ScanSchedule.pairs(m, d); j++) x[ScanSchedule.right(d, j)] += x[ScanSchedule.left(d, j)];
            }
            long total = x[m - 1];
            x[m - 1] = 0;
            for (int d = levels - 1; d >= 0; d--) {
                for (int j = 0; j < ScanSchedule.pairs(m, d); j++) {
                    int l = ScanSchedule.left(d, j), r = ScanSchedule.right(d, j);
                    long t = x[l];
                    x[l] = x[r];
                    x[r] += t;
                }
            }
            assertArrayEquals(expected, x, "m=" + m);
            assertEquals(expected[m - 1] + random(m, m)[m - 1], total);
        }
    }

    @Test
    void scanPlusEqualsASequentialScanForManySizesAndBothOperators() {
        for (int wg : new int[]{1, 2, 4, 32, 256}) {
            int m = 2 * wg;
            for (int n : new int[]{1, 2, m - 1, m, m + 1, 3 * m, 5 * m + 7, 10_007}) {
                long[] in = random(n, 31L * n + wg);
                for (LongBinaryOperator op : new LongBinaryOperator[]{ADD, MAX}) {
                    long identity = op == ADD ? 0 : Long.MIN_VALUE;
                    long carryIn = op == ADD ? 17 : -5000;   // a static group's carry from earlier tasks
                    ScanSchedule.Simulation sim = ScanSchedule.simulate(in, wg, op, identity, carryIn);
                    String what = "wg=" + wg + " n=" + n + " op=" + (op == ADD ? "add" : "max");
                    assertArrayEquals(sequentialScan(in, op, carryIn), sim.out(), what);
                    long total = carryIn;
                    for (long v : in) total = op.applyAsLong(total, v);
                    assertEquals(total, sim.carry(), what + ": carry out");
                }
            }
        }
    }

    @Test
    void eachStepHasAtMostOneOpOfEachSweepPerItemAndOneItemDoesBothAtTheEnds() {
        for (int wg : new int[]{2, 4, 8, 64, 256}) {
            int m = 2 * wg, levels = ScanSchedule.levels(m);
            for (int s = 0; s < levels; s++) {
                Set<Integer> ups = new HashSet<>(), downs = new HashSet<>();
                int both = 0;
                for (int lid = 0; lid < wg; lid++) {
                    int u = ScanSchedule.upPair(m, s, lid), d = ScanSchedule.downPair(m, s, lid, wg);
                    if (u >= 0) assertTrue(ups.add(u), "up pair " + u + " given twice at step " + s);
                    if (d >= 0) assertTrue(downs.add(d), "down pair " + d + " given twice at step " + s);
                    if (u >= 0 && d >= 0) both++;
                }
                // every pair of both levels is done, by distinct work-items
                assertEquals(ScanSchedule.pairs(m, s), ups.size());
                assertEquals(ScanSchedule.pairs(m, levels - 1 - s), downs.size());
                boolean end = s == 0 || s == levels - 1;
                assertEquals(end ? 1 : 0, both, "wg=" + wg + " step " + s + ": work-items doing both ops");
            }
            // the first step: work-item wg-1 does the last leaf pair of the up-sweep and the root of the down-sweep
            assertEquals(wg - 1, ScanSchedule.upPair(m, 0, wg - 1));
            assertEquals(0, ScanSchedule.downPair(m, 0, wg - 1, wg));
        }
    }

    @Test
    void scanPlusTakesAboutHalfTheBarrierPhasesOfV1() {
        int wg = 256, m = 512, levels = 9;
        for (int tasks : new int[]{1, 2, 10, 100}) {
            ScanSchedule.Simulation sim = ScanSchedule.simulate(random(tasks * m, tasks), wg, ADD, 0, 0);
            assertEquals(tasks * (levels + 1) + levels + 2, sim.phases(), tasks + " tasks");
            assertEquals(tasks * (2 * levels + 2) + 1, ScanSchedule.v1Phases(tasks, m));
            if (tasks > 1) assertTrue(sim.phases() < ScanSchedule.v1Phases(tasks, m));
            // interleaved tasks have two double-duty steps each (first and last), by one work-item
            assertEquals(2 * (tasks - 1), sim.doubleDutySteps());
            assertTrue(sim.maxOpsPerStep() <= wg + 1, "at most wg + 1 ops per step");
            if (tasks > 1) assertEquals(1, sim.maxDoubleDutyItemsPerStep());
        }
    }
}
