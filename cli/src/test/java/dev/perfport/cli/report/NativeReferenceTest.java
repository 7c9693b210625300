package dev.perfport.cli.report;

import org.hipparchus.linear.BlockRealMatrix;
import org.hipparchus.transform.DftNormalization;
import org.hipparchus.transform.FastFourierTransformer;
import org.hipparchus.transform.TransformType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Report seed-004's native references compute what Java computes: OpenBLAS's SGEMM against
 * Hipparchus's blocked product and FFTW's batched FFT against Hipparchus's FFT, both in double
 * precision (the references the report used before), within float's rounding. Skipped, with the
 * one-line reason, where the native library cannot be loaded; a library that cannot load is one
 * line and a failed reference, never an exception.
 */
class NativeReferenceTest {

    private static OpenBlas blas() {
        NativeLibrary<OpenBlas> lib = NativeReference.blas();
        assumeTrue(lib instanceof NativeLibrary.Loaded<OpenBlas>, () -> ((NativeLibrary.Missing<OpenBlas>) lib).why());
        return ((NativeLibrary.Loaded<OpenBlas>) lib).binding();
    }

    private static Fftw fftw() {
        NativeLibrary<Fftw> lib = NativeReference.fftw();
        assumeTrue(lib instanceof NativeLibrary.Loaded<Fftw>, () -> ((NativeLibrary.Missing<Fftw>) lib).why());
        return ((NativeLibrary.Loaded<Fftw>) lib).binding();
    }

    @Test
    void openBlasSgemmIsHipparchusProductWithinFloatRounding() {
        OpenBlas lib = blas();
        for (int n : new int[]{1, 37, 130}) {
            float[] a = NativeReference.random(n * n, 7), b = NativeReference.random(n * n, 8);
            float[] c;
            try (OpenBlas.Matrices m = new OpenBlas.Matrices(n, a, b)) {
                lib.sgemm(m);
                c = m.c();
            }
            double[][] da = new double[n][n], db = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    da[i][j] = a[i * n + j];
                    db[i][j] = b[i * n + j];
                }
            }
            double[][] exact = new BlockRealMatrix(da).multiply(new BlockRealMatrix(db)).getData();
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    // |entries| <= 1: n products, each rounding at most 2^-24 of a running sum below n
                    assertEquals(exact[i][j], c[i * n + j], 2.0 * n * n * 0x1p-24, "n " + n + " C[" + i + "][" + j + "]");
                }
            }
        }
    }

    @Test
    void fftwBatchIsHipparchusFftWithinFloatRounding() {
        Fftw lib = fftw();
        for (int[] nb : new int[][]{{8, 5}, {512, 3}, {16384, 2}}) {
            int n = nb[0], batch = nb[1];
            float[] x = NativeReference.random(2 * n * batch, 11), y;
            try (Fftw.Plan plan = lib.plan(n, batch)) {
                plan.input(x);
                plan.execute();
                y = plan.output();
            }
            for (int t = 0; t < batch; t++) {
                double[][] d = new double[2][n];
                for (int j = 0; j < n; j++) {
                    d[0][j] = x[2 * (t * n + j)];
                    d[1][j] = x[2 * (t * n + j) + 1];
                }
                FastFourierTransformer.transformInPlace(d, DftNormalization.STANDARD, TransformType.FORWARD);
                // bins of about sqrt(n) in size; float's relative error grows with log2 n passes
                double tol = 1e-5 * Math.sqrt(n) * Integer.numberOfTrailingZeros(n) + 1e-6;
                for (int k = 0; k < n; k++) {
                    assertEquals(d[0][k], y[2 * (t * n + k)], tol, n + "x" + batch + " transform " + t + " bin " + k + " (re)");
                    assertEquals(d[1][k], y[2 * (t * n + k) + 1], tol, n + "x" + batch + " transform " + t + " bin " + k + " (im)");
                }
            }
        }
    }

    @Test
    void theReportsReferencesAreVerifiedAndNameLibraryVersionAndThreads() {
        blas();
        fftw();
        Seed004Study.Point g = NativeReference.sgemm(64, 42);
        assertTrue(g.ok(), g::toString);
        assertTrue(g.variant().startsWith("OpenBLAS 0.3.31 (org.bytedeco:openblas 0.3.31-1.5.13) cblas_sgemm, float, "), g.variant());
        // the faster of the run's cores and one thread, named
        assertTrue(g.variant().matches(".* cblas_sgemm, float, (1 thread|" + NativeReference.THREADS + " threads)( \\(faster than .* in this run\\))?"), g.variant());
        Seed004Study.Point f = NativeReference.fft(512, 4, 42);
        assertTrue(f.ok(), f::toString);
        assertTrue(f.variant().startsWith("fftw-3.3.10") && f.variant().contains("(org.bytedeco:fftw 3.3.10-1.5.13) fftwf_plan_many_dft (FFTW_MEASURE), float, up to "),
                f.variant());
        assertEquals("GFLOP/s", f.metric());
    }

    @Test
    void theSpotChecksCatchAWrongResult() {
        int n = 16;
        float[] a = NativeReference.random(n * n, 1), b = NativeReference.random(n * n, 2), c = new float[n * n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int l = 0; l < n; l++) s += (double) a[i * n + l] * b[l * n + j];
                c[i * n + j] = (float) s;
            }
        }
        assertNull(NativeReference.checkSgemm(n, a, b, c, 42));
        java.util.Arrays.fill(c, 0.25f);
        assertNotNull(NativeReference.checkSgemm(n, a, b, c, 42));
        float[] x = NativeReference.random(2 * n, 3), y = new float[2 * n];
        for (int k = 0; k < n; k++) {
            for (int j = 0; j < n; j++) {
                double ang = -2 * Math.PI * j * k / n;
                y[2 * k] += (float) (x[2 * j] * Math.cos(ang) - x[2 * j + 1] * Math.sin(ang));
                y[2 * k + 1] += (float) (x[2 * j] * Math.sin(ang) + x[2 * j + 1] * Math.cos(ang));
            }
        }
        assertNull(NativeReference.checkFft(n, 1, x, y, 42));
        java.util.Arrays.fill(y, 1f);
        assertNotNull(NativeReference.checkFft(n, 1, x, y, 42));
    }

    @Test
    void aLibraryThatCannotLoadIsOneLineNamingIt() {
        NativeLibrary<Object> l = NativeLibrary.load("OpenBLAS (org.bytedeco:openblas)", () -> {
            throw new UnsatisfiedLinkError("no jniopenblas_nolapack in java.library.path: /usr/lib\n\tat somewhere");
        });
        assertEquals(new NativeLibrary.Missing<>("OpenBLAS (org.bytedeco:openblas) not loaded: UnsatisfiedLinkError: no jniopenblas_nolapack in java.library.path: /usr/lib"), l);
        l = NativeLibrary.load("FFTW (org.bytedeco:fftw)", () -> {
            throw new NoClassDefFoundError("org/bytedeco/fftw/global/fftw3");
        });
        assertEquals(new NativeLibrary.Missing<>("FFTW (org.bytedeco:fftw) not loaded: NoClassDefFoundError: org/bytedeco/fftw/global/fftw3"), l);
        l = NativeLibrary.load("X", () -> {
            throw new ExceptionInInitializerError(new IllegalStateException("bad platform"));
        });
        assertEquals(new NativeLibrary.Missing<>("X not loaded: IllegalStateException: bad platform"), l);
        assertEquals(new NativeLibrary.Loaded<>("ok"), NativeLibrary.load("Y", () -> "ok"));
    }
}
