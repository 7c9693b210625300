package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** CSR-Adaptive's row blocks: a partition of the rows that respects both limits, long rows alone. */
class RowBlocksTest {

    @Test
    void blocksCoverEveryRowOnceWithinTheirLimits() {
        Csr a = Matrices.load("powerlaw:5000:8", 3);
        int wg = 64, block = 256;
        Formats.RowBlocks rb = Formats.rowBlocks(a, wg, block);
        int[] s = rb.starts();
        assertEquals(0, s[0]);
        assertEquals(a.rows(), s[rb.blocks()]);
        int alone = 0;
        for (int b = 0; b < rb.blocks(); b++) {
            int rows = s[b + 1] - s[b], nnz = a.rowPtr()[s[b + 1]] - a.rowPtr()[s[b]];
            assertTrue(rows >= 1 && rows <= wg, "block " + b + " has " + rows + " rows");
            if (rows > 1) assertTrue(nnz <= block, "block " + b + ": " + nnz + " non-zeros in " + rows + " rows");
            if (a.rowLength(s[b]) > block) {
                assertEquals(1, rows, "a row longer than a block is a block alone");
                alone++;
            }
            // maximal: the next row would break a limit (or the block is one row followed by anything)
            if (rows > 1 && s[b + 1] < a.rows()) {
                assertTrue(rows == wg || a.rowPtr()[s[b + 1] + 1] - a.rowPtr()[s[b]] > block, "block " + b + " could take one more row");
            }
        }
        assertTrue(alone > 0, "the power-law matrix has rows longer than " + block + " (longest " + a.maxRowLength() + ")");
    }

    @Test
    void badSettingsAreRefusedWithTheLimit() {
        Csr a = Matrices.load("stencil2d:8x8", 1);
        // a run's values are the spec's to refuse, before any matrix is read
        assertEquals("wg must be a power of two for csr-adaptive, got 48", assertThrows(ConfigException.class,
                () -> SpmvSpec.SPEC.parse(dev.perfport.workloads.Params.of("wg", "48"), Spmv.CSR_ADAPTIVE)).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> SpmvSpec.SPEC.parse(dev.perfport.workloads.Params.of("wg", "128", "block", "64"),
                Spmv.CSR_ADAPTIVE)).getMessage().contains("must be >= wg=128"));
        assertThrows(IllegalArgumentException.class, () -> Formats.rowBlocks(a, 48, 1024));
        Formats.RowBlocks rb = Formats.rowBlocks(Matrices.load("stencil2d:1x1", 1), 32, 32);
        assertEquals(1, rb.blocks());
    }
}
