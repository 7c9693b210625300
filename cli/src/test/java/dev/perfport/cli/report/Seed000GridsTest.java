package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.Point;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The partial models of Figs. 7-10 recover the constants of times made from them. */
class Seed000GridsTest {

    private static Point point(int simbs, int vwidth, int wgsize, double seconds) {
        Map<String, String> p = Map.of("simbs", Integer.toString(simbs), "vwidth", Integer.toString(vwidth), "wgsize", Integer.toString(wgsize));
        return new Point("singlebuffer", wgsize, p, seconds, 1 / seconds, null);
    }

    @Test
    void eq6FindsTheVectorUnitAndTheSequentialFraction() {
        List<Point> pts = new ArrayList<>();
        for (int sb : Seed000Grids.SIMBS) {
            for (int vw : Seed000Grids.VWIDTHS) {
                double speedup = 0.2 + 0.8 / Math.min(4, vw);
                pts.add(point(sb, vw, 1, 1e-3 + 2e-4 * sb * vw * speedup));
            }
        }
        String eq6 = Seed000Grids.eq6(pts);
        assertTrue(eq6.contains("vwidth_max = 4, r_seq = 0.20, t_calc = 0.000200 s, t_const = 0.00100 s, R² = 1.000"), eq6);
        String eq4 = Seed000Grids.eq4(pts);
        assertTrue(eq4.contains("t_calc = 0.000200 s, t_const = 0.00100 s, R² = 1.000"), eq4);
    }

    @Test
    void eq7FindsTheKneeOfOneGroup() {
        List<Point> pts = new ArrayList<>();
        for (int wg : Seed000Grids.WGSIZES) pts.add(point(1, 4, wg, 3e-4 * wg / Math.min(wg, 8)));
        pts.add(point(1, 1, 16, 1));   // another pair: not part of the fit
        String eq7 = Seed000Grids.eq7(pts, new int[]{1, 4});
        assertTrue(eq7.equals("n_PE = 8 (R² = 1.000)"), eq7);
        assertTrue(Seed000Grids.eq7(pts, new int[]{4, 4}).equals("too few points"));
    }
}
