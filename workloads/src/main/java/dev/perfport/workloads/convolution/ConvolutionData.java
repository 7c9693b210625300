package dev.perfport.workloads.convolution;

import java.util.SplittableRandom;

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
 */
record ConvolutionData(int w, int h, int fw, int fh, float[] input, float[] filter, float[] rowFilter, float[] colFilter) {
    static final long CHECK_BUDGET = 1L << 30;

    static ConvolutionData generate(int w, int h, int fw, int fh, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int iw = w + fw - 1, ih = h + fh - 1;
        float[] in = new float[iw * ih];
        for (int i = 0; i < in.length; i++) in[i] = (float) (r.nextDouble() * 2 - 1);
        float[] f = new float[fw * fh];
        for (int i = 0; i < f.length; i++) f[i] = (float) (r.nextDouble() * 2 - 1);
        float[] fr = new float[fw], fc = new float[fh];
        for (int i = 0; i < fw; i++) fr[i] = (float) (r.nextDouble() * 2 - 1);
        for (int j = 0; j < fh; j++) fc[j] = (float) (r.nextDouble() * 2 - 1);
        return new ConvolutionData(w, h, fw, fh, in, f, fr, fc);
    }

    /** The first wrong pixel of a 2-D result, or null. */
    String check(float[] got) {
        return check(got, false);
    }

    /** The first wrong pixel of a separable result (filter = column ⊗ row), or null. */
    String checkSeparable(float[] got) {
        return check(got, true);
    }

    private String check(float[] got, boolean separable) {
        int iw = w + fw - 1;
        double[] f = new double[fw * fh];
        for (int j = 0; j < fh; j++) {
            for (int i = 0; i < fw; i++) f[j * fw + i] = separable ? (double) colFilter[j] * rowFilter[i] : filter[j * fw + i];
        }
        long perRow = (long) w * fw * fh;
        int rows = (int) Math.max(2, Math.min(h, CHECK_BUDGET / Math.max(1, perRow)));
        double tol = (fw * fh + 2) * Math.ulp(1f);
        for (int k = 0; k < rows; k++) {
            int y = rows >= h ? k : (int) ((long) k * (h - 1) / (rows - 1));
            for (int x = 0; x < w; x++) {
                double sum = 0, mag = 0;
                for (int j = 0; j < fh; j++) {
                    int base = (y + j) * iw + x;
                    for (int i = 0; i < fw; i++) {
                        double t = input[base + i] * f[j * fw + i];
                        sum += t;
                        mag += Math.abs(t);
                    }
                }
                float g = got[y * w + x];
                if (!(Math.abs(g - sum) <= tol * mag + Float.MIN_NORMAL)) {
                    return "out(" + y + "," + x + ") = " + g + ", reference " + sum + " (tolerance " + (tol * mag) + ")";
                }
            }
        }
        return null;
    }
}
