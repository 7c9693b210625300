package dev.perfport.cli.format;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CSV as RFC 4180 describes it, written by Commons CSV, except that lines end with LF: a field is
 * quoted when it holds a comma, a double quote, a line break or leading/trailing spaces (and when
 * it starts with a character up to '#'), and a double quote inside is doubled. Nested maps are
 * flattened to dotted column names ({@code params.n}, {@code counters.globalAtomics}); lists of
 * plain values are joined with spaces.
 */
public final class Csv {
    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

    private Csv() {
    }

    /** One field, quoted if it needs to be; null is the empty field. */
    public static String field(String s) {
        if (s == null || s.isEmpty()) return "";
        StringBuilder sb = new StringBuilder();
        try {
            FORMAT.print(s, sb, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);   // a StringBuilder does not fail
        }
        return sb.toString();
    }

    public static String line(List<String> fields) {
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter p = new CSVPrinter(sb, FORMAT)) {
            // null and "" are both the empty field, never a quoted ""
            for (String f : fields) p.print(f == null || f.isEmpty() ? null : f);
            p.println();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sb.toString();
    }

    /**
     * A header and one line per record. Columns are the union of the records' flattened keys in
     * the order they are first seen; a record without a column leaves it empty.
     */
    public static String write(List<? extends Map<String, ?>> records) {
        List<Map<String, String>> flat = new ArrayList<>();
        Set<String> columns = new LinkedHashSet<>();
        for (Map<String, ?> r : records) {
            Map<String, String> f = flatten(r);
            flat.add(f);
            columns.addAll(f.keySet());
        }
        StringBuilder sb = new StringBuilder(line(List.copyOf(columns)));
        for (Map<String, String> f : flat) {
            List<String> fields = new ArrayList<>();
            for (String c : columns) fields.add(f.get(c));
            sb.append(line(fields));
        }
        return sb.toString();
    }

    /** Flattens nested maps to dotted keys; values become their text (numbers as JSON writes them). */
    public static Map<String, String> flatten(Map<String, ?> record) {
        Map<String, String> out = new LinkedHashMap<>();
        flatten("", record, out);
        return out;
    }

    private static void flatten(String prefix, Map<?, ?> m, Map<String, String> out) {
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String key = prefix + e.getKey();
            Object v = e.getValue();
            if (v instanceof Map<?, ?> sub) {
                flatten(key + ".", sub, out);
            } else if (v instanceof Collection<?> c) {
                List<String> parts = new ArrayList<>();
                for (Object o : c) parts.add(text(o));
                out.put(key, String.join(" ", parts));
            } else {
                out.put(key, v == null ? null : text(v));
            }
        }
    }

    private static String text(Object o) {
        if (o == null) return "";
        if (o instanceof String s) return s;
        if (o instanceof Number || o instanceof Boolean) return Json.write(o);
        return o.toString();
    }
}
