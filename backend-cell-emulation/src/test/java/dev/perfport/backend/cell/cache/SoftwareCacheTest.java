package dev.perfport.backend.cell.cache;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SoftwareCacheTest {

    @Test
    void sequentialIntsMissOncePerLine() {
        SoftwareCache c = SoftwareCache.ofCapacity(65536, 128, 4);
        assertEquals(128, c.sets());
        for (long i = 0; i < 4096; i++) c.access(4096 + 4 * i, false);   // 16 KiB: 128 lines
        assertEquals(128, c.misses());
        assertEquals(4096 - 128, c.hits());
        for (long i = 0; i < 4096; i++) c.access(4096 + 4 * i, false);   // again: all resident
        assertEquals(128, c.misses());
        assertEquals(2 * 4096 - 128, c.hits());
        assertEquals(0, c.writeBacks());
    }

    @Test
    void aLoopOverOneLineMoreThanTheCapacityMissesEveryTimeUnderLru() {
        SoftwareCache c = SoftwareCache.ofCapacity(4096, 128, 4);        // 32 lines
        for (int round = 0; round < 3; round++) {
            for (long line = 0; line < 33; line++) c.access(line * 128, false);
        }
        // a hashed index spreads 33 consecutive lines, but some set gets 5 > 4 ways; cycling through it evicts
        assertTrue(c.misses() > 33, "capacity and conflict misses after the first round: " + c.misses());
        SoftwareCache fits = SoftwareCache.ofCapacity(4096, 128, 4);
        for (int round = 0; round < 3; round++) {
            for (long line = 0; line < 16; line++) fits.access(line * 128, false);
        }
        assertEquals(16, fits.misses(), "half the capacity stays resident");
    }

    @Test
    void associativityDecidesHowManyLinesOfOneSetStay() {
        SoftwareCache c = SoftwareCache.ofCapacity(65536, 128, 4);
        List<Long> same = linesOfOneSet(c, 5);
        for (long l : same.subList(0, 4)) c.access(l * 128, false);
        for (long l : same.subList(0, 4)) c.access(l * 128, false);
        assertEquals(4, c.misses(), "four lines of one set fit four ways");
        c.access(same.get(4) * 128, false);                  // a fifth evicts the least recently used: the first
        assertEquals(5, c.misses());
        c.access(same.get(1) * 128, false);
        assertEquals(5, c.misses(), "the second is still there");
        c.access(same.get(0) * 128, false);
        assertEquals(6, c.misses(), "the first was evicted");
    }

    @Test
    void dirtyVictimsAreWrittenBackAndFlushWritesBackTheRest() {
        SoftwareCache c = new SoftwareCache(128, 1, 2);        // one set, two ways
        assertEquals(SoftwareCache.MISS, c.access(0, true));
        assertEquals(SoftwareCache.HIT, c.access(4, false));
        assertEquals(SoftwareCache.MISS, c.access(128, false));
        assertEquals(SoftwareCache.MISS_WRITE_BACK, c.access(256, false), "line 0 was written: evicting it writes it back");
        assertEquals(0, c.victim());
        assertEquals(SoftwareCache.MISS, c.access(384, true), "line 128 was clean");
        assertEquals(1, c.writeBacks());
        assertEquals(1, c.flush(), "line 384 is dirty");
        assertEquals(2, c.writeBacks());
        assertEquals(0, c.flush(), "flush leaves lines clean");
        c.invalidate();
        assertEquals(SoftwareCache.MISS, c.access(384, false), "invalidate drops lines");
    }

    @Test
    void noSetsMeansEveryAccessMisses() {
        SoftwareCache c = new SoftwareCache(128, 0, 4);
        assertEquals(0, c.capacity());
        assertEquals(SoftwareCache.MISS, c.access(0, false));
        assertEquals(SoftwareCache.MISS, c.access(4, true));
        assertEquals(2, c.misses());
        assertEquals(0, c.flush());
    }

    @Test
    void powerOfTwoStridesSpreadOverTheSets() {
        SoftwareCache c = SoftwareCache.ofCapacity(65536, 128, 4);
        // a column of a 2048 × 2048 float matrix: one line every 8 KiB
        java.util.Set<Integer> sets = new java.util.HashSet<>();
        for (long k = 0; k < 128; k++) sets.add(c.set(k * 64));
        assertTrue(sets.size() >= 64, "128 column lines use " + sets.size() + " sets");
    }

    @Test
    void geometryMustBeAPowerOfTwo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SoftwareCache.ofCapacity(3 * 512, 128, 4));
        assertTrue(e.getMessage().contains("power-of-two number of sets"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SoftwareCache(100, 4, 4));
    }

    private static List<Long> linesOfOneSet(SoftwareCache c, int n) {
        List<Long> out = new ArrayList<>();
        int target = c.set(12345);
        for (long l = 12345; out.size() < n; l++) if (c.set(l) == target) out.add(l);
        return out;
    }
}
