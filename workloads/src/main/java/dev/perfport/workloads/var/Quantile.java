package dev.perfport.workloads.var;

import java.util.Arrays;

/**
 * The q-quantile of simulated portfolio values and its Monte Carlo standard error.
 *
 * <p>Convention: the {@code ⌈q·n⌉}-th smallest of the n values (1-based; at least the 1st), the
 * lower empirical quantile, i.e. the smallest value v with at least a fraction q of the values at
 * or below v. {@code q·n} is computed in double; a product within 1e−9·n of an integer counts as
 * that integer, so that q = 0.01 and n = 1000 give the 10th value despite binary rounding of q.
 *
 * <p>Standard error: distribution-free, from the order statistics one binomial standard deviation
 * m = ⌈√(n·q·(1−q))⌉ on either side, {@code (x(k+m) − x(k−m))/2}; this estimates
 * √(q(1−q)/n)/f(x_q) without knowing the density f.
 */
public final class Quantile {
    private Quantile() {
    }

    /** The 1-based rank ⌈q·n⌉ of the q-quantile among n values. */
    public static int rank(double q, int n) {
        if (!(q > 0 && q < 1)) throw new IllegalArgumentException("q must be in (0, 1), got " + q);
        if (n < 1) throw new IllegalArgumentException("need at least one value, got " + n);
        double qn = q * n;
        double r = Math.rint(qn);
        long k = Math.abs(qn - r) <= 1e-9 * n ? (long) r : (long) Math.ceil(qn);
        return (int) Math.max(1, Math.min(n, k));
    }

    /** The q-quantile of {@code values} (not modified). */
    public static double of(double q, float[] values) {
        float[] s = values.clone();
        Arrays.sort(s);
        return s[rank(q, s.length) - 1];
    }

    /** The q-quantile of {@code values} (not modified). */
    public static double of(double q, double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s[rank(q, s.length) - 1];
    }

    /** The standard error estimate of the class comment, from values sorted ascending. */
    public static double standardError(double q, float[] sorted) {
        int n = sorted.length;
        int k = rank(q, n);
        int m = (int) Math.ceil(Math.sqrt(n * q * (1 - q)));
        int lo = Math.max(1, k - m), hi = Math.min(n, k + m);
        return (sorted[hi - 1] - (double) sorted[lo - 1]) / 2;
    }
}
