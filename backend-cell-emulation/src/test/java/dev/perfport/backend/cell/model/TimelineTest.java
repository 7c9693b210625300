package dev.perfport.backend.cell.model;

import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.backend.cell.mfc.DmaOrder;
import dev.perfport.backend.cell.mfc.MfcTimer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The replay of several work-groups in flight on one SPE (seed 003 §2.3). */
class TimelineTest {
    static final DmaCosts DMA = new DmaCosts(20, 500, 8, 4, 5);

    /** {@code groups} groups: each fetches {@code lines} lines, waits, computes {@code compute}. Returns the end time. */
    static Timeline run(int slots, int groups, int lines, long compute) {
        Timeline t = new Timeline(new MfcTimer(DMA), slots, 50);
        for (int g = 0; g < groups; g++) {
            t.beginGroup();
            int c = t.issue(Timeline.COPY, DmaOrder.NONE, 16L * lines);
            t.await(c, true);
            t.compute(compute);
            t.endGroup();
        }
        t.finish();
        return t;
    }

    @Test
    void oneGroupInFlightPaysEveryTransfer() {
        Timeline t = run(1, 4, 8, 1000);
        assertEquals(4 * (20 + 500 + 128 + 1000), t.now());
        assertEquals(0, t.switches());
    }

    @Test
    void fourInFlightOverlapTransfersWithCompute() {
        Timeline t = run(4, 4, 8, 1000);
        // the four issues go out back to back, each group suspending at its wait (4 switches, 280
        // cycles in all); group 1 then waits for its data (20 + 500 + 128 = 648) and computes; the
        // others' data arrived meanwhile, so after each group ends the next computes at once
        assertTrue(t.now() < run(1, 4, 8, 1000).now(), "overlap must help: " + t.now());
        assertEquals(648 + 4 * 1000, t.now());
        assertEquals(4, t.switches());
    }

    @Test
    void theFirstGroupResumesWhenTheFourthStartsMemoryAccess() {
        // record which group computes in which order by giving each a distinct compute length
        Timeline t = new Timeline(new MfcTimer(DMA), 4, 0);
        long[] before = new long[6];
        for (int g = 0; g < 6; g++) {
            t.beginGroup();
            t.await(t.issue(Timeline.COPY, DmaOrder.NONE, 16), true);
            t.compute(1 + g);
            t.endGroup();
            before[g] = t.now();
        }
        t.finish();
        // until the fourth group's trace has been recorded nobody resumed: the replay only issued and suspended
        assertEquals(20, before[0]);
        assertEquals(40, before[1]);
        assertEquals(60, before[2]);
        assertTrue(before[3] >= 20 + 500 + 16 + 1, "after the fourth issued, group 1 resumed, waited and computed: " + before[3]);
    }

    @Test
    void blockingWaitsNeverSwitch() {
        Timeline t = new Timeline(new MfcTimer(DMA), 4, 50);
        for (int g = 0; g < 3; g++) {
            t.beginGroup();
            t.await(t.issue(Timeline.CACHE, DmaOrder.NONE, 16), false);
            t.endGroup();
        }
        t.finish();
        assertEquals(0, t.switches());
        assertEquals(3 * (20 + 500 + 16), t.now());
    }
}
