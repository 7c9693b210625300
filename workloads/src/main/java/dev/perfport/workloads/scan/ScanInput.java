package dev.perfport.workloads.scan;

import dev.perfport.core.memory.ElemType;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Input and reference of the scan study for one (n, type, op, seed).
 *
 * <ul>
 *   <li>int32, add: values in [-100, 100], a random walk whose prefixes stay far inside int32
 *       (the reference is accumulated in {@code long} and refuses to go on should one ever leave
 *       it); every backend and variant must match it bit for bit.</li>
 *   <li>int32, max: values in [-1000, 1000] plus i/8, so that the running maximum keeps changing
 *       across block and static-group boundaries; exact.</li>
 *   <li>float32, add: values in [0, 1) (all prefixes positive, so a relative tolerance is well
 *       defined); the reference is accumulated in double. The device adds in tree order, carries
 *       block totals along a chain and the result of every addition is rounded to float32, so
 *       the check allows a relative error of {@link #floatTolerance(int) 1e-5 · log2 n} per
 *       element (seed-003 digest §8.1); observed errors are far smaller (about 1e-6 at 2^23).</li>
 *   <li>float32, max: values in [-0.5, 0.5) plus i·2^-20; max is exact in float32, so exact.</li>
 * </ul>
 *
 * @param data the input, int[] or float[]
 * @param ref  the exclusive scan: int[] for int32, double[] for float32
 */
record ScanInput(int n, ElemType type, ScanOp op, long seed, Object data, Object ref) {
    static ScanInput generate(int n, ElemType type, ScanOp op, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        if (type == ElemType.INT) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = op == ScanOp.ADD ? r.nextInt(-100, 101) : r.nextInt(-1000, 1001) + i / 8;
            }
            return new ScanInput(n, type, op, seed, a, reference(a, op));
        }
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = op == ScanOp.ADD ? (float) r.nextDouble() : (float) (r.nextDouble() - 0.5 + i * 0x1p-20);
        }
        return new ScanInput(n, type, op, seed, a, reference(a, op));
    }

    /** The exclusive scan of int32 values, accumulated in long; an overflow of int32 is an error. */
    static int[] reference(int[] a, ScanOp op) {
        int[] ref = new int[a.length];
        long acc = op == ScanOp.ADD ? 0 : Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i++) {
            if (acc != (int) acc) throw new ArithmeticException("int32 scan reference overflows at element " + i);
            ref[i] = (int) acc;
            acc = op == ScanOp.ADD ? acc + a[i] : Math.max(acc, a[i]);
        }
        return ref;
    }

    /** The exclusive scan of float32 values, accumulated in double (max: exact; -∞ first). */
    static double[] reference(float[] a, ScanOp op) {
        double[] ref = new double[a.length];
        double acc = op == ScanOp.ADD ? 0 : Double.NEGATIVE_INFINITY;
        for (int i = 0; i < a.length; i++) {
            ref[i] = acc;
            acc = op == ScanOp.ADD ? acc + a[i] : Math.max(acc, a[i]);
        }
        return ref;
    }

    /** Relative tolerance of a float32 add scan of n elements. */
    static double floatTolerance(int n) {
        return 1e-5 * Math.max(1, Math.log(n) / Math.log(2));
    }

    /** Null when {@code got} (int[] or float[]) matches the reference, else the first difference and the count. */
    String check(Object got) {
        int bad = 0;
        int first = -1;
        double worst = 0;
        if (type == ElemType.INT) {
            int[] g = (int[]) got;
            int[] ref = (int[]) this.ref;
            // the common case at the memory's speed (a vectorised compare): every repetition of a row is checked
            if (Arrays.equals(g, 0, n, ref, 0, n)) return null;
            for (int i = 0; i < n; i++) {
                if (g[i] != ref[i]) {
                    if (first < 0) first = i;
                    bad++;
                }
            }
            if (bad == 0) return null;
            return bad + " of " + n + " elements differ from the exact reference; first at " + first + ": got " + g[first]
                    + ", expected " + ref[first];
        }
        float[] g = (float[]) got;
        double[] ref = (double[]) this.ref;
        double tol = floatTolerance(n);
        for (int i = 0; i < n; i++) {
            boolean ok;
            if (op == ScanOp.MAX) {
                ok = g[i] == ref[i];
            } else {
                double err = Math.abs(g[i] - ref[i]);
                ok = err <= tol * ref[i];   // every prefix is >= 0; the first must be exactly 0
                if (ref[i] > 0) worst = Math.max(worst, err / ref[i]);
            }
            if (!ok) {
                if (first < 0) first = i;
                bad++;
            }
        }
        if (bad == 0) return null;
        return bad + " of " + n + " elements differ from the double reference " + (op == ScanOp.MAX ? "(exact for max)"
                : "beyond the relative tolerance " + String.format("%.3g", tol) + " (worst " + String.format("%.3g", worst) + ")")
                + "; first at " + first + ": got " + g[first] + ", expected " + ref[first];
    }

    /** The largest relative error of a float32 add result (0 for other cases), for reporting. */
    double worstRelativeError(Object got) {
        if (type != ElemType.FLOAT || op != ScanOp.ADD) return 0;
        float[] g = (float[]) got;
        double[] ref = (double[]) this.ref;
        double worst = 0;
        for (int i = 0; i < n; i++) if (ref[i] > 0) worst = Math.max(worst, Math.abs(g[i] - ref[i]) / ref[i]);
        return worst;
    }
}
