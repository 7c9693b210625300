package dev.perfport.cli.report;

import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Seed 001's CPU BLAS baseline: verified rows where OpenBLAS loads, each row skipped with the reason where it does not. */
class BlasBaselineTest {
    private static final Seed001Report.Options O = Seed001Report.Options.parse(Params.of("sizes", "32,48", "trsmm", "64", "trsmn", "8"));
    private final PrintStream quiet = new PrintStream(new ByteArrayOutputStream());

    @Test
    void aLibraryThatDoesNotLoadSkipsEveryRowWithTheReason() {
        List<BlasBaseline.BlasRow> rows = BlasBaseline.measure(O, quiet, new NativeLibrary.Missing<>("OpenBLAS (org.bytedeco:openblas) not loaded: no jar"));
        assertEquals(2 * (2 + 1), rows.size(), "float and double: two GEMM sizes and one TRSM each");
        for (BlasBaseline.BlasRow r : rows) {
            assertNull(r.gflops());
            assertTrue(r.error().startsWith("skipped: ") && r.error().contains("no jar"), r.error());
        }
    }

    @Test
    void gemmAndTrsmRowsAreVerifiedWhereOpenBlasLoads() {
        NativeLibrary<OpenBlas> blas = NativeReference.blas();
        Assumptions.assumeTrue(blas instanceof NativeLibrary.Loaded<OpenBlas>, () -> "OpenBLAS does not load here: " + blas);
        List<BlasBaseline.BlasRow> rows = BlasBaseline.measure(O, quiet, blas);
        for (String type : List.of("float", "double")) {
            for (int n : List.of(32, 48)) {
                assertTrue(rows.stream().anyMatch(r -> r.routine().equals("gemm") && r.type().equals(type) && r.m() == n && r.error() == null
                        && r.gflops() > 0 && r.threads() >= 1), type + " gemm " + n + ": " + rows);
            }
            assertTrue(rows.stream().anyMatch(r -> r.routine().equals("trsm") && r.type().equals(type) && r.m() == 64 && r.n() == 8
                    && r.error() == null && r.gflops() > 0), type + " trsm: " + rows);
        }
        assertTrue(rows.getFirst().library().startsWith("OpenBLAS "), rows.getFirst().library());
    }

    @Test
    void theChecksCatchAWrongResult() {
        int m = 16, n = 3;
        double[] a = BlasBaseline.lower(m, 5);
        double[] x = new double[m * n];
        for (int i = 0; i < x.length; i++) x[i] = (i % 7) - 3;
        double alpha = 1.5;
        double[] b = new double[m * n];   // alpha B = A X
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < m; i++) {
                double s = 0;
                for (int l = 0; l <= i; l++) s += a[i + l * m] * x[l + j * m];
                b[i + j * m] = s / alpha;
            }
        }
        assertNull(BlasBaseline.checkTrsm(m, n, a, b, x, alpha, 0x1p-53));
        x[5] += 1e-3;
        assertTrue(BlasBaseline.checkTrsm(m, n, a, b, x, alpha, 0x1p-53).startsWith("residual "));
        double[] ga = {1, 2, 3, 4}, gb = {5, 6, 7, 8};   // column-major 2 x 2
        double[] gc = {1 * 5 + 3 * 6, 2 * 5 + 4 * 6, 1 * 7 + 3 * 8, 2 * 7 + 4 * 8};
        assertNull(BlasBaseline.checkGemm(2, ga, gb, gc, 0x1p-53, 1));
        for (int i = 0; i < gc.length; i++) gc[i] += 1;
        assertNotNull(BlasBaseline.checkGemm(2, ga, gb, gc, 0x1p-53, 1));
    }
}
