package dev.perfport.cli.format;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table: a header, a dashed rule, and rows with columns padded to their widest cell.
 * Right-aligned columns are for numbers. Cells longer than a column's limit are cut with "..."
 * (the caller prints the full text elsewhere when it matters, as row errors do).
 */
public final class Table {
    private final List<String> headers;
    private final boolean[] right;
    private final int[] maxWidth;
    private final List<String[]> rows = new ArrayList<>();

    public Table(String... headers) {
        this.headers = List.of(headers);
        this.right = new boolean[headers.length];
        this.maxWidth = new int[headers.length];
        Arrays.fill(maxWidth, Integer.MAX_VALUE);
    }

    /** Right-aligns column {@code i}. */
    public Table right(int... columns) {
        for (int c : columns) right[c] = true;
        return this;
    }

    /** Cuts cells of column {@code i} to {@code width} characters. */
    public Table limit(int column, int width) {
        if (width < 4) throw new IllegalArgumentException("column width must be >= 4");
        maxWidth[column] = width;
        return this;
    }

    public Table add(String... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, table has " + headers.size() + " columns");
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) r[i] = cut(oneLine(cells[i] == null ? "" : cells[i]), maxWidth[i]);
        rows.add(r);
        return this;
    }

    public int size() {
        return rows.size();
    }

    /** Line breaks and tabs would break the layout: show them as spaces. */
    static String oneLine(String s) {
        return s.replaceAll("[\\r\\n\\t]+", " ");
    }

    public static String cut(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 3) + "...";
    }

    public String render() {
        int n = headers.size();
        int[] w = new int[n];
        for (int i = 0; i < n; i++) w[i] = headers.get(i).length();
        for (String[] r : rows) for (int i = 0; i < n; i++) w[i] = Math.max(w[i], r[i].length());
        StringBuilder sb = new StringBuilder();
        line(sb, headers.toArray(String[]::new), w);
        String[] rule = new String[n];
        for (int i = 0; i < n; i++) rule[i] = "-".repeat(w[i]);
        line(sb, rule, w);
        for (String[] r : rows) line(sb, r, w);
        return sb.toString();
    }

    private void line(StringBuilder sb, String[] cells, int[] w) {
        StringBuilder l = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) l.append("  ");
            String pad = " ".repeat(w[i] - cells[i].length());
            l.append(right[i] ? pad + cells[i] : cells[i] + pad);
        }
        sb.append(l.toString().stripTrailing()).append('\n');
    }

    /** Wraps {@code text} at word boundaries to lines of at most {@code width}, each prefixed by {@code indent}. */
    public static String wrap(String text, int width, String indent) {
        StringBuilder sb = new StringBuilder();
        for (String para : text.split("\\R", -1)) {
            StringBuilder line = new StringBuilder();
            for (String word : para.split(" ")) {
                while (word.length() > width) { // a word longer than a line: hard break
                    if (!line.isEmpty()) {
                        sb.append(indent).append(line).append('\n');
                        line.setLength(0);
                    }
                    sb.append(indent).append(word, 0, width).append('\n');
                    word = word.substring(width);
                }
                if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                    sb.append(indent).append(line).append('\n');
                    line.setLength(0);
                }
                if (!line.isEmpty()) line.append(' ');
                line.append(word);
            }
            sb.append(indent).append(line.toString().stripTrailing()).append('\n');
        }
        return sb.toString();
    }
}
