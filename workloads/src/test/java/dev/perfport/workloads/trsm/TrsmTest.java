package dev.perfport.workloads.trsm;

import dev.perfport.workloads.gemm.Precision;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The host side of trsm: the input matrix and the residual check (the kernels run in the conformance kit). */
class TrsmTest {

    /** X = A^-1·alpha·B by forward substitution in double, rounded to the precision. */
    private static double[] solve(double[] a, double[] b, int m, int n, double alpha, Precision p) {
        double[] x = new double[m * n];
        for (int c = 0; c < n; c++) {
            for (int i = 0; i < m; i++) {
                double s = alpha * b[i + c * m];
                for (int k = 0; k < i; k++) s -= a[i + k * m] * x[k + c * m];
                x[i + c * m] = s / a[i + i * m];
            }
        }
        for (int i = 0; i < x.length; i++) x[i] = p.round(x[i]);
        return x;
    }

    @Test
    void theMatrixIsLowerTriangularDiagonallyDominantWithNanAbove() {
        int m = 40;
        double[] a = Trsm.matrixA(m, Precision.FLOAT, 7);
        for (int j = 0; j < m; j++) {
            double off = 0;
            for (int i = 0; i < m; i++) {
                if (i < j) assertTrue(Double.isNaN(a[i + j * m]), "upper triangle is NaN");
            }
            for (int k = 0; k < j; k++) off += Math.abs(a[j + k * m]);
            assertTrue(Math.abs(a[j + j * m]) > off, "row " + j + " is diagonally dominant");
        }
    }

    @Test
    void theResidualAcceptsASolutionAndRejectsOneWrongElement() {
        for (Precision p : Precision.values()) {
            int m = 37, n = 5, nb = 8;
            double[] a = Trsm.matrixA(m, p, 3);
            SplittableRandom r = new SplittableRandom(4);
            double[] b = new double[m * n];
            for (int i = 0; i < b.length; i++) b[i] = p.round(r.nextDouble(-1, 1));
            double[] x = solve(a, b, m, n, 1.5, p);
            assertNull(Trsm.check(a, b, x, m, n, 1.5, nb, p), p.label);
            // one element off by 0.05, about the size of the solution's elements (|b| / |a_ii| ~ 1/20):
            // a residual of about 1e-2 relative, far beyond 4·(m+nb)·u
            x[17 + 2 * m] += 0.05;
            String why = Trsm.check(a, b, x, m, n, 1.5, nb, p);
            assertNotNull(why, p.label);
            assertTrue(why.contains("relative residual"), why);
        }
    }
}
