package dev.perfport.workloads.gemm;


import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * One GEMM problem C = alpha·op(A)·op(B) + beta·C on the host: sizes, layout and transpositions,
 * the inputs (uniform in [-1, 1), rounded to the precision, seeded) and the double-precision
 * reference with its error bound.
 *
 * <p>Storage: a stored R×C matrix keeps (r, c) at {@code r·C + c} row-major or {@code c·R + r}
 * column-major (leading dimension = the stored row or column length). A is stored M×K, or K×M
 * when transposed ({@code transa=t}); B is stored K×N, or N×K when transposed; C is M×N.
 * {@link #asi} etc. are the element strides of op(A)(i,k), op(B)(k,j) and C(i,j).
 *
 * <p><b>Bound.</b> Element (i,j) verifies when {@code |c − ref| ≤ 1.01·(K+3)·(u + 2^−53)·s_ij}
 * with {@code s_ij = |alpha|·Σ_k |a_ik|·|b_kj| + |beta|·|c0_ij|} and u the unit roundoff (2^−24
 * float, 2^−53 double). Why: a k-term dot product in any summation order (tiles, FMAs) is off by at
 * most γ_K·Σ|a||b| with γ_K = K·u/(1 − K·u) (Higham, <i>Accuracy and Stability of Numerical
 * Algorithms</i>, §3.1), the alpha and beta products and the final sum add three roundings; the
 * reference is computed in double and carries the same bound with 2^−53; 1.01 covers the
 * (1 − K·u) denominators for K·u ≤ 0.01 (K ≤ 167,000 in float). A result with a lost or repeated
 * k-term, a wrong element or a stale C is off by about |a||b| ≈ 1/K of s_ij, far beyond the bound
 * (K·u ≈ 1.2e−4 at K = 1000).
 */
public record GemmProblem(int m, int n, int k, Precision precision, boolean rowMajor, boolean transA, boolean transB,
                          double alpha, double beta, long seed, double[] a, double[] b, double[] c0) {

    /** Largest element count of one matrix (and of the padded copies): int indices in every kernel. */
    public static final long MAX_ELEMENTS = Integer.MAX_VALUE / 2;

    public static GemmProblem generate(int m, int n, int k, Precision p, boolean rowMajor, boolean transA, boolean transB,
                                       double alpha, double beta, long seed) {
        String why = m < 1 || n < 1 || k < 1 ? "m, n and k must be >= 1, got m=" + m + " n=" + n + " k=" + k : sizeProblem(m, n, k);
        if (why != null) throw new IllegalArgumentException(why);
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = fill(r, (long) m * k, p), b = fill(r, (long) k * n, p), c = fill(r, (long) m * n, p);
        return new GemmProblem(m, n, k, p, rowMajor, transA, transB, p.round(alpha), p.round(beta), seed, a, b, c);
    }

    /** {@return why an m x n x k problem does not fit the kernels' int indices, or null} (the spec's rule, checked at parsing) */
    static String sizeProblem(int m, int n, int k) {
        for (long e : new long[]{(long) m * k, (long) k * n, (long) m * n}) {
            if (e > MAX_ELEMENTS) {
                return "a matrix of m=" + m + " n=" + n + " k=" + k + " has " + e + " elements, more than the " + MAX_ELEMENTS + " this workload indexes";
            }
        }
        return null;
    }

    private static double[] fill(SplittableRandom r, long len, Precision p) {
        double[] x = new double[(int) len];
        for (int i = 0; i < x.length; i++) x[i] = p.round(r.nextDouble(-1, 1));
        return x;
    }

    /** The host array to upload: float[] or double[]. */
    Object typed(double[] x) {
        return precision.array(x);
    }

    // strides of a stored R×C matrix: (row stride, column stride)
    private int rs(int cols) {
        return rowMajor ? cols : 1;
    }

    private int cs(int rows) {
        return rowMajor ? 1 : rows;
    }

    /** Stride of op(A)(i,k) in i. */
    public int asi() {
        return transA ? cs(k) : rs(k);
    }

    /** Stride of op(A)(i,k) in k. */
    public int ask() {
        return transA ? rs(m) : cs(m);
    }

    /** Stride of op(B)(k,j) in k. */
    public int bsk() {
        return transB ? cs(n) : rs(n);
    }

    /** Stride of op(B)(k,j) in j. */
    public int bsj() {
        return transB ? rs(k) : cs(k);
    }

    public int csi() {
        return rs(n);
    }

    public int csj() {
        return cs(m);
    }

    /**
     * Checks {@code c} (the device result, in C's layout) against the double-precision reference;
     * null when every element is within the bound, else the worst element and how many are off.
     */
    public String check(double[] c) {
        if ((long) m * n * k > FULL_CHECK_MAX) return checkSampled(c);
        int asi = asi(), ask = ask(), bsk = bsk(), bsj = bsj(), csi = csi(), csj = csj();
        double tolFactor = 1.01 * (k + 3) * (precision.unitRoundoff + 0x1p-53);
        double[] worst = new double[m];   // per row i: worst |err|/tol, then reported
        int[] worstJ = new int[m];
        long[] off = new long[m];
        // op(A) by rows and op(B) by columns, contiguous, and ROWS rows of op(A) per pass over op(B):
        // the reference of a 4096^3 product then takes seconds, not minutes of strided reads
        double[] ar = new double[m * k], bc = new double[n * k];
        IntStream.range(0, m).parallel().forEach(i -> {
            for (int kk = 0; kk < k; kk++) ar[i * k + kk] = a[i * asi + kk * ask];
        });
        IntStream.range(0, n).parallel().forEach(j -> {
            for (int kk = 0; kk < k; kk++) bc[j * k + kk] = b[kk * bsk + j * bsj];
        });
        final int rows = 16;
        IntStream.range(0, (m + rows - 1) / rows).parallel().forEach(blk -> {
            int i0 = blk * rows, i1 = Math.min(m, i0 + rows);
            for (int i = i0; i < i1; i++) worstJ[i] = 0;
            for (int j = 0; j < n; j++) {
                int bj = j * k;
                for (int i = i0; i < i1; i++) {
                    int ai = i * k;
                    double sum = 0, abs = 0;
                    for (int kk = 0; kk < k; kk++) {
                        double xy = ar[ai + kk] * bc[bj + kk];
                        sum += xy;
                        abs += Math.abs(xy);
                    }
                    int ci = i * csi + j * csj;
                    double ratio = errorRatio(c[ci], c0[ci], alpha, beta, sum, abs, tolFactor);
                    if (!(ratio <= 1)) {
                        off[i]++;
                        if (Double.isNaN(ratio)) ratio = Double.POSITIVE_INFINITY;
                    }
                    if (ratio > worst[i] || (Double.isInfinite(ratio) && worst[i] < ratio)) {
                        worst[i] = ratio;
                        worstJ[i] = j;
                    }
                }
            }
        });
        long bad = 0;
        int wi = 0;
        for (int i = 0; i < m; i++) {
            bad += off[i];
            if (worst[i] > worst[wi]) wi = i;
        }
        if (bad == 0) return null;
        int wj = worstJ[wi], ci = wi * csi + wj * csj;
        double sum = 0, abs = 0;
        for (int kk = 0; kk < k; kk++) {
            double x = a[wi * asi + kk * ask], y = b[kk * bsk + wj * bsj];
            sum += x * y;
            abs += Math.abs(x * y);
        }
        double ref = alpha * sum + beta * c0[ci];
        double tol = tolFactor * (Math.abs(alpha) * abs + Math.abs(beta) * Math.abs(c0[ci]));
        return bad + " of " + (long) m * n + " elements of C outside the bound; worst C(" + wi + "," + wj + ") = " + c[ci]
                + ", reference " + ref + ", |diff| " + Math.abs(c[ci] - ref) + " > bound " + tol
                + " (1.01*(k+3)*(u+2^-53)*(|alpha|*sum|a||b| + |beta||c0|))";
    }

    /** Largest m·n·k whose check recomputes every element (2^28 multiply-adds; about 645³). */
    static final long FULL_CHECK_MAX = 1L << 28;

    /**
     * The check of a large product (m·n·k above {@link #FULL_CHECK_MAX}: a full double reference
     * would take seconds to minutes on the host for every repetition): every element must be
     * finite (an element the kernels never wrote still holds the NaN poison when beta = 0), and
     * whole rows and whole columns of C, chosen by the seed and spread over all tiles, must be
     * within the bound of the class comment, element by element; about 2^27 multiply-adds.
     */
    String checkSampled(double[] c) {
        int csi = csi(), csj = csj();
        long notFinite = 0;
        int nf = -1;
        for (int e = 0; e < c.length; e++) {
            if (!Double.isFinite(c[e])) {
                notFinite++;
                if (nf < 0) nf = e;
            }
        }
        if (notFinite > 0) return notFinite + " of " + (long) m * n + " elements of C are not finite (never written?), the first at index " + nf;
        int samples = (int) Math.max(8, Math.min(Math.max(m, n), (1L << 27) / ((long) (m + n) * k)));
        SplittableRandom r = new SplittableRandom(seed ^ 0x5eed);
        // stratified: one row (column) drawn in each of `samples` equal bands, so every part of C is seen
        int[] rows = new int[Math.min(samples, m)], cols = new int[Math.min(samples, n)];
        for (int q = 0; q < rows.length; q++) rows[q] = (int) ((long) q * m / rows.length + r.nextLong(Math.max(1, m / rows.length)));
        for (int q = 0; q < cols.length; q++) cols[q] = (int) ((long) q * n / cols.length + r.nextLong(Math.max(1, n / cols.length)));
        double tolFactor = 1.01 * (k + 3) * (precision.unitRoundoff + 0x1p-53);
        // per sampled line: {elements off, worst ratio, i, j}
        double[][] res = IntStream.range(0, rows.length + cols.length).parallel().mapToObj(q -> {
            boolean isRow = q < rows.length;
            int fixed = isRow ? rows[q] : cols[q - rows.length];
            double[] line = new double[k];   // op(A) row i or op(B) column j, contiguous
            for (int kk = 0; kk < k; kk++) line[kk] = isRow ? a[fixed * asi() + kk * ask()] : b[kk * bsk() + fixed * bsj()];
            double off = 0, worst = 0, wi = 0, wj = 0;
            int len = isRow ? n : m;
            for (int o = 0; o < len; o++) {
                int i = isRow ? fixed : o, j = isRow ? o : fixed;
                double sum = 0, abs = 0;
                for (int kk = 0; kk < k; kk++) {
                    double other = isRow ? b[kk * bsk() + j * bsj()] : a[i * asi() + kk * ask()];
                    double xy = line[kk] * other;
                    sum += xy;
                    abs += Math.abs(xy);
                }
                int ci = i * csi + j * csj;
                double ratio = errorRatio(c[ci], c0[ci], alpha, beta, sum, abs, tolFactor);
                if (!(ratio <= 1)) off++;
                if (ratio > worst) {
                    worst = ratio;
                    wi = i;
                    wj = j;
                }
            }
            return new double[]{off, worst, wi, wj};
        }).toArray(double[][]::new);
        double off = 0;
        double[] w = res[0];
        for (double[] x : res) {
            off += x[0];
            if (x[1] > w[1]) w = x;
        }
        if (off == 0) return null;
        int wi = (int) w[2], wj = (int) w[3];
        return (long) off + " elements outside the bound in " + rows.length + " sampled rows and " + cols.length
                + " sampled columns of C (" + m + "x" + n + "); worst C(" + wi + "," + wj + ") = " + c[wi * csi + wj * csj]
                + ", |diff| / bound = " + w[1] + " (1.01*(k+3)*(u+2^-53)*(|alpha|*sum|a||b| + |beta||c0|))";
    }

    /** The worst error relative to the bound (0..1 when verified), for tests. */
    public double worstRatio(double[] c) {
        int asi = asi(), ask = ask(), bsk = bsk(), bsj = bsj(), csi = csi(), csj = csj();
        double tolFactor = 1.01 * (k + 3) * (precision.unitRoundoff + 0x1p-53);
        return IntStream.range(0, m).parallel().mapToDouble(i -> {
            double w = 0;
            for (int j = 0; j < n; j++) {
                double sum = 0, abs = 0;
                for (int kk = 0; kk < k; kk++) {
                    double x = a[i * asi + kk * ask], y = b[kk * bsk + j * bsj];
                    sum += x * y;
                    abs += Math.abs(x * y);
                }
                int ci = i * csi + j * csj;
                double ref = alpha * sum + beta * c0[ci];
                double tol = tolFactor * (Math.abs(alpha) * abs + Math.abs(beta) * Math.abs(c0[ci]));
                w = Math.max(w, Math.abs(c[ci] - ref) / tol);
            }
            return w;
        }).max().orElse(0);
    }

    public double flops() {
        return 2.0 * m * n * k;
    }

    /**
     * {@return |c - ref| over the bound tolFactor * (|alpha| * sum|a*b| + |beta| * |c0|), where ref = alpha * sum + beta * c0}
     * At most 1 passes; an exact result passes even where the bound is 0.
     */
    private static double errorRatio(double c, double c0, double alpha, double beta, double sum, double abs, double tolFactor) {
        double ref = alpha * sum + beta * c0;
        double tol = tolFactor * (Math.abs(alpha) * abs + Math.abs(beta) * Math.abs(c0));
        double err = Math.abs(c - ref);
        return tol > 0 ? err / tol : (err == 0 ? 0 : Double.POSITIVE_INFINITY);
    }
}
