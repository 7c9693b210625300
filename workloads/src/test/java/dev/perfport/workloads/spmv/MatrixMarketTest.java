package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixMarketTest {
    @TempDir
    Path dir;

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(MatrixMarketTest.class.getResource(name).toURI());
    }

    @Test
    void readsTheNistExampleInRowOrder() throws Exception {
        Csr a = MatrixMarket.read(resource("nist-example-5x5.mtx"));
        assertEquals(5, a.rows());
        assertEquals(8, a.nnz());
        assertArrayEquals(new int[]{0, 2, 3, 4, 7, 8}, a.rowPtr());
        assertArrayEquals(new int[]{0, 3, 1, 2, 1, 3, 4, 4}, a.col());
        assertEquals(-280f, a.val()[5]);
        assertEquals(250.5f, a.val()[4]);
    }

    @Test
    void mirrorsASymmetricIntegerMatrix() throws Exception {
        Csr a = MatrixMarket.read(resource("poisson1d-10.mtx"));
        assertEquals(28, a.nnz());   // 10 diagonal + 2 * 9 off-diagonal
        double[] y = a.multiplyDouble(new float[]{1, 1, 1, 1, 1, 1, 1, 1, 1, 1});
        assertEquals(1.0, y[0]);
        assertEquals(0.0, y[4]);
        assertEquals(1.0, y[9]);
    }

    @Test
    void patternEntriesAreOnesAndDuplicatesAreSummed() throws Exception {
        Csr a = MatrixMarket.read(resource("cycle6-pattern.mtx"));
        assertEquals(7, a.nnz());
        assertArrayEquals(new int[]{0, 1, 2, 3, 5, 6, 7}, a.rowPtr());
        assertEquals(2f, a.val()[2]);   // (3,4) twice
    }

    private String error(String text) throws IOException {
        Path f = dir.resolve("bad.mtx");
        Files.writeString(f, text);
        ConfigException e = assertThrows(ConfigException.class, () -> MatrixMarket.read(f));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().startsWith(f + ":"), "names the file: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void aBadHeaderNamesLineOne() throws IOException {
        assertTrue(error("%%MatrixMarkt matrix coordinate real general\n1 1 0\n").contains(":1: bad header"));
        assertTrue(error("%%MatrixMarket matrix array real general\n1 1\n").contains(":1: format 'array' is not supported"));
        assertTrue(error("%%MatrixMarket matrix coordinate complex general\n").contains(":1: field 'complex'"));
        assertTrue(error("%%MatrixMarket matrix coordinate real hermitian\n").contains(":1: symmetry 'hermitian'"));
        assertTrue(error("").contains(":1: empty file"));
    }

    @Test
    void aBadSizeLineIsNamed() throws IOException {
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n% c\n3 x 1\n").contains(":3: columns 'x' is not an integer"));
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n3 3\n").contains(":2: bad size line"));
        assertTrue(error("%%MatrixMarket matrix coordinate real symmetric\n3 4 1\n").contains(":2: a symmetric matrix must be square"));
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n2 2 5\n").contains(":2: 5 entries do not fit a 2 x 2 matrix"));
    }

    @Test
    void anIndexOutOfRangeIsNamedWithItsLine() throws IOException {
        String m = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1.0\n4 2 1.0\n");
        assertTrue(m.endsWith(":4: row index 4 out of range 1..3"), m);
        m = error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 0 1.0\n");
        assertTrue(m.endsWith(":3: column index 0 out of range 1..3"), m);
        m = error("%%MatrixMarket matrix coordinate real symmetric\n3 3 1\n1 2 1.0\n");
        assertTrue(m.contains(":3: entry (1, 2) above the diagonal"), m);
    }

    @Test
    void aTruncatedFileAndWrongCountsAreNamed() throws IOException {
        String m = error("%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1.0\n2 2 1.0\n");
        assertTrue(m.contains(":5: truncated file: 2 of the 3 entries"), m);
        m = error("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1.0\n2 2 1.0\n");
        assertTrue(m.contains(":4: more entries than the 1"), m);
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n").contains("truncated file: no size line"));
    }

    @Test
    void badEntriesAreNamed() throws IOException {
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n").contains(":3: entry '1 1' has 2 field(s)"));
        assertTrue(error("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 abc\n").contains(":3: value 'abc' is not a number"));
        assertTrue(error("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 1 1\n").contains("(ROW COLUMN)"));
    }

    /** Each value is a finite float32, their sum is not: refused, since a kernel would otherwise be handed infinity. */
    @Test
    void duplicatesSummingPastFloat32AreNamed() throws IOException {
        String m = error("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 2.5e38\n1 2 2.5e38\n");
        assertTrue(m.contains("duplicate entries at row 1, column 2 sum to Infinity, beyond float32's range"), m);
    }

    @Test
    void aMissingFileIsOneLine() {
        ConfigException e = assertThrows(ConfigException.class, () -> Matrices.load(dir.resolve("none.mtx").toString(), 1));
        assertTrue(e.getMessage().endsWith("none.mtx: no such Matrix Market file"), e.getMessage());
    }
}
