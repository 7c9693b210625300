package dev.perfport.workloads.matmul;

import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Inputs and reference of the matmul studies: A (M×K) and B (K×N) hold small integers in
 * [-{@value #MAX_ABS}, {@value #MAX_ABS}] stored as float32, so that every product and every
 * partial sum is an integer of magnitude at most {@value #MAX_ABS}² · K. While that stays below
 * 2^24 every float32 operation is exact, whatever the order of summation or the use of fused
 * multiply-adds, and every variant on every backend must give exactly the C of the
 * double-precision reference. {@link #check} demands that exact equality.
 *
 * @param m rows of A and C
 * @param k columns of A, rows of B
 * @param n columns of B and C
 * @param a A, row-major
 * @param b B, row-major
 * @param c the reference C = A·B computed in double, row-major
 */
record Matrices(int m, int k, int n, long seed, float[] a, float[] b, double[] c) {
    static final int MAX_ABS = 4;
    /** Largest K for which every partial sum stays an exactly representable float (16·K < 2^24). */
    static final int MAX_EXACT_K = (1 << 24) / (MAX_ABS * MAX_ABS) - 1;

    /**
     * {@return the rule that M x K times K x N fits a run: K small enough to keep every float32 sum exact, each
     * matrix within one Java array; its message names the size and the limit}
     *
     * @param m rows of A and C @param k the inner dimension @param n columns of B and C
     */
    static Rule sizes(Knob<Integer> m, Knob<Integer> k, Knob<Integer> n) {
        return Rule.checking("matrix sizes", false, (v, d) -> sizeProblem(v.get(m), v.get(k), v.get(n)));
    }

    /** {@return why M x K times K x N does not fit a run, or null} */
    static String sizeProblem(int m, int k, int n) {
        if (k > MAX_EXACT_K) {
            return "K=" + k + " exceeds " + MAX_EXACT_K + ", the largest inner dimension for which the "
                    + "integer-valued float inputs keep every float32 sum exact";
        }
        long limit = Integer.MAX_VALUE - 8;   // one Java array per matrix
        for (long[] d : new long[][]{{m, k}, {k, n}, {m, n}}) {
            if (d[0] * d[1] > limit) return "a " + d[0] + "x" + d[1] + " matrix has " + d[0] * d[1] + " elements, more than the " + limit + " one buffer may hold";
        }
        return null;
    }

    /** Random inputs for a seed and their double-precision product. */
    static Matrices generate(int m, int k, int n, long seed) {
        String why = sizeProblem(m, k, n);   // the specs' rule refuses these before a run gets here
        if (why != null) throw new IllegalArgumentException(why);
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[m * k];
        float[] b = new float[k * n];
        for (int i = 0; i < a.length; i++) a[i] = r.nextInt(-MAX_ABS, MAX_ABS + 1);
        for (int i = 0; i < b.length; i++) b[i] = r.nextInt(-MAX_ABS, MAX_ABS + 1);
        return new Matrices(m, k, n, seed, a, b, multiply(a, b, m, k, n));
    }

    /**
     * The reference product in double precision (i-k-j order, for the host cache). Rows are
     * independent, so they are computed in parallel; each row's order is fixed, and the sums are
     * exact integers anyway.
     */
    static double[] multiply(float[] a, float[] b, int m, int k, int n) {
        double[] c = new double[m * n];
        IntStream.range(0, m).parallel().forEach(i -> {
            int row = i * n;
            for (int kk = 0; kk < k; kk++) {
                double x = a[i * k + kk];
                if (x == 0) continue;
                int rowB = kk * n;
                for (int j = 0; j < n; j++) c[row + j] += x * b[rowB + j];
            }
        });
        return c;
    }

    /** Null when {@code got} equals the reference exactly, else the first difference and how many there are. */
    String check(float[] got) {
        return check(got, c, n);
    }

    static String check(float[] got, double[] ref, int n) {
        int bad = 0;
        int first = -1;
        for (int i = 0; i < ref.length; i++) {
            // NaN (the fill of C before each repetition) never equals: unwritten elements are caught
            if (got[i] != ref[i]) {
                if (first < 0) first = i;
                bad++;
            }
        }
        if (bad == 0) return null;
        return bad + " of " + ref.length + " elements of C differ from the exact reference; first at (" + first / n + ", "
                + first % n + "): got " + got[first] + ", expected " + ref[first];
    }

    /** What a pair of matrices is made from. */
    record Key(int m, int k, int n, long seed) {
    }
}
