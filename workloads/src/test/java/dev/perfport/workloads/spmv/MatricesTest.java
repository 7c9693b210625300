package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatricesTest {

    @Test
    void stencilsHaveTheLaplaciansRowSums() {
        Csr a = Matrices.load("stencil2d:5x4", 1);
        assertEquals(20, a.rows());
        assertEquals(20 * 5 - 2 * (5 + 4), a.nnz());
        double[] y = a.multiplyDouble(ones(20));
        assertEquals(2.0, y[0]);    // a corner has two neighbours
        assertEquals(0.0, y[6]);    // an interior point
        Csr b = Matrices.load("stencil3d:27", 1);
        assertEquals(27, b.rows());
        assertEquals(6, b.maxRowLength() - 1);
        assertEquals(Matrices.load("stencil2d:16", 1).nnz(), Matrices.load("stencil2d:4x4", 1).nnz());
    }

    @Test
    void generatorsAreSeededAndSorted() {
        for (String spec : new String[]{"banded:200:3", "random:300:0.05", "powerlaw:500:8"}) {
            Csr a = Matrices.load(spec, 7), b = Matrices.load(spec, 7), c = Matrices.load(spec, 8);
            assertArrayEquals(a.col(), b.col(), spec);
            assertArrayEquals(a.val(), b.val(), spec);
            assertTrue(!Arrays.equals(a.val(), c.val()), spec + ": another seed, other values");
            for (int r = 0; r < a.rows(); r++) {
                for (int i = a.rowPtr()[r] + 1; i < a.rowPtr()[r + 1]; i++) assertTrue(a.col()[i] > a.col()[i - 1], spec + " row " + r);
            }
        }
        Csr r = Matrices.load("random:2000:0.01", 3);
        assertEquals(40000, r.nnz(), 1500);   // 2000^2 * 1%
        Csr p = Matrices.load("powerlaw:20000:8", 3);
        assertEquals(8.0, p.nnz() / 20000.0, 1.5);
        assertTrue(p.maxRowLength() > 100, "a heavy tail: longest row " + p.maxRowLength());
    }

    @Test
    void badSpecsAreOneLineErrors() {
        assertTrue(msg("stencil2d:10").contains("10 rows is not a square"));
        assertTrue(msg("banded:10").contains("needs 2 argument(s)"));
        assertTrue(msg("random:10:2").contains("density 2 must be in (0, 1]"));
        assertTrue(msg("nonsense:3").contains("neither a .mtx file nor a generator"));
        assertTrue(msg("stencil3d:100000x100000x100000").contains("too many rows"));
        assertTrue(msg("banded:2^22:1000").contains("at most " + Matrices.MAX_NNZ));
    }

    @Test
    void ellpackAndSellHoldEveryEntryOnce() {
        Csr a = Matrices.load("powerlaw:300:5", 2);
        for (boolean colMajor : new boolean[]{true, false}) {
            Formats.Ell e = Formats.ell(a, colMajor);
            assertEquals((long) a.rows() * a.maxRowLength(), e.slots());
            assertEquals(a.nnz(), Arrays.stream(e.col()).filter(c -> c >= 0).count());
        }
        Formats.Sell s = Formats.sell(a, 8, 64);
        assertEquals(a.nnz(), Arrays.stream(s.col()).filter(c -> c >= 0).count());
        assertTrue(s.slots() < Formats.sell(a, 8, 1).slots(), "sorting within sigma lowers the padding");
        assertEquals(a.rows(), Arrays.stream(s.perm()).filter(r -> r >= 0).distinct().count());
    }

    @Test
    void paddingBeyondTheLimitIsRefusedNamingIt() {
        Csr a = Matrices.load("powerlaw:2^16:8", 42);
        ConfigException e = assertThrows(ConfigException.class, () -> Formats.ell(a, true));
        assertTrue(e.getMessage().startsWith("ELLPACK pads 65536 rows to the longest row's " + a.maxRowLength() + " entries")
                && e.getMessage().contains(Formats.MAX_PADDING + " per non-zero"), e.getMessage());
        long sorted = Formats.sell(a, 32, 1024).slots(), unsorted = Formats.sell(a, 32, 1).slots();
        assertTrue(sorted < unsorted && unsorted < 16L * a.nnz(), "SELL holds it, with less padding when sorted: " + sorted + " < " + unsorted);
    }

    private static String msg(String spec) {
        return assertThrows(ConfigException.class, () -> Matrices.load(spec, 1)).getMessage();
    }

    private static float[] ones(int n) {
        float[] x = new float[n];
        Arrays.fill(x, 1);
        return x;
    }
}
