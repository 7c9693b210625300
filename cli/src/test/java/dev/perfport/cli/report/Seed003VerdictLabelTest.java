package dev.perfport.cli.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** report seed-003 says FAIL only for a shape the CI test asserts; an informative one holds or differs. */
class Seed003VerdictLabelTest {

    private static Seed003Shapes.Verdict v(boolean pass, boolean applies, boolean tested) {
        return new Seed003Shapes.Verdict("scan.plus", "t", "m", "p", 1.2, tested ? 1.1 : Double.NaN, pass, pass, applies, tested);
    }

    @Test
    void informativeShapesAreNeverFail() {
        assertEquals("PASS", v(true, true, true).label());
        assertEquals("FAIL", v(false, true, true).label());
        assertEquals("holds", v(true, true, false).label());
        assertEquals("differs", v(false, true, false).label());
        assertEquals("not run", v(false, false, false).label());
        assertEquals("not run", v(false, false, true).label());
    }
}
