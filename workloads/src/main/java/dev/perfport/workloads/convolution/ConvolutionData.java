package dev.perfport.workloads.convolution;

import dev.perfport.workloads.LastInput;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * The inputs of one convolution run and their double-precision check: the input image with its
 * border ((W+Fw-1)×(H+Fh-1), values in [-1, 1)), a general (not separable) Fw×Fh filter for the
 * 2-D kernels, and a row and a column vector for the separable passes, whose outer product is
 * the 2-D filter they apply.
 *
 * <p>A pixel passes when it is within (Fw·Fh + 2)·2^-23 of the sum of its terms' magnitudes: float
 * sums in any order stay within that bound of the exact value. Every pixel is checked up to
 * 2^30 multiply-adds of reference work; beyond, a deterministic sample of rows (the first, the
 * last and evenly spaced ones) keeps the check within that budget.
 *
 * <p>The checked pixels' reference (sum and magnitude) is computed once per inputs and kept when it
 * is at most {@value #MEMO_MAX} pixels, and the last inputs generated are kept (softly) for the next
 * run of the same size and seed: a tuning search's evaluations and a row's repetitions each check
 * against the same reference, which at 8192² with a 17×17 filter costs seconds to compute.
 *
 * @param refs the reference of the checked pixels, by separable or general filter and number of checked rows
 */
record ConvolutionData(int w, int h, int fw, int fh, long seed, float[] input, float[] filter, float[] rowFilter, float[] colFilter,
                       Map<ConvolutionData.RefKey, double[][]> refs) {
    /** A kept reference: of the separable or the general filter, over how many checked rows. */
    record RefKey(boolean separable, int rows) {
    }

    static final long CHECK_BUDGET = 1L << 30;
    /** The most checked pixels whose reference is kept (two doubles each: 64 MiB). */
    static final long MEMO_MAX = 1L << 22;
    private static final LastInput<Key, ConvolutionData> LAST = new LastInput<>();

    private record Key(int w, int h, int fw, int fh, long seed) {
    }

    /** Input rows per generator block. */
    private static final int ROWS_PER_BLOCK = 64;

    static ConvolutionData generate(int w, int h, int fw, int fh, long seed) {
        return LAST.get(new Key(w, h, fw, fh, seed), () -> create(w, h, fw, fh, seed));
    }

    private static ConvolutionData create(int w, int h, int fw, int fh, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int iw = w + fw - 1, ih = h + fh - 1;
        float[] in = new float[iw * ih];
        // blocks of rows from generators split off in order, filled in parallel: the same image for the same seed
        int blocks = (ih + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK;
        SplittableRandom[] g = new SplittableRandom[blocks];
        for (int b = 0; b < blocks; b++) g[b] = r.split();
        IntStream.range(0, blocks).parallel().forEach(b -> {
            SplittableRandom q = g[b];
            int end = Math.min(ih, (b + 1) * ROWS_PER_BLOCK) * iw;
            for (int i = b * ROWS_PER_BLOCK * iw; i < end; i++) in[i] = (float) (q.nextDouble() * 2 - 1);
        });
        float[] f = new float[fw * fh];
        for (int i = 0; i < f.length; i++) f[i] = (float) (r.nextDouble() * 2 - 1);
        float[] fr = new float[fw], fc = new float[fh];
        for (int i = 0; i < fw; i++) fr[i] = (float) (r.nextDouble() * 2 - 1);
        for (int j = 0; j < fh; j++) fc[j] = (float) (r.nextDouble() * 2 - 1);
        return new ConvolutionData(w, h, fw, fh, seed, in, f, fr, fc, new ConcurrentHashMap<>());
    }

    /** The first wrong pixel of a 2-D result, or null. */
    String check(float[] got) {
        return check(got, false, 0);
    }

    /** The first wrong pixel of a 2-D result among {@code rows} checked rows (0: as many as the budget allows), or null. */
    String check(float[] got, int rows) {
        return check(got, false, rows);
    }

    /** The first wrong pixel of a separable result (filter = column ⊗ row), or null. */
    String checkSeparable(float[] got) {
        return check(got, true, 0);
    }

    /** The same among {@code rows} checked rows (0: as many as the budget allows). */
    String checkSeparable(float[] got, int rows) {
        return check(got, true, rows);
    }

    /**
     * The first wrong pixel of a 2-D result given as only its checked rows ({@link #checkedRowIndices}
     * of {@code asked}, in order, each {@code w} wide), or null.
     */
    String checkRows(float[] rowsGot, int asked) {
        return check(rowsGot, false, asked, true);
    }

    private String check(float[] got, boolean separable, int asked) {
        return check(got, separable, asked, false);
    }

    private String check(float[] got, boolean separable, int asked, boolean compact) {
        int rows = asked > 0 ? Math.min(checkedRows(), Math.max(2, asked)) : checkedRows();
        double tol = (fw * fh + 2) * Math.ulp(1f);
        double[][] ref = (long) rows * w <= MEMO_MAX ? refs.computeIfAbsent(new RefKey(separable, rows), k -> reference(k.separable(), rows)) : null;
        double[] one = new double[2];
        for (int k = 0; k < rows; k++) {
            int y = rowOf(k, rows);
            for (int x = 0; x < w; x++) {
                double sum, mag;
                if (ref != null) {
                    sum = ref[0][k * w + x];
                    mag = ref[1][k * w + x];
                } else {
                    pixel(separable, x, y, one);
                    sum = one[0];
                    mag = one[1];
                }
                float g = got[compact ? k * w + x : y * w + x];
                if (!(Math.abs(g - sum) <= tol * mag + Float.MIN_NORMAL)) {
                    return "out(" + y + "," + x + ") = " + g + ", reference " + sum + " (tolerance " + (tol * mag) + ")";
                }
            }
        }
        return null;
    }

    /**
     * The rows a check of {@code asked} rows (0: as many as the budget allows) looks at, in order,
     * so that a run can move only those between host and device.
     */
    int[] checkedRowIndices(int asked) {
        int rows = asked > 0 ? Math.min(checkedRows(), Math.max(2, asked)) : checkedRows();
        int[] ys = new int[rows];
        for (int k = 0; k < rows; k++) ys[k] = rowOf(k, rows);
        return ys;
    }

    /** Every row while the reference costs at most {@link #CHECK_BUDGET} multiply-adds, else a sample of at least 2. */
    private int checkedRows() {
        long perRow = (long) w * fw * fh;
        return (int) Math.max(2, Math.min(h, CHECK_BUDGET / Math.max(1, perRow)));
    }

    /** The k-th checked row of {@code rows}: every row, or the first, the last and evenly spaced ones. */
    private int rowOf(int k, int rows) {
        return rows >= h ? k : (int) ((long) k * (h - 1) / (rows - 1));
    }

    /** The checked pixels' sums and magnitudes, row by row. */
    private double[][] reference(boolean separable, int rows) {
        double[][] r = new double[2][rows * w];
        // rows in parallel: each pixel's sum is the same sequential sum whichever thread computes it
        IntStream.range(0, rows).parallel().forEach(k -> {
            double[] one = new double[2];
            int y = rowOf(k, rows);
            for (int x = 0; x < w; x++) {
                pixel(separable, x, y, one);
                r[0][k * w + x] = one[0];
                r[1][k * w + x] = one[1];
            }
        });
        return r;
    }

    /** Pixel (x, y) in double precision: its sum and the sum of its terms' magnitudes, into {@code out}. */
    private void pixel(boolean separable, int x, int y, double[] out) {
        int iw = w + fw - 1;
        double sum = 0, mag = 0;
        for (int j = 0; j < fh; j++) {
            int base = (y + j) * iw + x;
            for (int i = 0; i < fw; i++) {
                double f = separable ? (double) colFilter[j] * rowFilter[i] : filter[j * fw + i];
                double t = input[base + i] * f;
                sum += t;
                mag += Math.abs(t);
            }
        }
        out[0] = sum;
        out[1] = mag;
    }
}
