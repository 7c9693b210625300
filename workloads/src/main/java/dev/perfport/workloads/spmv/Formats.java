package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;

import java.util.Arrays;

/**
 * The padded formats built from {@link Csr} on the host (their build time is not part of the
 * kernel's time; rows record it). Padding slots hold column -1 and value 0.
 */
public final class Formats {
    /** The most slots (stored entries, padding included) a padded format may have. */
    public static final long MAX_SLOTS = 1L << 28;
    /** The most padding a format may add: slots per non-zero (beyond a small allowance for tiny matrices). */
    public static final int MAX_PADDING = 64;

    /** Whether a padded format of {@code slots} may be built for {@code a}: at most {@link #MAX_SLOTS}, and at most {@link #MAX_PADDING} slots per non-zero. */
    static boolean fits(long slots, Csr a) {
        return slots <= MAX_SLOTS && slots <= (long) MAX_PADDING * a.nnz() + (1 << 16);
    }

    private static String limits() {
        return "at most " + MAX_SLOTS + " slots and " + MAX_PADDING + " per non-zero";
    }

    private Formats() {
    }

    /**
     * ELLPACK: every row padded to the longest row's length {@code width}.
     *
     * @param colMajor slot (r, j) at {@code j*rows + r}, else at {@code r*width + j}
     */
    public record Ell(int width, boolean colMajor, int[] col, float[] val) {
        public long slots() {
            return col.length;
        }
    }

    public static Ell ell(Csr a, boolean colMajor) {
        int n = a.rows();
        int w = a.maxRowLength();
        long slots = (long) n * w;
        if (!fits(slots, a)) {
            throw new ConfigException("ELLPACK pads " + n + " rows to the longest row's " + w + " entries: " + slots + " slots ("
                    + String.format(java.util.Locale.ROOT, "%.1f", slots / (double) Math.max(1, a.nnz())) + "x the " + a.nnz()
                    + " non-zeros; " + limits() + "); use sell or a CSR variant for this matrix");
        }
        int[] col = new int[(int) slots];
        float[] val = new float[(int) slots];
        Arrays.fill(col, -1);
        for (int r = 0; r < n; r++) {
            for (int i = a.rowPtr()[r], j = 0; i < a.rowPtr()[r + 1]; i++, j++) {
                int at = colMajor ? j * n + r : r * w + j;
                col[at] = a.col()[i];
                val[at] = a.val()[i];
            }
        }
        return new Ell(w, colMajor, col, val);
    }

    /**
     * SELL-C-sigma (Kreutzer et al. 2014): rows sorted by length (longest first) within windows of
     * {@code sigma} rows, cut into slices of {@code c} rows, each slice padded to its longest row
     * and stored column-major; {@code perm[p]} is the original row at sorted position p (-1 for the
     * padding rows of the last slice).
     */
    public record Sell(int c, int sigma, int[] slicePtr, int[] col, float[] val, int[] perm) {
        public long slots() {
            return col.length;
        }

        public int slices() {
            return slicePtr.length - 1;
        }
    }

    public static Sell sell(Csr a, int c, int sigma) {
        if (c < 1 || sigma < 1) throw new IllegalArgumentException("sell: C and sigma must be >= 1 (the spec's limits), got " + c + ", " + sigma);
        int n = a.rows();
        int slices = (n + c - 1) / c;
        int[] perm = new int[slices * c];
        Arrays.fill(perm, -1);
        // sort each window of sigma rows by length, longest first (stable: ties keep row order)
        long[] key = new long[n];
        for (int r = 0; r < n; r++) key[r] = ((long) (Integer.MAX_VALUE - a.rowLength(r)) << 32) | r;
        for (int w = 0; w < n; w += sigma) Arrays.sort(key, w, (int) Math.min(n, (long) w + sigma));
        for (int p = 0; p < n; p++) perm[p] = (int) key[p];
        int[] slicePtr = new int[slices + 1];
        long total = 0;
        for (int s = 0; s < slices; s++) {
            int w = 0;
            for (int i = 0; i < c; i++) {
                int r = perm[s * c + i];
                if (r >= 0) w = Math.max(w, a.rowLength(r));
            }
            total += (long) w * c;
            slicePtr[s + 1] = (int) Math.min(total, Integer.MAX_VALUE);
        }
        if (!fits(total, a)) {
            throw new ConfigException("SELL-" + c + "-" + sigma + " needs " + total + " slots for this matrix (" + limits() + "); lower C or raise sigma");
        }
        int[] col = new int[(int) total];
        float[] val = new float[(int) total];
        Arrays.fill(col, -1);
        for (int s = 0; s < slices; s++) {
            for (int i = 0; i < c; i++) {
                int r = perm[s * c + i];
                if (r < 0) continue;
                for (int k = a.rowPtr()[r], j = 0; k < a.rowPtr()[r + 1]; k++, j++) {
                    int at = slicePtr[s] + j * c + i;
                    col[at] = a.col()[k];
                    val[at] = a.val()[k];
                }
            }
        }
        return new Sell(c, sigma, slicePtr, col, val, perm);
    }

    /**
     * CSR-Adaptive's row blocks (Greathouse and Daga, SC'14): consecutive rows, one work-group
     * each, a block ending before the row that would take it past {@code block} non-zeros or
     * {@code wg} rows; a row longer than {@code block} is a block of its own. {@code starts[b]} is
     * block b's first row, {@code starts[blocks()]} = rows.
     */
    public record RowBlocks(int block, int wg, int[] starts) {
        public int blocks() {
            return starts.length - 1;
        }
    }

    public static RowBlocks rowBlocks(Csr a, int wg, int block) {
        // the spec's rules hold these for a run's values
        if (Integer.bitCount(wg) != 1 || block < wg) throw new IllegalArgumentException("row blocks need wg a power of two <= block, got wg=" + wg + " block=" + block);
        int n = a.rows();
        int[] rp = a.rowPtr();
        int[] starts = new int[n + 1];
        int b = 0;
        for (int r = 0; r < n; ) {
            starts[b++] = r;
            int end = r + 1;   // a row longer than a block is a block alone
            while (end < n && end - r < wg && rp[end + 1] - rp[r] <= block) end++;
            r = end;
        }
        starts[b] = n;
        return new RowBlocks(block, wg, Arrays.copyOf(starts, b + 1));
    }
}
