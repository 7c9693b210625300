package dev.perfport.core.launch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NDRangeOverTest {

    @Test
    void roundsTheGlobalSizeUpToWholeGroupsOfTheDefaultLocalSize() {
        NDRange r = NDRange.over(100_003);
        assertEquals(1, r.dims());
        assertEquals(NDRange.DEFAULT_LOCAL, r.local(0));
        assertEquals(100_032, r.global(0));
        assertEquals(1563, r.groupCount());
        assertEquals(64, NDRange.over(64).global(0), "an exact multiple is not rounded");
        assertEquals(64, NDRange.over(1).global(0));
    }

    @Test
    void takesALocalSize() {
        NDRange r = NDRange.over(1000, 256);
        assertEquals(1024, r.global(0));
        assertEquals(256, r.local(0));
    }

    @Test
    void refusesEmptyRangesNamingTheValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> NDRange.over(0));
        assertTrue(e.getMessage().contains("n 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NDRange.over(10, 0));
    }
}
