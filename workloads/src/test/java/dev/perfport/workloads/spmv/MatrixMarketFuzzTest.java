package dev.perfport.workloads.spmv;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Tag;
import dev.perfport.core.error.ConfigException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Matrix Market reader on any bytes: a well-formed CSR matrix, or one {@link ConfigException}
 * line {@code FILE:LINE: problem}. Anything else (another exception, an error such as running out
 * of memory, a hang) is a defect. Inputs that found one are in {@code MatrixMarketFuzzTestInputs/}.
 */
@Tag("fuzz-matrix-market")
class MatrixMarketFuzzTest {

    @DictionaryEntries({"%%MatrixMarket", "matrix", "coordinate", "real", "integer", "pattern", "general", "symmetric",
            "2147483646", "1e38", "3.4e38", "-0"})
    @FuzzTest(maxDuration = "5s")
    void readsAMatrixOrRefusesInOneLine(byte[] data) throws IOException {
        String text = new String(data, StandardCharsets.US_ASCII);
        Csr m;
        try {
            m = MatrixMarket.read(new BufferedReader(new StringReader(text)), "fuzz.mtx");
        } catch (ConfigException e) {
            assertTrue(e.getMessage().startsWith("fuzz.mtx:") && e.getMessage().lines().count() == 1, e.getMessage());
            return;
        }
        assertTrue(m.rows() >= 1 && m.cols() >= 1, "size");
        for (int r = 0; r < m.rows(); r++) {
            assertTrue(m.rowPtr()[r] <= m.rowPtr()[r + 1], "row offsets ascend");
            for (int i = m.rowPtr()[r]; i < m.rowPtr()[r + 1]; i++) {
                assertTrue(m.col()[i] >= 0 && m.col()[i] < m.cols(), "column in range");
                assertTrue(i == m.rowPtr()[r] || m.col()[i - 1] < m.col()[i], "columns sorted and unique");
                assertTrue(Float.isFinite(m.val()[i]), "value " + m.val()[i] + " at row " + r + " is finite");
            }
        }
    }
}
