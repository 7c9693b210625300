package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Filters.AblationRow;
import dev.perfport.cli.report.Seed002Filters.FilterRow;
import dev.perfport.cli.report.Seed002Filters.RoofRow;
import dev.perfport.cli.report.Seed002Filters.Rung;
import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Report seed-002's filter study: its grid, the intensity of Eqs. 3.1-3.2, the look-up table's statistics and what the ablations say. */
class Seed002FiltersTest {
    private static Seed002FilterOptions parse(String... kv) {
        return Seed002Report.Options.parse(Params.of(kv)).filterStudy();
    }

    @Test
    void intensityFollowsEquations31And32() {
        // the thesis: Bw = Bh = 32, 3x3 gives 3.99 (3.986), and 766.36 GFLOP/s at the GTX680's 192.26 GB/s
        assertEquals(3.986, Seed002Filters.intensity(3, 3, 32, 32, 1, 1), 5e-4);
        assertEquals(766.4, Seed002Filters.intensity(3, 3, 32, 32, 1, 1) * 192.26, 0.1);
        // Eq. 3.2: Bw·T in place of Bw; 17x17, 32x32, T = 4: 2·289·128·32 / ((16+128)·(16+32)·4)
        assertEquals(2.0 * 289 * 128 * 32 / (144.0 * 48 * 4), Seed002Filters.intensity(17, 17, 32, 32, 4, 1), 1e-12);
        // a 1x1 filter reuses nothing: 2 FLOPs per 4 bytes loaded
        assertEquals(0.5, Seed002Filters.intensity(1, 1, 16, 16, 1, 1), 1e-12);
        assertEquals(0.25, Seed002Filters.NAIVE_INTENSITY);
    }

    @Test
    void theThesisGridIs441FilterSizesAndTheDefaultIsSmall() {
        Seed002FilterOptions thesis = parse("filterWidths", "thesis");
        assertEquals(441, thesis.filters().size());
        assertTrue(thesis.thesisGrid());
        assertEquals(Seed002Filters.THESIS_SIZES, Seed002FilterOptions.sizes("3..43:2", "w"));
        assertEquals("3..43 step 2 (widths) × 3..43 step 2 (heights), 441 filter sizes", thesis.gridText());
        Seed002FilterOptions small = parse();
        assertFalse(small.thesisGrid());
        assertEquals(9, small.filters().size());
        assertEquals(List.of(3, 7, 11), small.ablate(), "the ablations on the grid's square filters");
        assertEquals(List.of(128, 135), small.padSides());
        Seed002FilterOptions wide = parse("filterWidths", "3,5", "filterHeights", "2..8:2");
        assertEquals(8, wide.filters().size());
        assertArrayEquals(new int[]{5, 8}, wide.filters().getLast(), "width across, height down: the last is the widest of the tallest");
        assertEquals(List.of(), wide.ablate(), "no square filter in the grid");
    }

    @Test
    void badGridsAndUnknownParametersAreRefused() {
        assertThrows(ConfigException.class, () -> parse("filterWidths", "0,3"));
        assertThrows(ConfigException.class, () -> parse("filterWidths", "3,3"));
        assertThrows(ConfigException.class, () -> parse("filterSpace", "bw=16;pad=1"));
        assertThrows(ConfigException.class, () -> parse("filterUnroll", "yes"));
        assertThrows(ConfigException.class, () -> parse("filterDeadline", "-1"));
        ConfigException e = assertThrows(ConfigException.class, () -> parse("filterwidths", "3"));
        assertTrue(e.getMessage().contains("unknown parameter 'filterwidths'"), e.getMessage());
    }

    @Test
    void theBuildOrderSpreadsOverTheGrid() {
        List<Integer> order = Seed002FilterOptions.spread(441);
        assertEquals(441, new HashSet<>(order).size(), "every filter size once");
        // the first 21 builds fall into at least 15 of the grid's 21 rows of heights
        assertTrue(order.subList(0, 21).stream().map(k -> k / 21).distinct().count() >= 15, order.subList(0, 21).toString());
        assertEquals(List.of(0), Seed002FilterOptions.spread(1));
    }

    private static Rung rung(String v, int bw, int bh, int tx, double g) {
        return new Rung(v, bw, bh, tx, 1, 1, g, true, null, Seed002Filters.intensity(3, 3, bw, bh, tx, 1), 0);
    }

    private static FilterRow row(int fw, int fh, double naive, Rung tuned, Rung unrolled) {
        return new FilterRow(fw, fh, List.of(rung("naive", 32, 32, 1, naive), rung("tiled", 32, 32, 1, naive * 1.5),
                new Rung("tiled-x4", 32, 32, 4, 1, 1, 0, false, "local memory", 0, 0), rung("adaptive", 32, 32, 2, naive * 2), tuned, unrolled), 4, false);
    }

    private static FilterRow row(int fw, int fh, double naive, Rung entry) {
        return row(fw, fh, naive, rung("tuned", entry.bw(), entry.bh(), entry.tx(), entry.gflops() * 0.9), entry);
    }

    @Test
    void statisticsOfTheLookUpTable() {
        List<FilterRow> rows = List.of(
                row(3, 3, 100, rung("adapt+unroll", 16, 32, 4, 400)),
                row(5, 3, 100, rung("adapt+unroll", 16, 32, 2, 500)),
                row(3, 5, 100, rung("adapt+unroll", 32, 8, 8, 300)),
                row(5, 5, 100, rung("tuned", 16, 32, 4, 350), new Rung("adapt+unroll", 0, 0, 0, 0, 0, 0, false, Seed002Filters.SKIPPED, 0, 0)));
        List<List<String>> s = Seed002FiltersPage.statistics(rows);
        String text = s.toString();
        // the fourth entry is its tuned rung's (the build was skipped): 16x32, T = 4
        assertTrue(text.contains("16×32: 3 of 4 (75.0%)"), text);
        // Bw = 16 in 3 of 4; padding changes nothing where 16·T is a multiple of the 32 banks (T = 2, 4)
        assertTrue(text.contains("3 of 4 (75.0%); padding in effect in 0 of 4"), text);
        assertTrue(text.contains("5×3: 500.0 GFLOP/s, block 16×32, T = 2"), text);
        assertTrue(text.contains("100.0 → 200.0 → 400.0"), "3x3: naive, adaptive, adapt+unroll: " + text);
        assertTrue(text.contains("3.00× / 3.75× / 5.00×"), "best over naive: min, median, max: " + text);
        assertTrue(text.contains("3×3, 5×3, 3×5, 5×5"), "tiled-x4 did not run: " + text);
        assertEquals(Seed002FiltersPage.entry(rows.get(3)).variant(), "tuned");
    }

    private static AblationRow ab(String what, double ratio) {
        return new AblationRow(what, 9, 9, "32×32", 100, 100 * ratio, true, null);
    }

    @Test
    void theExplanationFollowsTheMeasurements() {
        List<FilterRow> rows = List.of(row(3, 3, 100, rung("adapt+unroll", 16, 32, 4, 400)));
        RoofRow roof = new RoofRow(1 << 26, 200.0, null, 10000.0, null);
        String cached = String.join("\n", Seed002FiltersPage.explain(rows, List.of(), List.of(ab(Seed002Filters.CACHE_OFF, 0.4),
                ab(Seed002Filters.NO_LOCAL, 0.25)), roof));
        assertTrue(cached.contains("The cache serves the naive kernel") && cached.contains("0.40×"), cached);
        assertTrue(cached.contains("gains 4.00×"), cached);
        // naive's bound at 0.25 FLOP/byte and 200 GB/s is 50 GFLOP/s: 100 is above it
        assertTrue(cached.contains("above it at 1 of 1"), cached);
        String none = String.join("\n", Seed002FiltersPage.explain(rows, List.of(), List.of(ab(Seed002Filters.CACHE_OFF, 1.0)), null));
        assertTrue(none.contains("No cache effect found") && none.contains("not found"), none);
        assertFalse(none.contains("Naive against its roofline"), "no roofline measured: " + none);
    }
}
