package dev.perfport.workloads.spmv;

import java.util.Arrays;

/**
 * A sparse matrix in compressed sparse row form, float32 values: the form every generator and the
 * Matrix Market reader produce and every other format is built from. Column indices are sorted
 * within a row and unique.
 *
 * @param rows   rows
 * @param cols   columns
 * @param rowPtr rows + 1 offsets into {@code col} and {@code val}
 * @param col    column of each non-zero
 * @param val    value of each non-zero
 * @param source where it came from (a file or a generator), for rows and errors
 */
public record Csr(int rows, int cols, int[] rowPtr, int[] col, float[] val, String source) {
    public Csr {
        if (rowPtr.length != rows + 1) throw new IllegalArgumentException("rowPtr has " + rowPtr.length + " entries for " + rows + " rows");
        if (col.length != val.length || rowPtr[rows] != col.length) throw new IllegalArgumentException("non-zero arrays disagree");
    }

    public int nnz() {
        return col.length;
    }

    public int rowLength(int r) {
        return rowPtr[r + 1] - rowPtr[r];
    }

    public int maxRowLength() {
        int m = 0;
        for (int r = 0; r < rows; r++) m = Math.max(m, rowLength(r));
        return m;
    }

    /** y = A x in double precision, each product of float operands exact: the reference. */
    public double[] multiplyDouble(float[] x) {
        double[] y = new double[rows];
        for (int r = 0; r < rows; r++) {
            double s = 0;
            for (int i = rowPtr[r]; i < rowPtr[r + 1]; i++) s += (double) val[i] * x[col[i]];
            y[r] = s;
        }
        return y;
    }

    /** Per row, the sum of |a_ij x_j| (the scale of the row's rounding error). */
    public double[] absRowSums(float[] x) {
        double[] y = new double[rows];
        for (int r = 0; r < rows; r++) {
            double s = 0;
            for (int i = rowPtr[r]; i < rowPtr[r + 1]; i++) s += Math.abs((double) val[i] * x[col[i]]);
            y[r] = s;
        }
        return y;
    }

    /**
     * Builds CSR from coordinate triplets (any order); duplicates are summed, as the Matrix Market
     * convention reads them.
     */
    static Csr fromCoordinates(int rows, int cols, int[] ri, int[] ci, float[] v, int count, String source) {
        // bucket by row (counting sort), then sort each row by column and sum duplicates
        int[] start = new int[rows + 1];
        for (int k = 0; k < count; k++) start[ri[k] + 1]++;
        for (int r = 0; r < rows; r++) start[r + 1] += start[r];
        int[] fill = Arrays.copyOf(start, rows);
        long[] entry = new long[count];   // column in the high half, index of the triplet in the low
        for (int k = 0; k < count; k++) entry[fill[ri[k]]++] = ((long) ci[k] << 32) | k;
        int[] rowPtr = new int[rows + 1];
        int[] col = new int[count];
        float[] val = new float[count];
        int n = 0;
        for (int r = 0; r < rows; r++) {
            Arrays.sort(entry, start[r], start[r + 1]);
            int first = n;
            for (int e = start[r]; e < start[r + 1]; e++) {
                int c = (int) (entry[e] >>> 32);
                int k = (int) entry[e];
                if (n > first && col[n - 1] == c) {
                    val[n - 1] += v[k];
                    // two finite float32 values can sum past its range: refuse the matrix rather than hand a kernel infinity
                    if (!Float.isFinite(val[n - 1])) {
                        throw new dev.perfport.core.error.ConfigException(source + ": the duplicate entries at row " + (r + 1) + ", column "
                                + (c + 1) + " sum to " + val[n - 1] + ", beyond float32's range (at most " + Float.MAX_VALUE + ")");
                    }
                } else {
                    col[n] = c;
                    val[n] = v[k];
                    n++;
                }
            }
            rowPtr[r + 1] = n;
        }
        return new Csr(rows, cols, rowPtr, Arrays.copyOf(col, n), Arrays.copyOf(val, n), source);
    }
}
