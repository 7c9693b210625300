package dev.perfport.cli.report;

import org.bytedeco.fftw.global.fftw3;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.Loader;

import java.io.IOException;

/**
 * FFTW's single-precision batched complex FFT ({@code fftwf_plan_many_dft}) through the JavaCPP
 * presets ({@code org.bytedeco:fftw}, whose library has FFTW's threads built in). The only class
 * that names the binding, so that a class path without it fails when {@link #load} is called, not
 * before. FFTW's planner is not thread-safe: plans are made from one thread at a time.
 */
final class Fftw {
    private final int threads;

    private Fftw(int threads) {
        this.threads = threads;
    }

    /** Loads the library (unpacking it on first use); its plans run on {@code threads}. Throws what loading throws. */
    static Fftw load(int threads) {
        Loader.load(fftw3.class);
        if (fftw3.fftwf_init_threads() == 0) throw new IllegalStateException("fftwf_init_threads failed");
        fftw3.fftwf_plan_with_nthreads(threads);
        return new Fftw(fftw3.fftwf_planner_nthreads());
    }

    private static String artifactVersion() {
        try {
            String v = Loader.getVersion("org.bytedeco", "fftw", fftw3.class);
            return v == null ? "version unknown" : v;
        } catch (IOException e) {
            return "version unknown";
        }
    }

    int threads() {
        return threads;
    }

    /** FFTW's version string and its binding's, e.g. {@code fftw-3.3.10-sse2-avx (org.bytedeco:fftw 3.3.10-1.5.13)}. */
    String version() {
        return fftw3.fftwf_version().getString() + " (org.bytedeco:fftw " + artifactVersion() + ")";
    }

    /**
     * A plan of {@code batch} forward transforms of {@code n} points, out of place, on arrays of
     * interleaved complex floats (FFTW's alignment, from fftwf_malloc). Planned with FFTW_MEASURE:
     * FFTW times candidate algorithms on this machine and keeps the fastest, as a library user who
     * reuses the plan would; planning overwrites the arrays, so the input is set after it.
     */
    Plan plan(int n, int batch) {
        return new Plan(n, batch);
    }

    static final class Plan implements AutoCloseable {
        private final int n, batch;
        private final long len;
        private final FloatPointer in, out;
        private final fftw3.fftwf_plan plan;

        private Plan(int n, int batch) {
            this.n = n;
            this.batch = batch;
            this.len = 2L * n * batch;
            this.in = new FloatPointer(fftw3.fftwf_malloc(4 * len)).capacity(len);
            this.out = new FloatPointer(fftw3.fftwf_malloc(4 * len)).capacity(len);
            if (in.isNull() || out.isNull()) {
                free();
                throw new IllegalStateException("fftwf_malloc could not allocate 2 x " + 4 * len + " bytes");
            }
            try (IntPointer size = new IntPointer(new int[]{n})) {
                this.plan = fftw3.fftwf_plan_many_dft(1, size, batch, in, null, 1, n, out, null, 1, n, fftw3.FFTW_FORWARD, fftw3.FFTW_MEASURE);
            }
            if (plan == null || plan.isNull()) {
                free();
                throw new IllegalStateException("FFTW made no plan for " + batch + " transforms of " + n + " points");
            }
        }

        /** Sets the input: {@code batch} transforms of {@code n} interleaved complex values. */
        void input(float[] interleaved) {
            if (interleaved.length != len) throw new IllegalArgumentException("input of " + interleaved.length + " floats, the plan takes " + len);
            in.position(0).put(interleaved);
        }

        /** Runs the transforms. */
        void execute() {
            fftw3.fftwf_execute(plan);
        }

        /** The output, interleaved as the input. */
        float[] output() {
            float[] o = new float[Math.toIntExact(len)];
            out.position(0).get(o);
            return o;
        }

        int n() {
            return n;
        }

        int batch() {
            return batch;
        }

        private void free() {
            if (!in.isNull()) fftw3.fftwf_free(in);
            if (!out.isNull()) fftw3.fftwf_free(out);
        }

        @Override
        public void close() {
            fftw3.fftwf_destroy_plan(plan);
            free();
        }
    }
}
