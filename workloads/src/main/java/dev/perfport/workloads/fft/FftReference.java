package dev.perfport.workloads.fft;

/**
 * The double-precision reference: an iterative radix-2 FFT (decimation in time, bit-reversed
 * input) with twiddles from {@code Math.cos}/{@code Math.sin} of exact angles, and the check of a
 * single-precision result against it.
 *
 * <p>The bound: for each transform, ‖y − y_ref‖₂ / ‖y_ref‖₂ ≤ {@value #BOUND_FACTOR}·log2(N)·ε with
 * ε = 2^-24 (float's unit roundoff). A Cooley–Tukey/Stockham FFT in floating point has an error
 * that grows as O(log N·ε) in this norm (Higham, "Accuracy and Stability of Numerical
 * Algorithms", §24.1: each of the log2 N stages adds O(ε) from its butterflies and twiddles); the
 * constant {@value #BOUND_FACTOR} covers float twiddles from sin/cos of a float angle (a few ulp)
 * and radix-8's internal products. Measured errors are well below it (FftReferenceTest).
 */
public final class FftReference {
    /** The constant of the bound (times log2(N)·ε). */
    public static final double BOUND_FACTOR = 8;
    /** float's unit roundoff, 2^-24. */
    public static final double EPS = 0x1p-24;

    private FftReference() {
    }

    /** The relative L2 error bound for an N-point transform. */
    public static double bound(int n) {
        return BOUND_FACTOR * Integer.numberOfTrailingZeros(n) * EPS;
    }

    /** In-place forward DFT (sign −1, no scaling) of {@code n} points at {@code off} of re/im, n a power of two. */
    public static void fft(double[] re, double[] im, int off, int n) {
        int bits = Integer.numberOfTrailingZeros(n);
        for (int i = 0; i < n; i++) {
            int j = Integer.reverse(i) >>> (32 - bits);
            if (n > 1 && j > i) {
                double t = re[off + i];
                re[off + i] = re[off + j];
                re[off + j] = t;
                t = im[off + i];
                im[off + i] = im[off + j];
                im[off + j] = t;
            }
        }
        for (int len = 2; len <= n; len <<= 1) {
            int half = len >> 1;
            for (int k = 0; k < half; k++) {
                double a = -2 * Math.PI * k / len;
                double wr = Math.cos(a), wi = Math.sin(a);
                for (int s = off; s < off + n; s += len) {
                    int p = s + k, q = p + half;
                    double xr = re[q] * wr - im[q] * wi, xi = re[q] * wi + im[q] * wr;
                    re[q] = re[p] - xr;
                    im[q] = im[p] - xi;
                    re[p] += xr;
                    im[p] += xi;
                }
            }
        }
    }

    /** The naive O(N²) DFT of one transform, for tests of {@link #fft}. */
    public static double[][] dft(double[] re, double[] im) {
        int n = re.length;
        double[] or = new double[n], oi = new double[n];
        for (int k = 0; k < n; k++) {
            for (int t = 0; t < n; t++) {
                double a = -2 * Math.PI * ((long) k * t % n) / n;
                or[k] += re[t] * Math.cos(a) - im[t] * Math.sin(a);
                oi[k] += re[t] * Math.sin(a) + im[t] * Math.cos(a);
            }
        }
        return new double[][]{or, oi};
    }

    /**
     * Checks every transform of a batch against the reference.
     *
     * @return null when every transform is within the bound, else the first that is not, with its error and the bound
     */
    public static String check(double[] wantRe, double[] wantIm, float[] gotRe, float[] gotIm, int n, int batch) {
        double bound = bound(n);
        for (int b = 0; b < batch; b++) {
            double err = error(wantRe, wantIm, gotRe, gotIm, n, b);
            if (!(err <= bound)) {
                return "transform " + b + ": relative L2 error " + String.format("%.3g", err) + " exceeds the bound "
                        + String.format("%.3g", bound) + " (" + (int) BOUND_FACTOR + "*log2(" + n + ")*2^-24)";
            }
        }
        return null;
    }

    /** The largest relative L2 error over the batch's transforms. */
    public static double maxError(double[] wantRe, double[] wantIm, float[] gotRe, float[] gotIm, int n, int batch) {
        double worst = 0;
        for (int b = 0; b < batch; b++) worst = Math.max(worst, error(wantRe, wantIm, gotRe, gotIm, n, b));
        return worst;
    }

    /** Relative L2 error of transform b (absolute where the reference is zero). */
    private static double error(double[] wantRe, double[] wantIm, float[] gotRe, float[] gotIm, int n, int b) {
        double num = 0, den = 0;
        for (int i = b * n; i < (b + 1) * n; i++) {
            double dr = gotRe[i] - wantRe[i], di = gotIm[i] - wantIm[i];
            num += dr * dr + di * di;
            den += wantRe[i] * wantRe[i] + wantIm[i] * wantIm[i];
        }
        return den == 0 ? Math.sqrt(num) : Math.sqrt(num / den);
    }
}
