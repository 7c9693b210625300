package dev.perfport.backend.cell.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mean-value queue of units at one lock line (COST_MODEL.md §6), checked at its exact limits. */
class LineQueueTest {

    @Test
    void unitsThatDoNothingButAtomicsAllWaitAndEachSuccessCostsOneTransferPerContender() {
        // K units with no work between atomics: each always finds the other K-1 waiting, so
        // D = S0 (1 + r (K-1)) and R = D K, exactly
        int k = 6;
        long[] counts = new long[k];
        long[] busy = new long[k];
        for (int u = 0; u < k; u++) {
            counts[u] = 1000;
            busy[u] = 1000 * 100;   // only the atomics' own charge
        }
        LineQueue q = LineQueue.solve(counts, busy, 500, 100, 1.0);
        double d = 500 * (1 + (k - 1));
        assertEquals(1000 * (d * k - 100), q.extra(0), 1e-3 * d * k * 1000);
        assertEquals(k * 1000 * d, q.occupancy(), 1e-3 * k * 1000 * d);
        assertEquals(k * 1000 * (k - 1.0), q.retries(), 1e-2 * k * 1000);
    }

    @Test
    void withoutRetriesASaturatedLineIsPlainSerialisation() {
        long[] counts = {1000, 1000, 1000};
        long[] busy = {100_000, 100_000, 100_000};
        LineQueue q = LineQueue.solve(counts, busy, 500, 100, 0);
        assertEquals(3 * 1000 * 500, q.occupancy(), 1);
        assertEquals(1000 * (3 * 500 - 100), q.extra(1), 2);
        assertEquals(0, q.retries());
    }

    @Test
    void rareAtomicsBarelyQueue() {
        // a million cycles of work between atomics: the queue adds almost nothing to S0
        long[] counts = {10, 10, 0};
        long[] busy = {10_000_000, 10_000_000, 5};
        LineQueue q = LineQueue.solve(counts, busy, 350, 100, 1.0);
        assertEquals(10 * (350 - 100), q.extra(0), 10 * 250 * 0.01);
        assertEquals(0, q.extra(2), "a unit that never touched the line pays nothing");
        assertTrue(q.retries() < 0.01, "hardly any reservation lost: " + q.retries());
    }
}
