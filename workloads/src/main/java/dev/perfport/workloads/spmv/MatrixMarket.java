package dev.perfport.workloads.spmv;

import dev.perfport.core.error.ConfigException;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Reads a Matrix Market file (NIST's exchange format, Boisvert, Pozo and Remington 1996) in
 * coordinate form: fields {@code real}, {@code integer} or {@code pattern} (every entry 1), symmetry
 * {@code general} or {@code symmetric} (the lower triangle is stored; the upper is mirrored).
 * Duplicate entries are summed. Anything else is refused with one {@link ConfigException} whose
 * message is {@code FILE:LINE: problem}: a bad or unsupported header, a bad size line, an index out
 * of range, a bad number, fewer entries than the size line declares (a truncated file) or more.
 */
public final class MatrixMarket {
    /** The most non-zeros a file may declare (the arrays are int-indexed). */
    public static final long MAX_ENTRIES = Integer.MAX_VALUE / 2;

    private MatrixMarket() {
    }

    public static Csr read(Path file) {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.US_ASCII)) {
            return read(in, file.toString());
        } catch (NoSuchFileException e) {
            throw new ConfigException(file + ": no such Matrix Market file");
        } catch (IOException e) {
            throw new ConfigException(file + ": cannot read: " + e.getMessage());
        }
    }

    static Csr read(BufferedReader in, String name) throws IOException {
        int line = 1;
        String header = in.readLine();
        if (header == null) throw error(name, line, "empty file; expected the header '%%MatrixMarket matrix coordinate real general'");
        String[] h = header.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (h.length != 5 || !h[0].equals("%%matrixmarket")) {
            throw error(name, line, "bad header '" + clip(header) + "'; expected '%%MatrixMarket matrix coordinate <real|integer|pattern> <general|symmetric>'");
        }
        if (!h[1].equals("matrix")) throw error(name, line, "object '" + h[1] + "' is not supported; only 'matrix'");
        if (!h[2].equals("coordinate")) throw error(name, line, "format '" + h[2] + "' is not supported; only 'coordinate' (sparse)");
        boolean pattern = h[3].equals("pattern");
        if (!pattern && !h[3].equals("real") && !h[3].equals("integer")) {
            throw error(name, line, "field '" + h[3] + "' is not supported; only real, integer or pattern");
        }
        boolean symmetric = h[4].equals("symmetric");
        if (!symmetric && !h[4].equals("general")) throw error(name, line, "symmetry '" + h[4] + "' is not supported; only general or symmetric");

        String s;
        do {
            s = in.readLine();
            line++;
            if (s == null) throw error(name, line, "truncated file: no size line 'ROWS COLUMNS ENTRIES' after the header");
        } while (s.isBlank() || s.startsWith("%"));
        String[] size = s.trim().split("\\s+");
        if (size.length != 3) throw error(name, line, "bad size line '" + clip(s) + "'; expected 'ROWS COLUMNS ENTRIES'");
        long rows = number(size[0], name, line, "rows"), cols = number(size[1], name, line, "columns"), entries = number(size[2], name, line, "entries");
        if (rows < 1 || cols < 1 || rows > Integer.MAX_VALUE - 1 || cols > Integer.MAX_VALUE) {
            throw error(name, line, "size " + rows + " x " + cols + " out of range; rows and columns must be 1 .. " + (Integer.MAX_VALUE - 1));
        }
        if (symmetric && rows != cols) throw error(name, line, "a symmetric matrix must be square, got " + rows + " x " + cols);
        long most = symmetric ? 2 * entries : entries;
        if (entries < 0 || most > MAX_ENTRIES) throw error(name, line, entries + " entries; at most " + MAX_ENTRIES + " are supported");
        if (entries > rows * cols) throw error(name, line, entries + " entries do not fit a " + rows + " x " + cols + " matrix");

        // the CSR form, its check and its vectors take about 16 B a row, 8 a column and 12 an entry: refuse a size the
        // JVM's heap cannot hold in one line here rather than fail in an allocation later
        long need = 16 * (rows + 1) + 8 * cols + 12 * most, heap = Runtime.getRuntime().maxMemory();
        if (need > heap / 2) {
            throw error(name, line, "a " + rows + " x " + cols + " matrix of " + entries + " entries needs about " + need
                    + " B of Java heap; at most half the heap, " + heap / 2 + " B, is available (raise -Xmx)");
        }
        int cap = (int) Math.min(most, 1 << 20);
        int[] ri = new int[cap], ci = new int[cap];
        float[] v = new float[cap];
        int n = 0;
        int fields = pattern ? 2 : 3;
        for (long e = 0; e < entries; ) {
            s = in.readLine();
            line++;
            if (s == null) throw error(name, line, "truncated file: " + e + " of the " + entries + " entries the size line declares");
            if (s.isBlank() || s.startsWith("%")) continue;
            String[] f = s.trim().split("\\s+");
            if (f.length != fields) {
                throw error(name, line, "entry '" + clip(s) + "' has " + f.length + " field(s); a " + h[3] + " entry has " + fields
                        + (pattern ? " (ROW COLUMN)" : " (ROW COLUMN VALUE)"));
            }
            long r = number(f[0], name, line, "row"), c = number(f[1], name, line, "column");
            if (r < 1 || r > rows) throw error(name, line, "row index " + r + " out of range 1.." + rows);
            if (c < 1 || c > cols) throw error(name, line, "column index " + c + " out of range 1.." + cols);
            if (symmetric && c > r) throw error(name, line, "entry (" + r + ", " + c + ") above the diagonal; a symmetric file stores the lower triangle");
            float value = pattern ? 1f : value(f[2], name, line);
            if (n + 2 > ri.length) {
                int grow = (int) Math.min(most, Math.max(2L * ri.length, n + 2L));
                ri = Arrays.copyOf(ri, grow);
                ci = Arrays.copyOf(ci, grow);
                v = Arrays.copyOf(v, grow);
            }
            ri[n] = (int) r - 1;
            ci[n] = (int) c - 1;
            v[n++] = value;
            if (symmetric && r != c) {
                ri[n] = (int) c - 1;
                ci[n] = (int) r - 1;
                v[n++] = value;
            }
            e++;
        }
        while ((s = in.readLine()) != null) {
            line++;
            if (!s.isBlank() && !s.startsWith("%")) {
                throw error(name, line, "more entries than the " + entries + " the size line declares: '" + clip(s) + "'");
            }
        }
        return Csr.fromCoordinates((int) rows, (int) cols, ri, ci, v, n, name);
    }

    private static long number(String t, String name, int line, String what) {
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw error(name, line, what + " '" + clip(t) + "' is not an integer");
        }
    }

    private static float value(String t, String name, int line) {
        try {
            float f = Float.parseFloat(t);
            if (!Float.isFinite(f)) throw error(name, line, "value '" + clip(t) + "' is not a finite float32");
            return f;
        } catch (NumberFormatException e) {
            throw error(name, line, "value '" + clip(t) + "' is not a number");
        }
    }

    private static String clip(String s) {
        s = s.strip();
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    private static ConfigException error(String name, int line, String problem) {
        return new ConfigException(name + ":" + line + ": " + problem);
    }
}
