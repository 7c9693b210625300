package dev.perfport.backend.cell.spe;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The guided dispatcher: chunk sizes and the modelled-time order of grants. */
class GuidedTest {

    @Test
    void oneUnitGetsHalvingChunksThatCoverEverything() {
        Guided g = new Guided(100, 1, () -> false);
        List<Long> sizes = new ArrayList<>();
        long next = 0;
        long[] c;
        while ((c = g.take(0, 0)) != null) {
            assertEquals(next, c[0], "chunks are contiguous");
            sizes.add(c[1] - c[0]);
            next = c[1];
        }
        assertEquals(100, next);
        assertEquals(List.of(50L, 25L, 13L, 6L, 3L, 2L, 1L), sizes);
        assertEquals(sizes, g.chunkSizes());
    }

    @Test
    void theEarliestRequesterInModelledTimeIsServedFirst() {
        Guided g = new Guided(1000, 3, () -> false);
        // at time 0 everyone waits: the lowest index goes first
        assertTrue(g.earliest(0, 0));
        assertFalse(g.earliest(1, 0));
        long[] c0 = g.grant(0);
        assertEquals(167, c0[1] - c0[0], "⌈1000 / 6⌉");
        g.publish(0, 5000);                 // unit 0 ran its first group
        assertTrue(g.earliest(1, 0));
        g.grant(1);
        g.publish(1, 3000);
        assertTrue(g.earliest(2, 0));
        g.grant(2);
        g.publish(2, 4000);
        // unit 0 asks at 9000: unit 1 (at 3000) and 2 (at 4000) could still ask earlier
        assertFalse(g.earliest(0, 9000));
        g.publish(1, 9500);
        assertFalse(g.earliest(0, 9000), "unit 2 is still behind");
        g.leave(2);
        assertTrue(g.earliest(0, 9000), "a unit that left is not waited for");
    }

    @Test
    void theLastRequestHearsThatNothingIsLeft() {
        Guided g = new Guided(2, 2, () -> false);
        assertEquals(1, g.grant(0)[1] - 0);
        assertEquals(2, g.grant(1)[1]);
        assertNull(g.grant(0));
        assertTrue(g.earliest(1, Long.MAX_VALUE), "a done unit never holds others back");
    }

    @Test
    void aStoppedLaunchEndsTheWait() {
        Guided g = new Guided(10, 2, () -> true);
        g.grant(0);
        g.publish(0, 0);
        assertThrows(LaunchRun.Abort.class, () -> g.take(1, 100));
    }
}
