package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Where spmv's matrix comes from: the parameter {@code matrix} names a Matrix Market file (a name
 * ending in {@code .mtx}) or a seeded generator with its size:
 * <ul>
 * <li>{@code stencil2d:NXxNY} 5-point Laplacian on an NX by NY grid ({@code stencil2d:R}: a square
 *     grid of R rows, R a square);</li>
 * <li>{@code stencil3d:NXxNYxNZ} 7-point Laplacian ({@code stencil3d:R}: a cube of R rows);</li>
 * <li>{@code banded:N:H} N rows, the diagonals -H .. H (FEM-like band), random values;</li>
 * <li>{@code random:N:D} N by N, each entry non-zero with probability D (the seed paper's 1% is
 *     {@code random:4096:0.01});</li>
 * <li>{@code powerlaw:N:M} N by N, row lengths Pareto-distributed (alpha 2, mean about M, at most N),
 *     columns uniform: an irregular, graph-like matrix.</li>
 * </ul>
 * Sizes may be written as parameters are ({@code 2^22}, {@code 4M}). Values of random matrices are
 * uniform in [-1, 1); the generator's seed is the workload's {@code seed}.
 */
public final class Matrices {
    public static final List<String> GENERATORS = List.of("stencil2d", "stencil3d", "banded", "random", "powerlaw");
    /** The most non-zeros a generated matrix may have (int-indexed arrays, host memory). */
    public static final long MAX_NNZ = 1L << 28;
    public static final String SYNTAX = "a Matrix Market file (*.mtx) or one of stencil2d:NXxNY, stencil2d:ROWS, stencil3d:NXxNYxNZ, "
            + "stencil3d:ROWS, banded:N:HALFWIDTH, random:N:DENSITY, powerlaw:N:MEANROWLENGTH";

    private Matrices() {
    }

    /** The matrix {@code spec} names. */
    public static Csr load(String spec, long seed) {
        String s = spec.trim();
        if (s.toLowerCase().endsWith(".mtx")) return MatrixMarket.read(Path.of(s));
        String[] p = s.split(":");
        String kind = p[0];
        try {
            return switch (kind) {
                case "stencil2d" -> {
                    need(p, 2, spec);
                    int[] d = grid(p[1], 2, spec);
                    yield stencil(d[0], d[1], 1, spec);
                }
                case "stencil3d" -> {
                    need(p, 2, spec);
                    int[] d = grid(p[1], 3, spec);
                    yield stencil(d[0], d[1], d[2], spec);
                }
                case "banded" -> {
                    need(p, 3, spec);
                    yield banded(rows(p[1], spec), (int) Params.parseLong("matrix half-width", p[2]), seed, spec);
                }
                case "random" -> {
                    need(p, 3, spec);
                    yield random(rows(p[1], spec), density(p[2], spec), seed, spec);
                }
                case "powerlaw" -> {
                    need(p, 3, spec);
                    yield powerLaw(rows(p[1], spec), number(p[2], spec), seed, spec);
                }
                default -> throw bad(spec, " is neither a .mtx file nor a generator; matrix= takes " + SYNTAX);
            };
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw bad(spec, ": " + e.getMessage());
        }
    }

    private static void need(String[] p, int n, String spec) {
        if (p.length != n) throw bad(spec, " needs " + (n - 1) + " argument(s) after '" + p[0] + ":'; matrix= takes " + SYNTAX);
    }

    private static int rows(String t, String spec) {
        long n = Params.parseLong("matrix size", t);
        if (n < 1 || n > Integer.MAX_VALUE - 1) throw bad(spec, ": size " + n + " out of range 1.." + (Integer.MAX_VALUE - 1));
        return (int) n;
    }

    private static double number(String t, String spec) {
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw bad(spec, ": '" + t + "' is not a number");
        }
    }

    private static double density(String t, String spec) {
        double d = number(t, spec);
        if (!(d > 0 && d <= 1)) throw bad(spec, ": density " + t + " must be in (0, 1]");
        return d;
    }

    private static int[] grid(String t, int dims, String spec) {
        String[] parts = t.split("x");
        int[] d = new int[3];
        Arrays.fill(d, 1);
        if (parts.length == 1) {
            long rows = rows(parts[0], spec);
            long side = Math.round(Math.pow(rows, 1.0 / dims));
            long prod = 1;
            for (int i = 0; i < dims; i++) prod *= side;
            if (prod != rows) throw bad(spec, ": " + rows + " rows is not a " + (dims == 2 ? "square" : "cube")
                    + "; give the grid as " + (dims == 2 ? "NXxNY" : "NXxNYxNZ"));
            for (int i = 0; i < dims; i++) d[i] = (int) side;
        } else if (parts.length == dims) {
            for (int i = 0; i < dims; i++) d[i] = rows(parts[i], spec);
        } else {
            throw bad(spec, ": the grid needs " + dims + " sizes separated by 'x'");
        }
        if ((long) d[0] * d[1] * d[2] > Integer.MAX_VALUE - 1) throw bad(spec, ": too many rows");
        return d;
    }

    private static void capNnz(long nnz, String spec) {
        if (nnz > MAX_NNZ) throw bad(spec, " would have about " + nnz + " non-zeros; at most " + MAX_NNZ);
    }

    /** The 5-point (nz = 1) or 7-point Laplacian: 2·dims on the diagonal, -1 to each grid neighbour. */
    static Csr stencil(int nx, int ny, int nz, String spec) {
        int n = nx * ny * nz;
        boolean three = nz > 1 || spec.startsWith("stencil3d");
        int per = three ? 7 : 5;
        capNnz((long) n * per, spec);
        int[] rowPtr = new int[n + 1];
        int[] col = new int[n * per];
        float[] val = new float[n * per];
        int k = 0;
        for (int z = 0; z < nz; z++) {
            for (int yy = 0; yy < ny; yy++) {
                for (int xx = 0; xx < nx; xx++) {
                    int r = (z * ny + yy) * nx + xx;
                    // neighbours in column order: -z, -y, -x, self, +x, +y, +z
                    if (three && z > 0) { col[k] = r - nx * ny; val[k++] = -1; }
                    if (yy > 0) { col[k] = r - nx; val[k++] = -1; }
                    if (xx > 0) { col[k] = r - 1; val[k++] = -1; }
                    col[k] = r;
                    val[k++] = three ? 6 : 4;
                    if (xx < nx - 1) { col[k] = r + 1; val[k++] = -1; }
                    if (yy < ny - 1) { col[k] = r + nx; val[k++] = -1; }
                    if (three && z < nz - 1) { col[k] = r + nx * ny; val[k++] = -1; }
                    rowPtr[r + 1] = k;
                }
            }
        }
        return new Csr(n, n, rowPtr, Arrays.copyOf(col, k), Arrays.copyOf(val, k), spec);
    }

    static Csr banded(int n, int h, long seed, String spec) {
        if (h < 0 || h >= n) throw bad(spec, ": half-width " + h + " must be in 0.." + (n - 1));
        capNnz((long) n * (2L * h + 1), spec);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] rowPtr = new int[n + 1];
        long total = 0;
        for (int r = 0; r < n; r++) total += Math.min(n - 1, r + h) - Math.max(0, r - h) + 1;
        int[] col = new int[(int) total];
        float[] val = new float[(int) total];
        int k = 0;
        for (int r = 0; r < n; r++) {
            for (int c = Math.max(0, r - h); c <= Math.min(n - 1, r + h); c++) {
                col[k] = c;
                val[k++] = value(rnd);
            }
            rowPtr[r + 1] = k;
        }
        return new Csr(n, n, rowPtr, col, val, spec);
    }

    /** Each entry non-zero with probability d: geometric gaps between a row's non-zeros. */
    static Csr random(int n, double d, long seed, String spec) {
        capNnz((long) Math.ceil((double) n * n * d * 1.01 + n), spec);
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] rowPtr = new int[n + 1];
        int cap = (int) Math.min(MAX_NNZ, (long) Math.ceil((double) n * n * d * 1.05) + 16);
        int[] col = new int[cap];
        float[] val = new float[cap];
        int k = 0;
        double logq = Math.log1p(-d);
        for (int r = 0; r < n; r++) {
            long c = -1;
            while (true) {
                c += d >= 1 ? 1 : 1 + (long) Math.floor(Math.log(1 - rnd.nextDouble()) / logq);
                if (c >= n) break;
                if (k == col.length) {
                    int grow = (int) Math.min(MAX_NNZ, col.length * 3L / 2 + 16);
                    if (grow == col.length) throw bad(spec, " has more than " + MAX_NNZ + " non-zeros");
                    col = Arrays.copyOf(col, grow);
                    val = Arrays.copyOf(val, grow);
                }
                col[k] = (int) c;
                val[k++] = value(rnd);
            }
            rowPtr[r + 1] = k;
        }
        return new Csr(n, n, rowPtr, Arrays.copyOf(col, k), Arrays.copyOf(val, k), spec);
    }

    /** Row lengths from a Pareto law (alpha 2, minimum mean/2, at most n), distinct uniform columns. */
    static Csr powerLaw(int n, double mean, long seed, String spec) {
        if (!(mean >= 1 && mean <= n)) throw bad(spec, ": mean row length " + mean + " must be in 1.." + n);
        SplittableRandom rnd = new SplittableRandom(seed);
        double xm = mean / 2;
        int[] len = new int[n];
        long total = 0;
        for (int r = 0; r < n; r++) {
            double l = xm / Math.sqrt(1 - rnd.nextDouble());   // Pareto(xm, alpha = 2): mean 2·xm
            len[r] = (int) Math.max(1, Math.min(n, Math.round(l)));
            total += len[r];
        }
        capNnz(total, spec);
        int[] rowPtr = new int[n + 1];
        int[] col = new int[(int) total];
        float[] val = new float[(int) total];
        int k = 0;
        for (int r = 0; r < n; r++) {
            int start = k;
            int want = len[r];
            if (want * 4L >= n) {
                // dense row: choose by selection sampling, already sorted
                int left = want;
                for (int c = 0; c < n && left > 0; c++) {
                    if (rnd.nextInt(n - c) < left) {
                        col[k++] = c;
                        left--;
                    }
                }
            } else {
                for (int i = 0; i < want; i++) col[k++] = rnd.nextInt(n);
                Arrays.sort(col, start, k);
                int w = start;
                for (int i = start; i < k; i++) if (i == start || col[i] != col[i - 1]) col[w++] = col[i];
                k = w;   // a repeated column leaves the row one shorter
            }
            for (int i = start; i < k; i++) val[i] = value(rnd);
            rowPtr[r + 1] = k;
        }
        return new Csr(n, n, rowPtr, Arrays.copyOf(col, k), Arrays.copyOf(val, k), spec);
    }

    private static float value(SplittableRandom rnd) {
        return (float) (rnd.nextDouble() * 2 - 1);
    }

    /** {@return the usage error of matrix {@code spec}: its text quoted, then what is wrong with it} */
    private static ConfigException bad(String spec, String why) {
        return new ConfigException("matrix '" + spec + "'" + why);
    }
}
