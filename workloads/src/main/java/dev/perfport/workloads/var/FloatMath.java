package dev.perfport.workloads.var;

/**
 * The float functions of the Box-Muller transform (logarithm, square root, sine and cosine of
 * 2πt), written with nothing but float additions, subtractions and multiplications, integer bit
 * operations and conversions. Each of these is correctly rounded IEEE 754 arithmetic both in Java
 * and in OpenCL C compiled with {@code #pragma OPENCL FP_CONTRACT OFF} (no fused multiply-add),
 * while OpenCL's own {@code log}, {@code sqrt}, {@code cos} and even {@code /} may differ by a few
 * ulp between devices. So the normals that {@code var.cl} computes are bit-identical to these, on
 * every OpenCL device and in the Java kernels, and the host reproduces any device's random
 * numbers exactly. Each statement does one operation, in the order {@code var.cl} does it.
 *
 * <p>Accuracy (float32): {@link #ln} about 1.1e-7 relative (a degree-9 least-squares polynomial on
 * Chebyshev nodes for ln(1+f)/f, f in [√½−1, √2−1], fitted in 50-digit arithmetic and rounded to
 * float; coefficients as exact hexadecimal literals); {@link #sqrt} a few ulp (three Newton steps
 * of the reciprocal square root); {@link #sinCos2Pi} about 1e-7 absolute (Taylor polynomials on
 * [−π/4, π/4] after reduction by quarter turns, exact for t in (0, 1]).
 */
public final class FloatMath {
    static final float SQRT2 = 0x1.6a09e6p+0f;
    static final float LN2_HI = 0x1.62e4p-1f;   // 15 bits: e * LN2_HI is exact for |e| < 512
    static final float LN2_LO = 0x1.7f7d1cp-20f;
    static final float L0 = 0x1.0p+0f, L1 = -0x1.fffff8p-2f, L2 = 0x1.55555p-2f, L3 = -0x1.000428p-2f,
            L4 = 0x1.99a476p-3f, L5 = -0x1.5427a8p-3f, L6 = 0x1.226874p-3f, L7 = -0x1.0f2c26p-3f,
            L8 = 0x1.087b72p-3f, L9 = -0x1.38e072p-4f;
    static final float TWO_PI = 0x1.921fb6p+2f;
    static final float S1 = -0x1.555556p-3f, S2 = 0x1.111112p-7f, S3 = -0x1.a01a02p-13f, S4 = 0x1.71de3ap-19f;
    static final float C1 = -0x1.0p-1f, C2 = 0x1.555556p-5f, C3 = -0x1.6c16c2p-10f, C4 = 0x1.a01a02p-16f,
            C5 = -0x1.27e4fcp-22f;
    /** 2^-32: maps a 32-bit word to (0, 1]. */
    static final float TWO_M32 = 0x1.0p-32f;

    private FloatMath() {
    }

    /**
     * A 32-bit word as a uniform number in (0, 1], as Nvidia's Mersenne Twister sample does:
     * {@code ((float) x + 1) / 2^32}, the word read as unsigned and rounded to nearest.
     */
    public static float uniform(int x) {
        float f = (float) (x & 0xFFFFFFFFL);
        f = f + 1.0f;
        return f * TWO_M32;
    }

    /** Natural logarithm of a positive normal float (here: u in [2^-32, 1]). */
    public static float ln(float u) {
        int bits = Float.floatToRawIntBits(u);
        int e = ((bits >> 23) & 0xff) - 127;
        float m = Float.intBitsToFloat((bits & 0x007fffff) | 0x3f800000);
        if (m > SQRT2) {
            m = m * 0.5f;
            e = e + 1;
        }
        float f = m - 1.0f;                     // exact (Sterbenz)
        float p = L9;
        p = p * f; p = p + L8;
        p = p * f; p = p + L7;
        p = p * f; p = p + L6;
        p = p * f; p = p + L5;
        p = p * f; p = p + L4;
        p = p * f; p = p + L3;
        p = p * f; p = p + L2;
        p = p * f; p = p + L1;
        p = p * f; p = p + L0;
        float lf = f * p;
        float ef = (float) e;
        float hi = ef * LN2_HI;
        float lo = ef * LN2_LO;
        lo = lo + lf;
        return hi + lo;
    }

    /** Square root of a >= 0, by three Newton steps of 1/√a from the classic bit-level first guess. */
    public static float sqrt(float a) {
        if (a == 0.0f) return 0.0f;
        float h = 0.5f * a;
        float y = Float.intBitsToFloat(0x5f3759df - (Float.floatToRawIntBits(a) >> 1));
        for (int i = 0; i < 3; i++) {
            float t = h * y;
            t = t * y;
            t = 1.5f - t;
            y = y * t;
        }
        return a * y;
    }

    /**
     * {@code sin(2πt)} and {@code cos(2πt)} for t in (0, 1], written to {@code out[0]} (sine) and
     * {@code out[1]} (cosine). t is reduced by the nearest quarter turn k/4 exactly, so the
     * polynomials only see angles in [−π/4, π/4].
     */
    public static void sinCos2Pi(float t, float[] out) {
        float t4 = t * 4.0f;
        t4 = t4 + 0.5f;
        int k = (int) t4;
        float kq = (float) k;
        kq = kq * 0.25f;
        float x = t - kq;
        float th = x * TWO_PI;
        float th2 = th * th;
        float ps = S4;
        ps = ps * th2; ps = ps + S3;
        ps = ps * th2; ps = ps + S2;
        ps = ps * th2; ps = ps + S1;
        float th3 = th * th2;
        float sn = th3 * ps;
        sn = th + sn;
        float pc = C5;
        pc = pc * th2; pc = pc + C4;
        pc = pc * th2; pc = pc + C3;
        pc = pc * th2; pc = pc + C2;
        pc = pc * th2; pc = pc + C1;
        pc = pc * th2;
        float cs = 1.0f + pc;
        switch (k & 3) {
            case 0 -> { out[0] = sn; out[1] = cs; }
            case 1 -> { out[0] = cs; out[1] = -sn; }
            case 2 -> { out[0] = -sn; out[1] = -cs; }
            default -> { out[0] = -cs; out[1] = sn; }
        }
    }

    /**
     * The Box-Muller transform of two uniforms in (0, 1]: {@code r = √(−2 ln u1)},
     * {@code out[0] = r cos 2πu2}, {@code out[1] = r sin 2πu2} (two independent standard normals).
     */
    public static void boxMuller(float u1, float u2, float[] out) {
        float l = ln(u1);
        float a = -2.0f * l;
        float r = sqrt(a);
        sinCos2Pi(u2, out);
        float s = out[0];
        float c = out[1];
        out[0] = r * c;
        out[1] = r * s;
    }
}
