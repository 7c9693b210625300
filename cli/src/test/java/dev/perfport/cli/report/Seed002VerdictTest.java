package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.StrategyRow;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** How report seed-002 counts the model's choices: cases per image, filter and chunk count; hits, ties within the spread, misses. */
class Seed002VerdictTest {
    private static StrategyRow row(int side, String strategy, int chunks, double measured, double predicted, double spread) {
        return new StrategyRow("d", side, 3, strategy, chunks, measured, predicted, 1, spread, false, true, null);
    }

    @Test
    void countsHitsTiesAndMisses() {
        List<StrategyRow> rows = List.of(
                // image 1: n=4 a hit (streams), n=16 a tie (hybrid predicted, 1% slower, spread 2%)
                row(1, "explicit", 1, 10, 10, 0), row(1, "mapped", 1, 10, 10, 0),
                row(1, "streams", 4, 6, 6, 1), row(1, "hybrid", 4, 7, 7, 1),
                row(1, "streams", 16, 5, 5.5, 2), row(1, "hybrid", 16, 5.05, 5.2, 0.5),
                // image 2: n=4 a miss (hybrid predicted, 20% slower than explicit)
                row(2, "explicit", 1, 5, 6, 1), row(2, "mapped", 1, 5.5, 6, 1),
                row(2, "streams", 4, 6.5, 5.8, 1), row(2, "hybrid", 4, 6, 5, 1));
        Seed002Verdict v = Seed002Verdict.of(rows);
        assertEquals(3, v.cases());
        assertEquals(1, v.hits());
        assertEquals(1, v.ties());
        assertEquals(10, v.runs());
        // |errors| sorted: 0, 0, 0, 0, 2.97, 9.09, 10, 10.77, 16.67, 20: the median is the mean of the 5th and 6th
        assertEquals((100 * 0.15 / 5.05 + 100 * 0.5 / 5.5) / 2, v.median(), 1e-9);
        assertEquals(20, v.worst(), 1e-9);
    }

    /** The model predicting the pick and the best within 2% cannot tell them apart: a tie, though the runs have no spread. */
    @Test
    void predictionsWithinTheModelsResolutionAreATie() {
        List<StrategyRow> rows = List.of(row(1, "explicit", 1, 20, 20, 0), row(1, "mapped", 1, 20, 20, 0),
                row(1, "streams", 8, 12.0, 12.10, 0), row(1, "hybrid", 8, 11.6, 12.11, 0));
        Seed002Verdict v = Seed002Verdict.of(rows);
        assertEquals(0, v.hits());
        assertEquals(1, v.ties());
        List<StrategyRow> apart = List.of(row(1, "explicit", 1, 20, 20, 0), row(1, "streams", 8, 12.0, 12.0, 0), row(1, "hybrid", 8, 11.6, 12.5, 0));
        assertEquals(0, Seed002Verdict.of(apart).ties(), "predicted 4% apart: the model chose, and missed");
    }

    @Test
    void failedOrUnpredictedRowsAreLeftOut() {
        StrategyRow failed = new StrategyRow("d", 1, 3, "streams", 4, 0, 0, 0, 0, false, false, "cannot");
        assertNull(Seed002Verdict.of(List.of(failed)));
    }
}
