package dev.perfport.workloads.var;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The bit-exact float functions are also accurate, and the normals they make are normal. */
class FloatMathTest {

    @Test
    void uniformMapsWordsOntoZeroOneInclusive() {
        assertEquals(0x1.0p-32f, FloatMath.uniform(0));
        assertEquals(1.0f, FloatMath.uniform(-1));
        assertEquals(0.5f, FloatMath.uniform(0x7FFFFFFF), 1e-9f);
    }

    @Test
    void logarithmIsAccurate() {
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < 200_000; i++) {
            float u = FloatMath.uniform(r.nextInt());
            double exact = Math.log(u);
            double err = Math.abs(FloatMath.ln(u) - exact);
            assertTrue(err <= 2.5e-7 * Math.max(Math.abs(exact), 1e-3), "ln(" + u + ") error " + err);
        }
        assertEquals(0.0f, FloatMath.ln(1.0f));
        assertEquals(Math.log(0x1.0p-32), FloatMath.ln(0x1.0p-32f), 1e-5);
    }

    @Test
    void squareRootIsWithinTwoUlp() {
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 200_000; i++) {
            float a = (float) (r.nextDouble() * 50);
            float exact = (float) Math.sqrt(a);
            assertTrue(Math.abs(FloatMath.sqrt(a) - exact) <= 2 * Math.ulp(exact), "sqrt(" + a + ")");
        }
        assertEquals(0.0f, FloatMath.sqrt(0.0f));
        assertEquals(0.0f, FloatMath.sqrt(-0.0f));
    }

    @Test
    void sineAndCosineOfTwoPiTAreAccurateOverTheWholeTurn() {
        float[] sc = new float[2];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            float t = FloatMath.uniform(r.nextInt());
            FloatMath.sinCos2Pi(t, sc);
            assertEquals(Math.sin(2 * Math.PI * t), sc[0], 3e-7, "sin at " + t);
            assertEquals(Math.cos(2 * Math.PI * t), sc[1], 3e-7, "cos at " + t);
        }
        FloatMath.sinCos2Pi(1.0f, sc);
        assertEquals(0.0, sc[0], 1e-7);
        assertEquals(1.0, sc[1], 1e-7);
    }

    @Test
    void boxMullerNormalsHaveMeanZeroVarianceOneAndPassKolmogorovSmirnov() {
        int n = 1 << 17;
        double[] z = new double[n];
        int[] w = new int[4];
        float[] p = new float[2];
        for (int i = 0; i < n / 2; i++) {
            Philox.philox4x32x10(i, 0, 0, 0, 7, 0, w);
            FloatMath.boxMuller(FloatMath.uniform(w[0]), FloatMath.uniform(w[1]), p);
            z[2 * i] = p[0];
            z[2 * i + 1] = p[1];
        }
        assertNormal(z);
        // and the MT607 stream of a generated parameter set
        VarKernels.MtNormals mt = new VarKernels.MtNormals(new Mt607(Mt607Creator.create(3), 42));
        double[] y = new double[n];
        for (int i = 0; i < n; i++) y[i] = mt.next();
        assertNormal(y);
    }

    static void assertNormal(double[] z) {
        int n = z.length;
        double mean = Arrays.stream(z).average().orElseThrow();
        double var = Arrays.stream(z).map(v -> (v - mean) * (v - mean)).sum() / (n - 1);
        assertEquals(0, mean, 4 / Math.sqrt(n), "mean");              // 4 standard errors
        assertEquals(1, var, 4 * Math.sqrt(2.0 / n), "variance");
        double[] s = z.clone();
        Arrays.sort(s);
        double d = 0;
        for (int i = 0; i < n; i++) {
            double f = phi(s[i]);
            d = Math.max(d, Math.max(Math.abs(f - (double) i / n), Math.abs((i + 1.0) / n - f)));
        }
        // Kolmogorov-Smirnov at the 0.1 % level: D < 1.95 / sqrt(n)
        assertTrue(d < 1.95 / Math.sqrt(n), "KS statistic " + d + " >= " + 1.95 / Math.sqrt(n));
    }

    /** Standard normal CDF by Simpson integration of the density from 0 (enough for a KS test). */
    static double phi(double x) {
        double a = Math.abs(x);
        if (a > 8) return x > 0 ? 1 : 0;
        int steps = 64;
        double h = a / steps, s = 0;
        for (int i = 0; i <= steps; i++) {
            double t = i * h;
            double f = Math.exp(-t * t / 2);
            s += (i == 0 || i == steps) ? f : (i % 2 == 1 ? 4 * f : 2 * f);
        }
        double half = s * h / 3 / Math.sqrt(2 * Math.PI);
        return x >= 0 ? 0.5 + half : 0.5 - half;
    }
}
