package dev.perfport.cli.report;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * Report seed-004's CPU references, the stand-ins for the paper's state of the art (MKL's SGEMM,
 * FFTW): OpenBLAS's SGEMM and FFTW's batched FFT, in float like the kernels they rate, on every
 * core of this host (the cores the PoCL device runs on). Each is timed by its best call after an
 * untimed one, over more calls than a kernel ({@link #best}); each result is spot-checked against
 * sums in double precision, so a reference too is verified before it rates anything. A library
 * that cannot be loaded gives a reference that failed, with the reason in one line: the report
 * then shows no {@code % ref} for it rather than stopping.
 */
final class NativeReference {
    static final int REPS = 5;
    /** The least time the timed calls span together (see {@link #best}). */
    static final long MIN_NANOS = 1_000_000_000L;
    /** The cores the run uses: the host's, as PoCL's CPU device uses them all. */
    static final int THREADS = Runtime.getRuntime().availableProcessors();
    /** Entries of C, bins of a transform, checked in double precision. */
    private static final int CHECKS = 16;

    private static NativeLibrary<OpenBlas> blas;
    private static NativeLibrary<Fftw> fftw;

    private NativeReference() {
    }

    /** OpenBLAS on {@link #THREADS} threads, loaded on first use. */
    static synchronized NativeLibrary<OpenBlas> blas() {
        if (blas == null) blas = NativeLibrary.load("OpenBLAS (org.bytedeco:openblas)", () -> OpenBlas.load(THREADS));
        return blas;
    }

    /** FFTW on {@link #THREADS} threads, loaded on first use. */
    static synchronized NativeLibrary<Fftw> fftw() {
        if (fftw == null) fftw = NativeLibrary.load("FFTW (org.bytedeco:fftw)", () -> Fftw.load(THREADS));
        return fftw;
    }

    /** OpenBLAS's C = A B for square float matrices of n, GFLOP/s by 2 n^3. */
    static Seed004Study.Point sgemm(int n, long seed) {
        return switch (blas()) {
            case NativeLibrary.Missing<OpenBlas> m -> missing("OpenBLAS cblas_sgemm", m.why());
            case NativeLibrary.Loaded<OpenBlas> l -> sgemm(l.binding(), n, seed);
        };
    }

    /**
     * On {@link #THREADS} threads and on one, the faster named: OpenBLAS's threads wait for each
     * other spinning, so while other jobs hold this shared machine's cores a multi-threaded call
     * can stay tens of times slower than one thread for seconds (measured here: 32 ms a call for
     * over a second, 0.17 ms before and after); FFTW's planner makes the same choice itself.
     */
    private static Seed004Study.Point sgemm(OpenBlas lib, int n, long seed) {
        float[] a = random(n * n, seed), b = random(n * n, seed + 1);
        String variant = lib.version() + " cblas_sgemm";
        try (OpenBlas.Matrices m = new OpenBlas.Matrices(n, a, b)) {
            long best = Long.MAX_VALUE;
            int used = THREADS;
            for (int t : THREADS > 1 ? new int[]{THREADS, 1} : new int[]{1}) {
                lib.useThreads(t);
                lib.sgemm(m);
                long time = best(() -> lib.sgemm(m));
                if (time < best) {
                    best = time;
                    used = lib.threads();
                }
            }
            lib.useThreads(THREADS);
            variant += ", float, " + (used == 1 ? "1 thread" : used + " threads")
                    + (THREADS > 1 ? " (faster than " + (used == 1 ? THREADS + " threads" : "1 thread") + " in this run)" : "");
            String wrong = checkSgemm(n, a, b, m.c(), seed);
            double gflops = 2.0 * n * n * n / best;
            return new Seed004Study.Point(variant, Map.of(), wrong == null, wrong, wrong == null ? gflops : 0, "GFLOP/s",
                    wrong == null ? gflops : 0, 0, best / 1e6);
        } catch (RuntimeException e) {
            return missing(variant, "OpenBLAS failed: " + e.getMessage());
        }
    }

    /** FFTW's batch forward transforms of n points, GFLOP/s by 5 n log2 n per transform (the paper's convention). */
    static Seed004Study.Point fft(int n, int batch, long seed) {
        return switch (fftw()) {
            case NativeLibrary.Missing<Fftw> m -> missing("FFTW fftwf_plan_many_dft", m.why());
            case NativeLibrary.Loaded<Fftw> l -> fft(l.binding(), n, batch, seed);
        };
    }

    private static Seed004Study.Point fft(Fftw lib, int n, int batch, long seed) {
        String variant = lib.version() + " fftwf_plan_many_dft (FFTW_MEASURE), float, up to " + lib.threads() + " threads";
        try (Fftw.Plan plan = lib.plan(n, batch)) {
            float[] x = random(Math.multiplyExact(2 * n, batch), seed);
            plan.input(x);
            plan.execute();
            long best = best(plan::execute);
            String wrong = checkFft(n, batch, x, plan.output(), seed);
            double gflops = 5.0 * n * (Math.log(n) / Math.log(2)) * batch / best;
            return new Seed004Study.Point(variant, Map.of(), wrong == null, wrong, wrong == null ? gflops : 0, "GFLOP/s",
                    wrong == null ? gflops : 0, 0, best / 1e6);
        } catch (RuntimeException e) {
            return missing(variant, "FFTW failed: " + e.getMessage());
        }
    }

    /**
     * The best time of at least {@link #REPS} calls that together last at least {@link #MIN_NANOS}.
     * Why a time span and not a count: on a shared machine a multi-threaded call waits for a
     * descheduled thread (OpenBLAS on 2 cores with another job running: 30 ms instead of 0.15), so a
     * few calls in a row can all be slow; the span reaches a moment when the cores are free.
     */
    static long best(Runnable call) {
        long best = Long.MAX_VALUE, start = System.nanoTime();
        for (int rep = 0; rep < REPS || System.nanoTime() - start < MIN_NANOS; rep++) {
            long t0 = System.nanoTime();
            call.run();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }

    private static Seed004Study.Point missing(String variant, String why) {
        return new Seed004Study.Point(variant, Map.of(), false, why, 0, "GFLOP/s", 0, 0, 0);
    }

    static float[] random(int len, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float[] v = new float[len];
        for (int i = 0; i < len; i++) v[i] = (float) (rnd.nextDouble() * 2 - 1);
        return v;
    }

    /** Null when CHECKS random entries of C are within float's worst-case error of the double sum; else what differs. */
    static String checkSgemm(int n, float[] a, float[] b, float[] c, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int k = 0; k < CHECKS; k++) {
            int i = rnd.nextInt(n), j = rnd.nextInt(n);
            double sum = 0, abs = 0;
            for (int l = 0; l < n; l++) {
                double p = (double) a[i * n + l] * b[l * n + j];
                sum += p;
                abs += Math.abs(p);
            }
            // n float roundings of a sum, each at most 2^-24 of the running sum of magnitudes; twice that
            double tol = 2.0 * n * 0x1p-24 * abs + 1e-30;
            if (!(Math.abs(c[i * n + j] - sum) <= tol)) return "C[" + i + "][" + j + "] = " + c[i * n + j] + ", the double sum " + sum;
        }
        return null;
    }

    /** Null when CHECKS random bins of the first and last transform are within tolerance of the DFT summed in double; else what differs. */
    static String checkFft(int n, int batch, float[] x, float[] y, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        int log2 = 64 - Long.numberOfLeadingZeros(Math.max(1, n - 1));
        for (int t : new int[]{0, batch - 1}) {
            int off = 2 * n * t;
            double abs = 0;
            for (int j = 0; j < 2 * n; j++) abs += Math.abs(x[off + j]);
            // an FFT's error grows with log2 n rounding steps over the input's magnitude; generous, a wrong bin is off by its size
            double tol = 1e-5 * Math.max(1, log2) * abs + 1e-30;
            for (int c = 0; c < CHECKS / 2; c++) {
                int k = rnd.nextInt(n);
                double re = 0, im = 0;
                for (int j = 0; j < n; j++) {
                    double ang = -2 * Math.PI * ((long) j * k % n) / n, cos = Math.cos(ang), sin = Math.sin(ang);
                    double xr = x[off + 2 * j], xi = x[off + 2 * j + 1];
                    re += xr * cos - xi * sin;
                    im += xr * sin + xi * cos;
                }
                double dr = y[off + 2 * k] - re, di = y[off + 2 * k + 1] - im;
                if (!(Math.hypot(dr, di) <= tol)) {
                    return "transform " + t + " bin " + k + " = " + y[off + 2 * k] + "+" + y[off + 2 * k + 1] + "i, the double DFT " + re + "+" + im + "i";
                }
            }
        }
        return null;
    }
}
