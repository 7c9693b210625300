package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON reader and writer (RFC 8259), so that core needs no JSON library. Objects read as
 * ordered {@code Map<String, Object>}, arrays as {@code List<Object>}, integers without fraction or
 * exponent as {@code Long}, other numbers as {@code Double}, plus {@code String}, {@code Boolean}
 * and {@code null}. Errors name the position and what was expected.
 */
public final class Json {
    private final String s;
    private int i;

    private Json(String s) {
        this.s = s;
    }

    /** Parses one JSON value; anything but whitespace after it is an error. */
    public static Object parse(String text) {
        Json p = new Json(text);
        p.ws();
        Object v = p.value();
        p.ws();
        if (p.i != p.s.length()) throw p.error("end of input");
        return v;
    }

    private IllegalArgumentException error(String expected) {
        int line = 1, col = 1;
        for (int k = 0; k < Math.min(i, s.length()); k++) {
            if (s.charAt(k) == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        String found = i >= s.length() ? "end of input" : "'" + s.charAt(i) + "'";
        return new IllegalArgumentException("JSON: expected " + expected + " at line " + line + ", column " + col + ", found " + found);
    }

    private void ws() {
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n' || s.charAt(i) == '\r')) i++;
    }

    private Object value() {
        if (i >= s.length()) throw error("a value");
        char c = s.charAt(i);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) yield number();
                throw error("a value");
            }
        };
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, i)) throw error("'" + word + "'");
        i += word.length();
        return v;
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == '}') {
            i++;
            return m;
        }
        while (true) {
            ws();
            if (i >= s.length() || s.charAt(i) != '"') throw error("a member name in double quotes");
            String k = string();
            ws();
            if (i >= s.length() || s.charAt(i) != ':') throw error("':'");
            i++;
            ws();
            if (m.containsKey(k)) throw error("no duplicate member '" + k + "'");
            m.put(k, value());
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                return m;
            }
            throw error("',' or '}'");
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        i++;
        ws();
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
            return l;
        }
        while (true) {
            ws();
            l.add(value());
            ws();
            if (i < s.length() && s.charAt(i) == ',') {
                i++;
                continue;
            }
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return l;
            }
            throw error("',' or ']'");
        }
    }

    private String string() {
        StringBuilder b = new StringBuilder();
        i++;
        while (true) {
            if (i >= s.length()) throw error("closing '\"'");
            char c = s.charAt(i++);
            if (c == '"') return b.toString();
            if (c < 0x20) {
                i--;
                throw error("no control character inside a string");
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            if (i >= s.length()) throw error("an escape");
            char e = s.charAt(i++);
            switch (e) {
                case '"', '\\', '/' -> b.append(e);
                case 'b' -> b.append('\b');
                case 'f' -> b.append('\f');
                case 'n' -> b.append('\n');
                case 'r' -> b.append('\r');
                case 't' -> b.append('\t');
                case 'u' -> {
                    if (i + 4 > s.length()) throw error("four hex digits");
                    try {
                        b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    } catch (NumberFormatException x) {
                        throw error("four hex digits");
                    }
                    i += 4;
                }
                default -> {
                    i--;
                    throw error("a valid escape");
                }
            }
        }
    }

    private Object number() {
        int start = i;
        if (s.charAt(i) == '-') i++;
        int digits = i;
        while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
        if (i == digits) throw error("a digit");
        boolean integral = true;
        if (i < s.length() && s.charAt(i) == '.') {
            integral = false;
            i++;
            int f = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            if (i == f) throw error("a digit after '.'");
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            integral = false;
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
            int f = i;
            while (i < s.length() && Character.isDigit(s.charAt(i))) i++;
            if (i == f) throw error("an exponent");
        }
        String t = s.substring(start, i);
        if (integral) {
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException x) {
                return Double.parseDouble(t);   // beyond long: keep the magnitude
            }
        }
        return Double.parseDouble(t);
    }

    // ---- writing ---------------------------------------------------------------------------

    /** Compact JSON text of a value made of maps, lists, strings, numbers, booleans and null. */
    public static String write(Object v) {
        StringBuilder b = new StringBuilder();
        write(b, v, -1, 0);
        return b.toString();
    }

    /**
     * JSON text with objects and arrays nested down to {@code depth} levels broken over lines
     * (two spaces per level); deeper values stay on one line.
     */
    public static String pretty(Object v, int depth) {
        StringBuilder b = new StringBuilder();
        write(b, v, depth, 0);
        return b.append('\n').toString();
    }

    private static void write(StringBuilder b, Object v, int depth, int level) {
        boolean breakLines = level < depth;
        String pad = "  ".repeat(level + 1);
        switch (v) {
            case null -> b.append("null");
            case String str -> quote(b, str);
            case Boolean bool -> b.append(bool);
            case Double d -> number(b, d);
            case Float f -> number(b, f.doubleValue());
            case Number n -> b.append(n.longValue());
            case Map<?, ?> m -> {
                b.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) b.append(',');
                    if (breakLines) b.append('\n').append(pad);
                    first = false;
                    quote(b, String.valueOf(e.getKey()));
                    b.append(breakLines ? ": " : ":");
                    write(b, e.getValue(), depth, level + 1);
                }
                if (breakLines && !m.isEmpty()) b.append('\n').append("  ".repeat(level));
                b.append('}');
            }
            case Iterable<?> it -> {
                b.append('[');
                boolean first = true;
                boolean any = false;
                for (Object o : it) {
                    any = true;
                    if (!first) b.append(',');
                    if (breakLines) b.append('\n').append(pad);
                    first = false;
                    write(b, o, depth, level + 1);
                }
                if (breakLines && any) b.append('\n').append("  ".repeat(level));
                b.append(']');
            }
            default -> throw new IllegalArgumentException("cannot write " + v.getClass().getSimpleName() + " as JSON: " + v);
        }
    }

    private static void number(StringBuilder b, double d) {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("JSON has no " + d + "; write null or a string instead");
        }
        if (d == Math.rint(d) && Math.abs(d) < 1e15) b.append((long) d).append(".0");
        else b.append(d);
    }

    private static void quote(StringBuilder b, String s) {
        b.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                    else b.append(c);
                }
            }
        }
        b.append('"');
    }
}
