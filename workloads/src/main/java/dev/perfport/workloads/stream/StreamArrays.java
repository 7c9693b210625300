package dev.perfport.workloads.stream;

import dev.perfport.workloads.gemm.Precision;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The host side of one {@link Stream} row: arrays a, b and c of n elements in the row's precision
 * (each from its own seeded generator, in [-1, 1), made when a kernel first reads it), the scalar,
 * and the checks of what a kernel wrote against the same arithmetic in Java.
 */
final class StreamArrays {
    private final Precision precision;
    private final int n;
    private final long seed;
    private final Map<Character, Object> made = new HashMap<>();

    StreamArrays(Precision precision, int n, long seed) {
        this.precision = precision;
        this.n = n;
        this.seed = seed;
    }

    Precision precision() {
        return precision;
    }

    int n() {
        return n;
    }

    /** The scalar as the kernels' argument type. */
    Object scalar() {
        return precision == Precision.DOUBLE ? (Object) Stream.SCALAR : (Object) (float) Stream.SCALAR;
    }

    /** A new float[] or double[] of {@code length}. */
    Object empty(int length) {
        return precision == Precision.DOUBLE ? new double[length] : new float[length];
    }

    /** Array {@code name} ('a', 'b' or 'c'). */
    Object array(char name) {
        return made.computeIfAbsent(name, k -> {
            SplittableRandom r = new SplittableRandom(seed * 31 + k);
            if (precision == Precision.DOUBLE) {
                double[] d = new double[n];
                for (int i = 0; i < n; i++) d[i] = r.nextDouble() * 2 - 1;
                return d;
            }
            float[] f = new float[n];
            for (int i = 0; i < n; i++) f[i] = (float) (r.nextDouble() * 2 - 1);
            return f;
        });
    }

    /**
     * What an array kernel wrote against Java's arithmetic: copy, mul and add exactly, triad within 2 ulp of
     * |b| + |s·c| (one more rounding where a route fuses the multiply-add); null when all match, else the first
     * element that does not.
     */
    String check(String variant, Object got) {
        return precision == Precision.DOUBLE ? checkDoubles(variant, (double[]) got) : checkFloats(variant, (float[]) got);
    }

    private String checkFloats(String variant, float[] got) {
        float s = (float) Stream.SCALAR;
        float[] a = reads(variant, 'a') ? f('a') : null, b = reads(variant, 'b') ? f('b') : null, c = reads(variant, 'c') ? f('c') : null;
        for (int i = 0; i < n; i++) {
            float want, tol = 0;
            switch (variant) {
                case "copy" -> want = a[i];
                case "mul" -> want = s * c[i];
                case "add" -> want = a[i] + b[i];
                default -> {
                    float sc = s * c[i];
                    want = b[i] + sc;
                    tol = 2 * Math.ulp(Math.abs(b[i]) + Math.abs(sc));
                }
            }
            if (!(Math.abs(got[i] - want) <= tol)) return out(variant) + "[" + i + "] = " + got[i] + ", host " + want;
        }
        return null;
    }

    private String checkDoubles(String variant, double[] got) {
        double s = Stream.SCALAR;
        double[] a = reads(variant, 'a') ? d('a') : null, b = reads(variant, 'b') ? d('b') : null, c = reads(variant, 'c') ? d('c') : null;
        for (int i = 0; i < n; i++) {
            double want, tol = 0;
            switch (variant) {
                case "copy" -> want = a[i];
                case "mul" -> want = s * c[i];
                case "add" -> want = a[i] + b[i];
                default -> {
                    double sc = s * c[i];
                    want = b[i] + sc;
                    tol = 2 * Math.ulp(Math.abs(b[i]) + Math.abs(sc));
                }
            }
            if (!(Math.abs(got[i] - want) <= tol)) return out(variant) + "[" + i + "] = " + got[i] + ", host " + want;
        }
        return null;
    }

    /** Whether kernel {@code variant} reads array {@code name}. */
    static boolean reads(String variant, char name) {
        String in = switch (variant) {
            case "copy" -> "a";
            case "mul" -> "c";
            case "add", "dot" -> "ab";
            default -> "bc";
        };
        return in.indexOf(name) >= 0;
    }

    private static String out(String variant) {
        return switch (variant) {
            case "mul" -> "b";
            case "triad" -> "a";
            default -> "c";
        };
    }

    private float[] f(char name) {
        return (float[]) array(name);
    }

    private double[] d(char name) {
        return (double[]) array(name);
    }

    /**
     * dot's partials, added here in double, against Σ a·b summed in double with Neumaier's compensation. The bound
     * holds for the kernels' order of summation: each work-item adds at most ceil(n / items) products in turn, the
     * tree adds log2(wg) levels, and each product rounds once: (terms + levels + 2)·u·Σ|a·b|, plus the host's
     * sum of the partials in double.
     *
     * @param partials what the groups left, one each
     * @param items    the launch's work-items (groups × wg)
     * @param wg       the work-group size
     */
    String checkDot(Object partials, long items, int wg) {
        double got = 0;
        int groups;
        if (partials instanceof double[] p) {
            groups = p.length;
            for (double v : p) got += v;
        } else {
            float[] p = (float[]) partials;
            groups = p.length;
            for (float v : p) got += v;
        }
        double sum = 0, comp = 0, abs = 0;
        Object a = array('a'), b = array('b');
        for (int i = 0; i < n; i++) {
            double t = a instanceof double[] da ? da[i] * ((double[]) b)[i] : (double) ((float[]) a)[i] * ((float[]) b)[i];
            abs += Math.abs(t);
            double u = sum + t;
            comp += Math.abs(sum) >= Math.abs(t) ? (sum - u) + t : (t - u) + sum;
            sum = u;
        }
        double want = sum + comp;
        long terms = (n + items - 1) / items;
        int levels = 31 - Integer.numberOfLeadingZeros(wg);
        double tol = (terms + levels + 2) * precision.unitRoundoff * abs + (groups + 2) * 0x1p-53 * abs;
        if (!(Math.abs(got - want) <= tol)) return "dot = " + got + ", host " + want + " (tolerance " + tol + ")";
        return null;
    }
}
