package dev.perfport.workloads.var;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The model against cases with a known answer (seed 000 §8.6): a stock-only portfolio has an
 * analytic quantile, a bond-only portfolio in a market without risk is deterministic; and the
 * decomposition-invariant option gives every simulation the same normals whatever the layout.
 */
class VarModelTest {
    /** Φ⁻¹(0.01), checked below by integrating the density. */
    static final double Z01 = -2.3263478740408408;

    static VarInput input(String covariance, String portfolio) {
        return VarInput.parse("{\"today\": 0, \"market\": {\"stockIndex\": 110, \"foreignRate\": 0.04, \"exchangeRate\": 1.5},"
                + " \"meanChange\": {\"stockIndex\": 0, \"foreignRate\": 0.001, \"exchangeRate\": 0.01},"
                + " \"covariance\": " + covariance + ", \"portfolio\": " + portfolio + "}", "test");
    }

    @Test
    void inverseNormalConstantIsRight() {
        assertEquals(0.01, FloatMathTest.phi(Z01), 1e-7);
    }

    @Test
    void stockOnlyQuantileMatchesTheAnalyticOneWithinFourStandardErrors() {
        // Benninga-Wiener's single asset: value N(110, 30^2) per unit
        VarInput in = input("[[900, 0, 0], [0, 0, 0], [0, 0, 0]]",
                "{\"generate\": {\"pattern\": \"stock\", \"stockAmount\": [1, 3], \"bondAmount\": [1, 1], \"maturityDays\": [1, 1]}}");
        VarInput.Portfolio pf = in.portfolio(1000);
        double a = 0;
        for (float x : pf.amount()) a += x;
        int n = 1 << 16;
        VarModel.Layout lay = new VarModel.Layout(4, 4, 64, n / 1024);
        VarModel.Reference ref = VarModel.reference(in, pf, VarModel.normals(VarModel.Rng.PHILOX, 99, 0, lay, List.of()));
        double q = 0.01;
        double exact = a * (110 + 30 * Z01);
        double estimate = Quantile.of(q, ref.values());
        double density = Math.exp(-Z01 * Z01 / 2) / Math.sqrt(2 * Math.PI) / (a * 30);
        double se = Math.sqrt(q * (1 - q) / n) / density;
        assertEquals(exact, estimate, 4 * se, "quantile vs A(mu + sigma z_q)");
        // the order-statistic standard error estimate agrees with the analytic one within a factor 1.5
        float[] sorted = new float[n];
        for (int i = 0; i < n; i++) sorted[i] = (float) ref.values()[i];
        Arrays.sort(sorted);
        double seHat = Quantile.standardError(q, sorted);
        assertTrue(seHat > se / 1.5 && seHat < se * 1.5, "SE estimate " + seHat + " vs analytic " + se);
        assertEquals(a * 110, ref.v0(), 1e-9);
    }

    @Test
    void bondOnlyWithoutRiskIsDeterministic() {
        VarInput in = input("[[0, 0, 0], [0, 0, 0], [0, 0, 0]]",
                "{\"generate\": {\"pattern\": \"bond\", \"stockAmount\": [1, 1], \"bondAmount\": [100, 200], \"maturityDays\": [10, 400]}}");
        VarInput.Portfolio pf = in.portfolio(777);
        double expected = 0;
        for (int i = 0; i < pf.size(); i++) {
            expected += pf.amount()[i] * (1.5 + 0.01) * Math.exp(-(0.04 + 0.001) * pf.dayOfMaturity()[i] / 365.25);
        }
        VarModel.Reference ref = VarModel.reference(in, pf, VarModel.normals(VarModel.Rng.MT, 5, 0,
                new VarModel.Layout(2, 2, 4, 2), Mt607Creator.withFile(null).params(8)));
        for (double v : ref.values()) assertEquals(expected, v, 1e-9 * expected);
    }

    @Test
    void philoxNormalsDependOnTheSimulationIndexOnly() {
        float[] a = VarModel.normals(VarModel.Rng.PHILOX, 42, 0, new VarModel.Layout(1, 1, 64, 16), List.of());
        float[] b = VarModel.normals(VarModel.Rng.PHILOX, 42, 0, new VarModel.Layout(4, 16, 1, 16), List.of());
        float[] c = VarModel.normals(VarModel.Rng.PHILOX, 43, 0, new VarModel.Layout(4, 16, 1, 16), List.of());
        assertArrayEquals(a, b);
        assertFalse(Arrays.equals(a, c));
        // MT: one stream per work-item, so the decomposition changes which numbers a simulation gets
        List<Mt607.Params> s = Mt607Creator.withFile(null).params(32);
        float[] m1 = VarModel.normals(VarModel.Rng.MT, 42, 0, new VarModel.Layout(4, 4, 4, 4), s);
        float[] m2 = VarModel.normals(VarModel.Rng.MT, 42, 0, new VarModel.Layout(2, 4, 8, 4), s);
        assertEquals(m1.length, m2.length);
        assertFalse(Arrays.equals(m1, m2));
        // MT work-item g draws its first normal first: simulation g*k's z0 is stream g's first Box-Muller cosine
        float[] p = new float[2];
        Mt607 g5 = new Mt607(s.get(5), 42);
        FloatMath.boxMuller(FloatMath.uniform(g5.next()), FloatMath.uniform(g5.next()), p);
        assertEquals(p[0], m2[3 * 5 * 8]);
        assertEquals(p[1], m2[3 * 5 * 8 + 1]);
    }
}
