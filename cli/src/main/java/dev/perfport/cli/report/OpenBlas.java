package dev.perfport.cli.report;

import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.openblas.global.openblas_nolapack;

import java.io.IOException;

import static org.bytedeco.openblas.global.openblas_nolapack.CblasColMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasLeft;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasLower;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasNonUnit;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasRowMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_dgemm;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_dtrsm;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_sgemm;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_strsm;

/**
 * OpenBLAS's {@code cblas_sgemm}, {@code cblas_dgemm}, {@code cblas_strsm} and {@code cblas_dtrsm} through the JavaCPP
 * presets ({@code org.bytedeco:openblas}, the BLAS-only {@code openblas_nolapack} library: they need no LAPACK). The only class that names
 * the binding, so that a class path without it fails when {@link #load} is called, not before.
 */
final class OpenBlas {
    private final String version;

    private OpenBlas(String version) {
        this.version = version;
    }

    /** Loads the library (unpacking it on first use) and sets its thread count; throws what loading throws. */
    static OpenBlas load(int threads) {
        Loader.load(openblas_nolapack.class);
        OpenBlas lib = new OpenBlas(openblas_nolapack.OPENBLAS_VERSION.strip() + " (org.bytedeco:openblas " + artifactVersion() + ")");
        lib.useThreads(threads);
        return lib;
    }

    private static String artifactVersion() {
        try {
            String v = Loader.getVersion("org.bytedeco", "openblas", openblas_nolapack.class);
            return v == null ? "version unknown" : v;
        } catch (IOException e) {
            return "version unknown";
        }
    }

    /** The threads OpenBLAS runs on. */
    int threads() {
        return openblas_nolapack.blas_get_num_threads();
    }

    /** Sets the threads OpenBLAS runs on (for the whole process). */
    void useThreads(int threads) {
        openblas_nolapack.blas_set_num_threads(threads);
    }

    /** The library and its binding's version, e.g. {@code OpenBLAS 0.3.31 (org.bytedeco:openblas 0.3.31-1.5.13)}. */
    String version() {
        return version;
    }

    /** Square row-major float matrices in native memory. */
    static final class Matrices implements AutoCloseable {
        final int n;
        final FloatPointer a, b, c;

        Matrices(int n, float[] a, float[] b) {
            this.n = n;
            long len = (long) n * n;
            this.a = new FloatPointer(len).put(a);
            this.b = new FloatPointer(len).put(b);
            this.c = new FloatPointer(len);
        }

        float[] c() {
            float[] out = new float[Math.multiplyExact(n, n)];
            c.get(out);
            return out;
        }

        @Override
        public void close() {
            a.close();
            b.close();
            c.close();
        }
    }

    /** C = A B, all row-major n x n. */
    void sgemm(Matrices m) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m.n, m.n, m.n, 1f, m.a, m.n, m.b, m.n, 0f, m.c, m.n);
    }

    /** Column-major double matrices in native memory: A m x k, B k x n (or m x n for TRSM), C m x n. */
    static final class Doubles implements AutoCloseable {
        final DoublePointer a, b, c;

        Doubles(double[] a, double[] b, int cLength) {
            this.a = new DoublePointer(a.length).put(a);
            this.b = new DoublePointer(b.length).put(b);
            this.c = new DoublePointer(Math.max(1, cLength));
        }

        double[] b() {
            double[] out = new double[(int) b.limit()];
            b.get(out);
            return out;
        }

        double[] c() {
            double[] out = new double[(int) c.limit()];
            c.get(out);
            return out;
        }

        /** B again from {@code v} (a TRSM overwrites it with X). */
        void b(double[] v) {
            b.put(v);
        }

        @Override
        public void close() {
            a.close();
            b.close();
            c.close();
        }
    }

    /** Column-major float matrices in native memory, as {@link Doubles}. */
    static final class Floats implements AutoCloseable {
        final FloatPointer a, b, c;

        Floats(float[] a, float[] b, int cLength) {
            this.a = new FloatPointer(a.length).put(a);
            this.b = new FloatPointer(b.length).put(b);
            this.c = new FloatPointer(Math.max(1, cLength));
        }

        float[] b() {
            float[] out = new float[(int) b.limit()];
            b.get(out);
            return out;
        }

        float[] c() {
            float[] out = new float[(int) c.limit()];
            c.get(out);
            return out;
        }

        void b(float[] v) {
            b.put(v);
        }

        @Override
        public void close() {
            a.close();
            b.close();
            c.close();
        }
    }

    /** C = A B, column-major n x n, float. */
    void sgemm(Floats m, int n) {
        cblas_sgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1f, m.a, n, m.b, n, 0f, m.c, n);
    }

    /** C = A B, column-major n x n, double. */
    void dgemm(Doubles m, int n) {
        cblas_dgemm(CblasColMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1d, m.a, n, m.b, n, 0d, m.c, n);
    }

    /** B := alpha inv(A) B: A m x m lower triangular non-unit on the left, B m x n, column-major, float (the trsm workload's solve). */
    void strsm(Floats m, int rows, int cols, float alpha) {
        cblas_strsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, rows, cols, alpha, m.a, rows, m.b, rows);
    }

    /** As {@link #strsm}, double. */
    void dtrsm(Doubles m, int rows, int cols, double alpha) {
        cblas_dtrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, rows, cols, alpha, m.a, rows, m.b, rows);
    }
}
