package dev.perfport.cli.format;

import java.util.Iterator;
import java.util.Map;

/**
 * A small JSON writer for the values the CLI prints: maps with string keys (written in their
 * iteration order), collections, strings, numbers, booleans and null. Output is indented, one
 * member per line, so that rows stay readable and diffable.
 */
public final class Json {
    private static final String INDENT = "  ";

    private Json() {
    }

    /** The JSON text of {@code value}, ending without a newline. */
    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(sb, value, 0);
        return sb.toString();
    }

    private static void write(StringBuilder sb, Object v, int depth) {
        switch (v) {
            case null -> sb.append("null");
            case String s -> quote(sb, s);
            case Boolean b -> sb.append(b);
            case Double d -> number(sb, d);
            case Float f -> number(sb, f.doubleValue());
            case Long l -> sb.append(l);
            case Integer i -> sb.append(i);
            case Short s -> sb.append(s);
            case Byte b -> sb.append(b);
            case Map<?, ?> m -> object(sb, m, depth);
            case Iterable<?> it -> array(sb, it.iterator(), depth);
            case Enum<?> e -> quote(sb, e.name());
            default -> throw new IllegalArgumentException("no JSON form for " + v.getClass().getName());
        }
    }

    // JSON has no NaN or infinities; null is the honest "no number".
    private static void number(StringBuilder sb, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            sb.append("null");
        } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            sb.append((long) d).append(".0");
        } else {
            sb.append(d); // Double.toString: e.g. 1.5, 1.0E-7 — both valid JSON numbers
        }
    }

    private static void object(StringBuilder sb, Map<?, ?> m, int depth) {
        if (m.isEmpty()) {
            sb.append("{}");
            return;
        }
        sb.append("{\n");
        Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<?, ?> e = it.next();
            if (!(e.getKey() instanceof String k)) {
                throw new IllegalArgumentException("JSON object keys must be strings, got " + e.getKey());
            }
            indent(sb, depth + 1);
            quote(sb, k);
            sb.append(": ");
            write(sb, e.getValue(), depth + 1);
            if (it.hasNext()) sb.append(',');
            sb.append('\n');
        }
        indent(sb, depth);
        sb.append('}');
    }

    private static void array(StringBuilder sb, Iterator<?> it, int depth) {
        if (!it.hasNext()) {
            sb.append("[]");
            return;
        }
        sb.append("[\n");
        while (it.hasNext()) {
            indent(sb, depth + 1);
            write(sb, it.next(), depth + 1);
            if (it.hasNext()) sb.append(',');
            sb.append('\n');
        }
        indent(sb, depth);
        sb.append(']');
    }

    private static void indent(StringBuilder sb, int depth) {
        sb.append(INDENT.repeat(depth));
    }

    /** Appends {@code s} as a JSON string literal (RFC 8259 §7). */
    public static void quote(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    boolean lone = Character.isHighSurrogate(c)
                            ? i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))
                            : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)));
                    // Control characters must be escaped; lone surrogates would not survive
                    // UTF-8 encoding; U+2028/9 break JavaScript consumers.
                    if (c < 0x20 || lone || c == '\u2028' || c == '\u2029' || c == '\u007f') {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    public static String quote(String s) {
        StringBuilder sb = new StringBuilder();
        quote(sb, s);
        return sb.toString();
    }
}
