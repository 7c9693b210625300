package dev.perfport.cli.format;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TableTest {

    @Test
    void padsColumnsAndRightAlignsNumbers() {
        String t = new Table("NAME", "MS").right(1).add("a", "1.5").add("longer", "12.25").render();
        assertEquals("""
                NAME       MS
                ------  -----
                a         1.5
                longer  12.25
                """, t);
    }

    @Test
    void cutsLongCellsAndFlattensLineBreaks() {
        String t = new Table("E").limit(0, 10).add("line one\nline two").render();
        assertTrue(t.contains("line on...") && !t.contains("two"), t);
    }

    @Test
    void wrapsAtWordsAndBreaksOverlongWords() {
        assertEquals("  aaa bbb\n  ccc\n", Table.wrap("aaa bbb ccc", 7, "  "));
        assertEquals("  abcde\n  fg\n", Table.wrap("abcdefg", 5, "  "));
    }

    @Test
    void refusesRowsOfTheWrongWidth() {
        assertThrows(IllegalArgumentException.class, () -> new Table("A", "B").add("x"));
    }
}
