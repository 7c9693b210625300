package dev.perfport.workloads.spmv;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The real matrices of suitesparse/README.md: shape, expanded non-zeros and row lengths as the Collection gives them. */
class SuiteSparseMatricesTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // file, rows, cols, non-zeros once symmetric entries are mirrored, longest row, row 0, last row
            "can_24.mtx,   24, 24, 160,  9, 9,  4",
            "karate.mtx,   34, 34, 156, 17, 16, 17",   // member 1 (the instructor) has 16 ties, member 34 has 17
            "LFAT5.mtx,    14, 14,  46,  5, 3,  3",
            "impcol_a.mtx, 207, 207, 572, 8, 2, 6",
            "lp_afiro.mtx, 27, 51, 102, 10, 3,  3"})
    void readsTheCollectionsMatrix(String file, int rows, int cols, int nnz, int longest, int first, int last) throws Exception {
        Csr a = MatrixMarket.read(Path.of(getClass().getResource("suitesparse/" + file).toURI()));
        assertEquals(rows, a.rows());
        assertEquals(cols, a.cols());
        assertEquals(nnz, a.nnz());
        assertEquals(longest, a.maxRowLength());
        assertEquals(first, a.rowLength(0));
        assertEquals(last, a.rowLength(rows - 1));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"karate.mtx", "can_24.mtx"})
    void aPatternMatrixTimesOnesIsItsDegrees(String file) throws Exception {
        Csr a = MatrixMarket.read(Path.of(getClass().getResource("suitesparse/" + file).toURI()));
        float[] ones = new float[a.cols()];
        Arrays.fill(ones, 1f);
        double[] y = a.multiplyDouble(ones);
        for (int r = 0; r < a.rows(); r++) assertEquals(a.rowLength(r), y[r], 0.0, "row " + r);
    }
}
