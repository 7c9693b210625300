package dev.perfport.cli.commands;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Both progress displays on a captured stderr. */
class ProgressDisplayTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The plain format is what scripts, logs and the cluster tests read: one "label [###...] done/planned what" line per step. */
    @Test
    void plainPrintsOneLinePerStepAndKeepsNotesWhole() {
        ProgressDisplay d = ProgressDisplay.plain(err, "jocl:0 singlebuffer");
        d.step(0, 16, "exhaustive, about 16 evaluations");
        d.step(8, 16, "posbs=64 = 812.4 mpps");
        d.line("jocl:0 singlebuffer stage posbs: 64");
        d.step(16, 16, "posbs=128 = 900.0 mpps");
        d.close();
        String s = text();
        assertFalse(s.contains("\r"), "no carriage return: " + s);
        assertEquals(java.util.List.of(
                "jocl:0 singlebuffer [........................] 0/16 exhaustive, about 16 evaluations",
                "jocl:0 singlebuffer [############............] 8/16 posbs=64 = 812.4 mpps",
                "jocl:0 singlebuffer stage posbs: 64",
                "jocl:0 singlebuffer [########################] 16/16 posbs=128 = 900.0 mpps"), s.lines().toList());
        assertTrue(s.endsWith("\n"), "the last line is ended");
    }

    @Test
    void barCountsStepsAndLetsLinesThrough() {
        ProgressDisplay d = ProgressDisplay.bar(err, "compare reduction");
        for (int i = 1; i <= 12; i++) {
            d.step(i, 12, "cell-emulation:0 row " + i);
            if (i == 5) d.line("[5/12] cell-emulation:0 FAILED: a reason");
        }
        d.close();
        String s = text();
        // me.tongfei's bar: the task name, the count and the last step, redrawn with carriage returns
        assertTrue(s.contains("compare reduction") && s.contains("12/12"), s);
        assertTrue(s.contains("\r"), s);
        assertTrue(s.contains("[5/12] cell-emulation:0 FAILED: a reason\n"), s);
        assertTrue(s.endsWith("\n"), "the bar's line is ended: " + s);
        assertFalse(s.contains("Exception"), s);
    }

    @Test
    void aBarThatNeverStepsDrawsNothing() throws Exception {
        ProgressDisplay unused = ProgressDisplay.bar(err, "replaced before its first step");
        unused.line("a note");
        Thread.sleep(600);   // longer than the bar's redraw interval: no drawing thread was started
        unused.close();
        assertEquals("a note\n", text());
    }

    @Test
    void aGrowingPlanMovesTheBarsEnd() {
        ProgressDisplay d = ProgressDisplay.bar(err, "tune");
        d.step(3, 4, "a");
        d.step(5, 9, "b");
        d.close();
        assertTrue(text().contains("5/9"), text());
        assertEquals(-1, text().indexOf("5/4"), text());
    }
}
