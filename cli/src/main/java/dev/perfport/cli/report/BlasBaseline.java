package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed001Report.Options;
import dev.perfport.cli.report.Seed001Report.Result;
import dev.perfport.cli.report.Seed001Report.SizeRow;
import dev.perfport.cli.report.Seed001Report.TrsmRow;
import dev.perfport.workloads.trsm.Trsm;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import static dev.perfport.cli.report.Seed001Report.fmt;

/**
 * Seed 001's CPU BLAS baseline (Fig. 15: MKL's and ATLAS's xGEMM on the paper's Tigerton): OpenBLAS's {@code cblas_sgemm} and
 * {@code cblas_dgemm} at the report's GEMM sizes and {@code cblas_strsm} and {@code cblas_dtrsm} at its TRSM size, on this
 * host's CPU, through the JavaCPP presets ({@link OpenBlas}). Each is timed by its best call after an untimed one over at least a
 * second ({@link NativeReference#best}), on every core and on one, the faster kept (OpenBLAS's threads spin while waiting, which on
 * a shared machine can make every core slower than one); each result is checked in double precision before it rates anything.
 * Where OpenBLAS does not load, each row is skipped with the reason. Saved as the sweep {@value #SWEEP} of the whole study (the
 * host, not a device).
 */
final class BlasBaseline {
    static final String SWEEP = "blas";

    private BlasBaseline() {
    }

    /**
     * One routine at one size on the host CPU.
     *
     * @param routine gemm or trsm
     * @param type    float or double
     * @param m       rows (GEMM: m = n = k)
     * @param n       columns (TRSM: right-hand sides)
     * @param gflops  2 m n k or m² n over the best call, null when skipped or wrong
     * @param millis  the best call, null when skipped
     * @param threads the threads of the best call, null when skipped
     * @param library the library's and its binding's version, null when it did not load
     * @param error   why the row has no rate: the library did not load, failed, or its result was wrong; else null
     * @param host    the CPU it ran on and its hardware threads
     * @param measured when it ran (ISO-8601)
     */
    record BlasRow(String routine, String type, int m, int n, Double gflops, Double millis, Integer threads, String library, String error,
                   String host, String measured) {
        BlasRow(String routine, String type, int m, int n, Double gflops, Double millis, Integer threads, String library, String error) {
            this(routine, type, m, n, gflops, millis, threads, library, error, HostFacts.machine().get("cpu") + ", "
                    + Runtime.getRuntime().availableProcessors() + " hardware threads", java.time.ZonedDateTime.now().withNano(0).toString());
        }
    }

    /** The baseline on this host: OpenBLAS as {@link NativeReference} loads it. */
    static List<BlasRow> measure(Options o, PrintStream err) {
        return measure(o, err, NativeReference.blas());
    }

    /** The baseline with {@code blas}, loaded or not (a test passes a missing one). */
    static List<BlasRow> measure(Options o, PrintStream err, NativeLibrary<OpenBlas> blas) {
        List<BlasRow> rows = new ArrayList<>();
        for (String type : o.types()) {
            for (int n : o.sizes()) rows.add(row(blas, "gemm", type, n, n, o.seed()));
            rows.add(row(blas, "trsm", type, o.trsmM(), o.trsmN(), o.seed()));
        }
        for (BlasRow r : rows) {
            err.println("[report seed-001 host] OpenBLAS " + r.routine() + " " + r.type() + " " + r.m() + (r.routine().equals("gemm") ? "^3" : " x " + r.n())
                    + ": " + (r.error() == null ? fmt(r.gflops()) + " GFLOP/s on " + r.threads() + " thread(s)" : r.error()));
        }
        return rows;
    }

    private static BlasRow row(NativeLibrary<OpenBlas> blas, String routine, String type, int m, int n, long seed) {
        return switch (blas) {
            case NativeLibrary.Missing<OpenBlas> miss -> new BlasRow(routine, type, m, n, null, null, null, null, "skipped: " + miss.why());
            case NativeLibrary.Loaded<OpenBlas> l -> {
                try {
                    yield routine.equals("gemm") ? gemm(l.binding(), type, m, seed) : trsm(l.binding(), type, m, n, seed);
                } catch (RuntimeException | LinkageError e) {
                    yield new BlasRow(routine, type, m, n, null, null, null, l.binding().version(), "OpenBLAS failed: " + e);
                }
            }
        };
    }

    /** Times {@code call} on every core and on one; returns {best nanos, threads}. */
    private static long[] timed(OpenBlas lib, Runnable call) {
        int all = NativeReference.THREADS;
        long best = Long.MAX_VALUE, used = all;
        for (int t : all > 1 ? new int[]{all, 1} : new int[]{1}) {
            lib.useThreads(t);
            call.run();
            long time = NativeReference.best(call);
            if (time < best) {
                best = time;
                used = lib.threads();
            }
        }
        lib.useThreads(all);
        return new long[]{best, used};
    }

    static BlasRow gemm(OpenBlas lib, String type, int n, long seed) {
        int len = Math.multiplyExact(n, n);
        double[] a = random(len, seed), b = random(len, seed + 1);
        double flops = 2.0 * n * n * n;
        long[] t;
        String wrong;
        if (type.equals("double")) {
            try (OpenBlas.Doubles d = new OpenBlas.Doubles(a, b, len)) {
                t = timed(lib, () -> lib.dgemm(d, n));
                wrong = checkGemm(n, a, b, d.c(), 0x1p-53, seed);
            }
        } else {
            float[] af = floats(a), bf = floats(b);
            try (OpenBlas.Floats f = new OpenBlas.Floats(af, bf, len)) {
                t = timed(lib, () -> lib.sgemm(f, n));
                float[] c = f.c();
                wrong = checkGemm(n, doubles(af), doubles(bf), doubles(c), 0x1p-24, seed);
            }
        }
        return new BlasRow("gemm", type, n, n, wrong == null ? flops / t[0] : null, t[0] / 1e6, (int) t[1], lib.version(), wrong);
    }

    static BlasRow trsm(OpenBlas lib, String type, int m, int n, long seed) {
        double[] a0 = lower(m, seed), b0 = random(Math.multiplyExact(m, n), seed + 1);
        double[] a, b;
        double alpha = 1.5;
        double flops = (double) m * m * n;
        long[] t;
        double[] x;
        double u;
        if (type.equals("double")) {
            u = 0x1p-53;
            a = a0;
            b = b0;
            try (OpenBlas.Doubles d = new OpenBlas.Doubles(a0, b0, 0)) {
                // a solve overwrites B with X: each timed call sets B again first, so its time includes copying m n values (a few
                // per cent of the solve at the report's sizes, which makes the baseline slightly slow rather than fast)
                t = timed(lib, () -> {
                    d.b(b0);
                    lib.dtrsm(d, m, n, alpha);
                });
                d.b(b0);
                lib.dtrsm(d, m, n, alpha);
                x = d.b();
            }
        } else {
            u = 0x1p-24;
            float[] af = floats(a0), bf = floats(b0);
            a = doubles(af);
            b = doubles(bf);
            try (OpenBlas.Floats f = new OpenBlas.Floats(af, bf, 0)) {
                t = timed(lib, () -> {
                    f.b(bf);
                    lib.strsm(f, m, n, (float) alpha);
                });
                f.b(bf);
                lib.strsm(f, m, n, (float) alpha);
                x = doubles(f.b());
            }
        }
        String wrong = checkTrsm(m, n, a, b, x, alpha, u);
        return new BlasRow("trsm", type, m, n, wrong == null ? flops / t[0] : null, t[0] / 1e6, (int) t[1], lib.version(), wrong);
    }

    /** Null when 16 random entries of the column-major C = A B are within twice n roundings of the double sum; else what differs. */
    static String checkGemm(int n, double[] a, double[] b, double[] c, double u, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int k = 0; k < 16; k++) {
            int i = rnd.nextInt(n), j = rnd.nextInt(n);
            double sum = 0, abs = 0;
            for (int l = 0; l < n; l++) {
                double p = a[i + l * n] * b[l + j * n];
                sum += p;
                abs += Math.abs(p);
            }
            double tol = 2.0 * n * u * abs + 1e-300;
            if (!(Math.abs(c[i + j * n] - sum) <= tol)) return "C[" + i + "][" + j + "] = " + c[i + j * n] + ", the double sum " + sum;
        }
        return null;
    }

    /**
     * Null when the normwise residual ‖A X − alpha B‖_F / (‖A‖_F ‖X‖_F + |alpha| ‖B‖_F) is at most 4 m u, the trsm workload's
     * bound without its block size; else the residual.
     */
    static String checkTrsm(int m, int n, double[] a, double[] b, double[] x, double alpha, double u) {
        double res = Trsm.residual(a, b, x, m, n, alpha);
        double bound = 4.0 * m * u;
        return res <= bound ? null : String.format(Locale.ROOT, "residual %.3g exceeds 4 m u = %.3g", res, bound);
    }

    /** A lower triangular m x m, column-major, diagonally dominant as the trsm workload's: off-diagonal in [-1, 1), diagonal ±(m/2 + 1 + [0, 1)). */
    static double[] lower(int m, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] a = new double[Math.multiplyExact(m, m)];
        for (int j = 0; j < m; j++) {
            for (int i = j; i < m; i++) {
                a[i + j * m] = i == j ? (rnd.nextBoolean() ? 1 : -1) * (m / 2.0 + 1 + rnd.nextDouble()) : rnd.nextDouble() * 2 - 1;
            }
        }
        return a;
    }

    private static double[] random(int len, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] v = new double[len];
        for (int i = 0; i < len; i++) v[i] = rnd.nextDouble() * 2 - 1;
        return v;
    }

    private static float[] floats(double[] v) {
        float[] f = new float[v.length];
        for (int i = 0; i < v.length; i++) f[i] = (float) v[i];
        return f;
    }

    private static double[] doubles(float[] v) {
        double[] d = new double[v.length];
        for (int i = 0; i < v.length; i++) d[i] = v[i];
        return d;
    }

    // ---- from the saved data ----------------------------------------------------------------

    /** The saved rows, empty where the data have none (saved before the baseline was measured). */
    static List<BlasRow> rows(ReportData data) {
        List<BlasRow> l = data.rows(SWEEP, null, BlasRow.class);
        return l == null ? List.of() : l;
    }

    /**
     * The baseline's table: each routine with its rate, beside the best rate of a device of type cpu (this host's OpenCL CPU
     * devices) at the same size and type, and their ratio; empty where the data have no baseline.
     */
    static String table(ReportData data, List<Result> results) {
        List<BlasRow> rows = rows(data);
        if (rows.isEmpty()) return "";
        return Markdown.block(md -> {
            Markdown.Table t = md.table("routine", "type", "size", "OpenBLAS GFLOP/s", "threads", "best call (ms)", "best OpenCL device of type cpu", "device / OpenBLAS");
            for (BlasRow r : rows) {
                String size = r.routine().equals("gemm") ? r.m() + "³" : "m = " + r.m() + ", n = " + r.n();
                Best best = best(results, r);
                String dev = best == null ? "-" : fmt(best.gflops) + " (" + best.where + ")";
                String ratio = best == null || r.gflops() == null ? "-" : String.format(Locale.ROOT, "%.2f", best.gflops / r.gflops());
                t.row(r.routine(), r.type(), size, r.error() == null ? fmt(r.gflops()) : Markdown.cell(r.error()), r.threads() == null ? "-" : r.threads(),
                        r.millis() == null ? "-" : String.format(Locale.ROOT, "%.3f", r.millis()), dev, ratio);
            }
            t.end();
        });
    }

    /** Where and when the baseline ran, as its first row says, or null. */
    static String where(ReportData data) {
        return rows(data).stream().filter(r -> r.host() != null).findFirst().map(r -> r.host() + ", " + r.measured()).orElse(null);
    }

    /** The library's version as the rows name it, or null. */
    static String library(ReportData data) {
        return rows(data).stream().map(BlasRow::library).filter(v -> v != null).findFirst().orElse(null);
    }

    private record Best(double gflops, String where) {
    }

    /** The fastest verified rate of a cpu device at the row's routine, type and size (GEMM tuned or untuned; TRSM over nb). */
    private static Best best(List<Result> results, BlasRow r) {
        Best best = null;
        for (Result res : results) {
            if (!"cpu".equals(res.device().type())) continue;
            String sel = res.device().selector();
            if (r.routine().equals("gemm")) {
                for (SizeRow s : res.sizes()) {
                    if (!s.type().equals(r.type()) || s.size() != r.m()) continue;
                    if (s.tuned() != null && (best == null || s.tuned() > best.gflops)) best = new Best(s.tuned(), sel + " tuned");
                    if (s.untuned() != null && (best == null || s.untuned() > best.gflops)) best = new Best(s.untuned(), sel + " untuned");
                }
            } else {
                for (TrsmRow x : res.trsm()) {
                    if (!x.type().equals(r.type()) || x.m() != r.m() || x.n() != r.n() || x.gflops() == null) continue;
                    if (best == null || x.gflops() > best.gflops) best = new Best(x.gflops(), sel + " nb " + x.nb());
                }
            }
        }
        return best;
    }
}
