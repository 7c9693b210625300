package dev.perfport.workloads.gemm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The check of a large product (m·n·k above GemmProblem.FULL_CHECK_MAX): every element finite,
 * sampled rows and columns within the bound. A correct result passes; a NaN anywhere, a wrong
 * tile and a result without the beta·C term fail; the package-private paths that pick it are
 * used as Gemm uses them (the indirect path's zero-copy test too).
 */
class GemmSampledCheckTest {

    /** C = alpha·op(A)·op(B) + beta·C0 in double, rounded to the precision, in C's layout. */
    static double[] exact(GemmProblem p) {
        double[] c = new double[p.m() * p.n()];
        for (int i = 0; i < p.m(); i++) {
            for (int j = 0; j < p.n(); j++) {
                double s = 0;
                for (int kk = 0; kk < p.k(); kk++) s += p.a()[i * p.asi() + kk * p.ask()] * p.b()[kk * p.bsk() + j * p.bsj()];
                int ci = i * p.csi() + j * p.csj();
                c[ci] = p.precision().round(p.alpha() * s + p.beta() * p.c0()[ci]);
            }
        }
        return c;
    }

    @Test
    void largeProductIsCheckedBySamplesThatCatchWrongTilesAndUnwrittenElements() {
        GemmProblem p = GemmProblem.generate(700, 650, 600, Precision.FLOAT, false, false, true, 1.5, 0.5, 7);
        assertTrue((long) p.m() * p.n() * p.k() > GemmProblem.FULL_CHECK_MAX, "this case must take the sampled path");
        double[] c = exact(p);
        assertNull(p.check(c), "the rounded exact product verifies");

        double[] nan = c.clone();
        nan[12345] = Double.NaN;
        assertNotNull(p.check(nan), "one unwritten (NaN) element fails");

        // a whole 64x64 tile computed without one k-term: off by about |a||b|, far above the bound
        double[] tile = c.clone();
        for (int i = 256; i < 320; i++) {
            for (int j = 128; j < 192; j++) {
                int ci = i * p.csi() + j * p.csj();
                tile[ci] -= p.alpha() * p.a()[i * p.asi()] * p.b()[j * p.bsj()];
            }
        }
        String why = p.check(tile);
        assertNotNull(why, "a wrong 64x64 tile is seen by the sampled rows and columns");
        assertTrue(why.contains("sampled rows"), why);

        // beta·C0 left out everywhere
        double[] noBeta = c.clone();
        for (int e = 0; e < noBeta.length; e++) noBeta[e] -= p.beta() * p.c0()[e];
        assertNotNull(p.check(noBeta));
    }

    @Test
    void operandsArePackedOnlyInTheKernelsOwnLayoutAtTileMultiples() {
        GemmConfig cfg = new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1);
        // col-major, A as stored, B transposed: all three operands are the kernel's packed forms
        assertEquals("none", Gemm.copies(GemmProblem.generate(128, 64, 32, Precision.FLOAT, false, false, true, 1, 0, 1), cfg));
        // B as stored (k x n col-major) must be transposed; row-major needs every copy
        assertEquals("b", Gemm.copies(GemmProblem.generate(128, 64, 32, Precision.FLOAT, false, false, false, 1, 0, 1), cfg));
        assertEquals("a+b+c", Gemm.copies(GemmProblem.generate(128, 64, 32, Precision.FLOAT, true, false, true, 1, 0, 1), cfg));
        // not a tile multiple: padded copies
        assertEquals("a+c", Gemm.copies(GemmProblem.generate(100, 64, 32, Precision.FLOAT, false, false, true, 1, 0, 1), cfg));
    }
}
