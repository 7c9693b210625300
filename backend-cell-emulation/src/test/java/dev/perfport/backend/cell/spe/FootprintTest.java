package dev.perfport.backend.cell.spe;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FootprintTest {

    @Test
    void sumsEveryPartAndFitsUpToTheLastByte() {
        Footprint f = new Footprint(262144, 131072, 4, 16384, 0, 16384);
        assertEquals(65536, f.privateBytes());
        assertEquals(212992, f.total());
        assertTrue(f.fits());
        assertTrue(new Footprint(262144, 131072, 8, 16384, 0, 0).fits(), "exactly full fits");
        assertFalse(new Footprint(262144, 131072, 8, 16384, 1, 0).fits(), "one byte over does not");
        assertEquals("work-group does not fit the 262144 B local store of an SPE: 131072 B local + 131072 B private "
                + "(16384 work-items × 8 B) + 0 B static local + 16384 B reserved = 278528 B",
                new Footprint(262144, 131072, 8, 16384, 0, 16384).describe());
    }

    @Test
    void everyGroupInFlightCountsAndTheCacheTakesWhatIsLeft() {
        // seed 003 §2.5: ε with 64 × 64 work-items, two 16 KiB tiles and 4 B private each, 4 in flight
        Footprint eps = new Footprint(262144, 32768, 4, 4096, 0, 16384, 4);
        assertEquals(49152, eps.perGroup());
        assertEquals(4 * 49152 + 16384, eps.total());
        assertTrue(eps.fits());
        assertEquals(32768, eps.cacheBytes(65536, 128, 4), "48 KiB free: the largest power-of-two cache is 32 KiB");
        // δ with 128 × 128: one group in flight, 208 KiB, 48 KiB left
        Footprint delta = new Footprint(262144, 131072, 4, 16384, 0, 16384, 1);
        assertEquals(32768, delta.cacheBytes(65536, 128, 4));
        assertEquals(65536, new Footprint(262144, 0, 4, 16384, 0, 16384).cacheBytes(65536, 128, 4), "β gets the whole 64 KiB");
        assertEquals(0, new Footprint(262144, 131072, 8, 16384, 0, 0).cacheBytes(65536, 128, 4), "no room: uncached");
        Footprint eps128 = new Footprint(262144, 131072, 4, 16384, 0, 16384, 4);
        assertFalse(eps128.fits());
        assertEquals("4 work-groups in flight do not fit the 262144 B local store of an SPE: 4 work-groups in flight × "
                + "(131072 B local + 65536 B private (16384 work-items × 4 B)) + 0 B static local + 16384 B reserved = 802816 B",
                eps128.describe());
    }

    @Test
    void hugeRequestsSaturateInsteadOfWrappingIntoSmallNumbers() {
        Footprint f = new Footprint(262144, 0, Long.MAX_VALUE / 2, 16384, 0, 16384);
        assertEquals(Long.MAX_VALUE, f.privateBytes());
        assertEquals(Long.MAX_VALUE, f.total());
        assertFalse(f.fits());
        assertFalse(new Footprint(262144, Long.MAX_VALUE, 0, 1, Long.MAX_VALUE, 0).fits());
    }

    @Test
    void poisonPatternsAreRecognisableNaNs() {
        assertTrue(Float.isNaN(Poison.FLOAT));
        assertTrue(Double.isNaN(Poison.DOUBLE));
        assertEquals(Poison.FLOAT_BITS, Float.floatToRawIntBits(Poison.FLOAT));
        assertEquals(Poison.DOUBLE_BITS, Double.doubleToRawLongBits(Poison.DOUBLE));
        assertNotEquals(0, Poison.INT);
        float[] a = new float[3];
        Poison.fill(a);
        for (float x : a) assertEquals(Poison.FLOAT_BITS, Float.floatToRawIntBits(x));
    }
}
