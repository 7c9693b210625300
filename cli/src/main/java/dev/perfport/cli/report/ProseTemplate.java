package dev.perfport.cli.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A report's prose: a Markdown text resource with Mustache-style tags, filled from a model of
 * named values, so that the report's code says what was measured and the wording lives in one
 * readable file.
 *
 * <ul>
 *   <li>{@code {{name}}}: the value as text; a tag alone on its line stands for a block (a table,
 *       a list, a picture from {@link Markdown}) and ends with a line break unless the value is
 *       empty;</li>
 *   <li>{@code {{#name}}...{{/name}}}: the text once when the value is true or any other present value,
 *       once per element (each a nested model) when it is a collection, not at all when it is false,
 *       null or empty (a string, collection or map);</li>
 *   <li>{@code {{^name}}...{{/name}}}: the text when the value is false, null or empty;</li>
 *   <li>{@code {{! comment}}}: nothing.</li>
 * </ul>
 * Section and comment tags alone on their line take the line with them. A name the model lacks is
 * an error, so a template and its report cannot drift apart unnoticed.
 */
public final class ProseTemplate {
    private sealed interface Node permits Text, Value, Section {
    }

    private record Text(String text) implements Node {
    }

    /** {@code standalone}: alone on its line, whose line break it took. */
    private record Value(String name, boolean standalone) implements Node {
    }

    private record Section(String name, boolean inverted, List<Node> body) implements Node {
    }

    private final String resource;
    private final List<Node> nodes;

    private ProseTemplate(String resource, String text) {
        this.resource = resource;
        this.nodes = new Parser(resource, text).parse();
    }

    /** The template in resource {@code name} beside this class (UTF-8). */
    public static ProseTemplate load(String name) {
        try (InputStream in = ProseTemplate.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("template " + name + " is not on the class path");
            return new ProseTemplate(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read template " + name, e);
        }
    }

    /** A template from text (tests). */
    static ProseTemplate of(String text) {
        return new ProseTemplate("(text)", text);
    }

    /** A model of these names and values, in turns; values may be null (unlike {@link Map#of}). */
    public static Map<String, Object> model(Object... namesAndValues) {
        if (namesAndValues.length % 2 != 0) throw new IllegalArgumentException("names and values come in pairs");
        Map<String, Object> m = new java.util.HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) m.put((String) namesAndValues[i], namesAndValues[i + 1]);
        return m;
    }

    /** The text with the model's values. */
    public String render(Map<String, ?> model) {
        StringBuilder b = new StringBuilder();
        List<Map<String, ?>> scopes = new ArrayList<>();
        scopes.add(model);
        render(nodes, scopes, b);
        return b.toString();
    }

    private void render(List<Node> list, List<Map<String, ?>> scopes, StringBuilder b) {
        for (Node n : list) {
            switch (n) {
                case Text t -> b.append(t.text());
                case Value v -> {
                    String s = String.valueOf(lookup(v.name(), scopes));
                    b.append(s);
                    if (v.standalone() && !s.isEmpty() && !s.endsWith("\n")) b.append('\n');
                }
                case Section s -> {
                    Object value = lookup(s.name(), scopes);
                    if (s.inverted()) {
                        if (!present(value)) render(s.body(), scopes, b);
                    } else if (value instanceof Collection<?> c) {
                        for (Object e : c) {
                            if (!(e instanceof Map<?, ?> m)) throw error("elements of '" + s.name() + "' must be models, got " + e);
                            @SuppressWarnings("unchecked") Map<String, ?> scope = (Map<String, ?>) m;
                            scopes.addLast(scope);
                            render(s.body(), scopes, b);
                            scopes.removeLast();
                        }
                    } else if (present(value)) {
                        render(s.body(), scopes, b);
                    }
                }
            }
        }
    }

    private static boolean present(Object value) {
        return switch (value) {
            case null -> false;
            case Boolean x -> x;
            case Collection<?> c -> !c.isEmpty();
            case Map<?, ?> m -> !m.isEmpty();
            case String s -> !s.isEmpty();
            default -> true;
        };
    }

    private Object lookup(String name, List<Map<String, ?>> scopes) {
        for (int i = scopes.size() - 1; i >= 0; i--) {
            if (scopes.get(i).containsKey(name)) return scopes.get(i).get(name);
        }
        throw error("the model has no value '" + name + "'");
    }

    private IllegalStateException error(String what) {
        return new IllegalStateException("template " + resource + ": " + what);
    }

    /** Tags and text into nodes, nested sections checked. */
    private static final class Parser {
        private final String resource;
        private final String t;
        private int at;

        Parser(String resource, String text) {
            this.resource = resource;
            this.t = text;
        }

        List<Node> parse() {
            return body(null);
        }

        /** Nodes up to {@code {{/section}}} (or the end, when {@code section} is null). */
        private List<Node> body(String section) {
            List<Node> out = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            while (at < t.length()) {
                int open = t.indexOf("{{", at);
                if (open < 0) {
                    text.append(t, at, t.length());
                    at = t.length();
                    break;
                }
                int close = t.indexOf("}}", open);
                if (close < 0) throw error(open, "unclosed tag");
                String tag = t.substring(open + 2, close).strip();
                int lineStart = t.lastIndexOf('\n', open - 1) + 1;
                int lineEnd = t.indexOf('\n', close);
                if (lineEnd < 0) lineEnd = t.length();
                boolean alone = t.substring(lineStart, open).isBlank() && t.substring(close + 2, lineEnd).isBlank();
                char kind = tag.isEmpty() ? ' ' : tag.charAt(0);
                boolean block = kind == '#' || kind == '^' || kind == '/' || kind == '!';
                // a tag alone on its line takes the line's indentation and its line break with it
                text.append(t, at, alone ? lineStart : open);
                at = alone ? Math.min(lineEnd + 1, t.length()) : close + 2;
                if (!text.isEmpty()) out.add(new Text(text.toString()));
                text.setLength(0);
                String name = block ? tag.substring(1).strip() : tag;
                switch (kind) {
                    case '!' -> {
                    }
                    case '#', '^' -> out.add(new Section(name, kind == '^', body(name)));
                    case '/' -> {
                        if (!name.equals(section)) throw error(open, "{{/" + name + "}} closes " + (section == null ? "nothing" : "{{#" + section + "}}"));
                        return out;
                    }
                    default -> {
                        if (name.isEmpty()) throw error(open, "empty tag");
                        out.add(new Value(name, alone));
                    }
                }
            }
            if (!text.isEmpty()) out.add(new Text(text.toString()));
            if (section != null) throw error(t.length(), "{{#" + section + "}} is not closed");
            return out;
        }

        private IllegalStateException error(int offset, String what) {
            int line = 1;
            for (int i = 0; i < offset && i < t.length(); i++) if (t.charAt(i) == '\n') line++;
            return new IllegalStateException("template " + resource + ", line " + line + ": " + what);
        }
    }
}
