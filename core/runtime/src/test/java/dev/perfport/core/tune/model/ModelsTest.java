package dev.perfport.core.tune.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The fits recover known constants from synthetic data with R² ≈ 1, and fail loudly on bad input. */
class ModelsTest {

    @Test
    void eq3RecoversConstantAndLatency() {
        // the Cell constants of the thesis (Fig. 5): t_const = 0.00625 s, t_lat = 7.63e-7 s per transfer
        int npos = 1 << 17;
        double[] x = new double[12];
        double[] t = new double[12];
        for (int k = 0; k < 12; k++) {
            x[k] = npos / (double) (1 << k);
            t[k] = 0.00625 + 7.63e-7 * x[k];
        }
        Fit f = Models.latency(x, t);
        assertEquals(0.00625, f.constant("t_const"), 1e-12);
        assertEquals(7.63e-7, f.constant("t_lat"), 1e-15);
        assertEquals(1.0, f.r2(), 1e-12);
        assertEquals(t[3], f.predict(x[3]), 1e-12);
        assertTrue(f.describe().contains("R² = 1.0000"), f.describe());
    }

    @Test
    void eq3WithNoiseHasHighButImperfectR2() {
        double[] x = {1, 2, 4, 8, 16, 32, 64};
        double[] t = new double[x.length];
        for (int i = 0; i < x.length; i++) t[i] = (2 + 0.5 * x[i]) * (1 + (i % 2 == 0 ? 0.02 : -0.02));
        Fit f = Models.latency(x, t);
        assertTrue(f.r2() > 0.99 && f.r2() < 1, "R² " + f.r2());
        assertEquals(0.5, f.constant("t_lat"), 0.02);
    }

    @Test
    void eq5FindsVectorWidthLimitAndSequentialFraction() {
        double[] vw = {1, 2, 4, 8, 16};
        double t1 = 0.01, r = 0.12;
        int vmax = 8;
        double[] t = new double[vw.length];
        for (int i = 0; i < vw.length; i++) t[i] = t1 * vw[i] * (r + (1 - r) / Math.min(vmax, vw[i]));
        Fit f = Models.vectorisation(vw, t, new int[]{1, 2, 4, 8, 16});
        assertEquals(8, f.constant("vwidth_max"));
        assertEquals(r, f.constant("r_seq"), 1e-9);
        assertEquals(t1, f.constant("t1"), 1e-12);
        assertEquals(1.0, f.r2(), 1e-9);
    }

    @Test
    void eq5WithoutAnyVectorGainHasRSeqOne() {
        double[] vw = {1, 2, 4, 8, 16};
        double[] t = new double[vw.length];
        for (int i = 0; i < vw.length; i++) t[i] = 0.003 * vw[i];
        Fit f = Models.vectorisation(vw, t, new int[]{1, 2, 4, 8, 16});
        assertEquals(1.0, f.r2(), 1e-9);
        assertEquals(0.003, f.constant("t1"), 1e-12);
        // nothing vectorises: either vwidth_max = 1 or r_seq = 1 explains it; the smaller candidate is kept
        assertEquals(1, f.constant("vwidth_max"));
    }

    @Test
    void eq8FindsTheKnee() {
        double[] ng = {1, 2, 4, 8, 16, 32, 64};
        double[] t = new double[ng.length];
        for (int i = 0; i < ng.length; i++) t[i] = 0.02 * ng[i] / Math.min(ng[i], 6);
        Fit f = Models.computeUnits(ng, t);
        // 6 is not a power of two but the fit tries every integer up to 64; 5..7 all fit the points
        // between 4 and 8 only through the slope beyond, and 6 is exact
        assertEquals(6, f.constant("n_CU"));
        assertEquals(0.02, f.constant("t1"), 1e-12);
        assertEquals(1.0, f.r2(), 1e-12);
    }

    @Test
    void eq8WithRoundsSeesTheTailEffect() {
        // 6 units, groups in whole rounds: 7 groups take as long as 12
        double[] ng = {1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 24, 32};
        double[] t = new double[ng.length];
        for (int i = 0; i < ng.length; i++) t[i] = 0.02 * Math.ceil(ng[i] / 6);
        Fit rounds = Models.computeUnitRounds(ng, t);
        assertEquals(6, rounds.constant("n_CU"));
        assertEquals(1.0, rounds.r2(), 1e-12);
        assertEquals(0.04, rounds.predict(7), 1e-12);
        // the plain Eq. 8 cannot follow the staircase: a worse fit
        assertTrue(Models.computeUnits(ng, t).r2() < rounds.r2());
    }

    @Test
    void badInputIsRefusedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Models.latency(new double[]{1}, new double[]{1}));
        assertTrue(e.getMessage().contains("at least 2 points"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Models.latency(new double[]{1, 2}, new double[]{1}));
        assertTrue(e.getMessage().contains("2 x values but 1 times"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Models.computeUnits(new double[]{1, 2}, new double[]{1, -1}));
        assertTrue(e.getMessage().contains("not positive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Models.latency(new double[]{4, 4, 4}, new double[]{1, 2, 3}));
        assertTrue(e.getMessage().contains("linearly dependent"), e.getMessage());
    }
}
