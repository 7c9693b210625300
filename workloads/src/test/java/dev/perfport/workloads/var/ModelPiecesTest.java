package dev.perfport.workloads.var;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Cholesky and the quantile convention. */
class ModelPiecesTest {

    @Test
    void choleskyReconstructsTheCovariance() {
        double[][] s = VarInput.builtin().covariance();
        double[][] l = Cholesky.factor(s);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double v = 0;
                for (int k = 0; k < 3; k++) v += l[i][k] * l[j][k];
                assertEquals(s[i][j], v, 1e-12 * Math.max(1, Math.abs(s[i][j])), "[" + i + "][" + j + "]");
                if (j > i) assertEquals(0, l[i][j], "lower triangular");
            }
        }
        assertEquals(40, l[0][0], 1e-12, "sd of the index");
    }

    @Test
    void choleskyAcceptsSemiDefiniteAndRefusesTheRest() {
        double[][] zero = new double[3][3];
        assertArrayEquals(new double[3], Cholesky.factor(zero)[2]);
        double[][] rankOne = {{4, 2, 0}, {2, 1, 0}, {0, 0, 9}};
        double[][] l = Cholesky.factor(rankOne);
        assertEquals(0, l[1][1], 1e-12);
        assertEquals(3, l[2][2], 1e-12);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cholesky.factor(new double[][]{{1, 2, 0}, {2, 1, 0}, {0, 0, 1}}));
        assertTrue(e.getMessage().contains("not positive semi-definite"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Cholesky.factor(new double[][]{{1, 0.5, 0}, {0.4, 1, 0}, {0, 0, 1}}));
        assertTrue(e.getMessage().contains("not symmetric") && e.getMessage().contains("[1][0]"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Cholesky.factor(new double[][]{{0, 1, 0}, {1, 1, 0}, {0, 0, 1}}));
        assertTrue(e.getMessage().contains("variance 0 is 0"), e.getMessage());
    }

    @Test
    void quantileIsTheCeilQnThSmallest() {
        assertEquals(10, Quantile.rank(0.01, 1000));   // 0.01*1000 is 10.000000000000002 in double
        assertEquals(2, Quantile.rank(0.015, 100));    // ceil(1.5)
        assertEquals(1, Quantile.rank(0.001, 10));     // at least the first
        assertEquals(2, Quantile.rank(0.5, 3));
        assertEquals(3, Quantile.rank(0.999999, 3));
        float[] v = {5, 1, 4, 2, 3};
        assertEquals(1, Quantile.of(0.1, v));
        assertEquals(2, Quantile.of(0.4, v));
        assertEquals(3, Quantile.of(0.41, v));
        assertArrayEquals(new float[]{5, 1, 4, 2, 3}, v, "input unchanged");
        assertThrows(IllegalArgumentException.class, () -> Quantile.rank(1.0, 5));
        assertThrows(IllegalArgumentException.class, () -> Quantile.rank(0.5, 0));
    }

    @Test
    void standardErrorUsesOrderStatisticsOneBinomialSdAway() {
        // n = 100, q = 0.5: k = 50, m = ceil(sqrt(25)) = 5: (x(55) - x(45))/2 with x(i) = i
        float[] sorted = new float[100];
        for (int i = 0; i < 100; i++) sorted[i] = i + 1;
        assertEquals(5.0, Quantile.standardError(0.5, sorted), 1e-12);
    }
}
