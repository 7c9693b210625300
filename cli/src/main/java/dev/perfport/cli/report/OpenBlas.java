package dev.perfport.cli.report;

import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.openblas.global.openblas_nolapack;

import java.io.IOException;

import static org.bytedeco.openblas.global.openblas_nolapack.CblasNoTrans;
import static org.bytedeco.openblas.global.openblas_nolapack.CblasRowMajor;
import static org.bytedeco.openblas.global.openblas_nolapack.cblas_sgemm;

/**
 * OpenBLAS's {@code cblas_sgemm} through the JavaCPP presets ({@code org.bytedeco:openblas}, the
 * BLAS-only {@code openblas_nolapack} library: SGEMM needs no LAPACK). The only class that names
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
}
