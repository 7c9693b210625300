package dev.perfport.cli.format;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.util.Map;

/**
 * The CLI's JSON output, written by Jackson: maps with string keys (in their iteration order),
 * collections, strings, numbers, booleans and null; indented by two spaces, one member per line,
 * {@code "key": value}, so that rows stay readable and diffable. The row contract's number forms
 * are kept: a double is written as Java writes it except that an integral one below 10^15 keeps
 * its digits ({@code 16777216.0}, not {@code 1.6777216E7}), and NaN or an infinity, which JSON
 * cannot hold, is {@code null}. Strings escape control characters (lower-case hex), U+2028/2029
 * (JavaScript line breaks) and surrogates, so that lone surrogates survive UTF-8.
 */
public final class Json {
    private static final ObjectWriter WRITER = writer();

    private Json() {
    }

    private static ObjectWriter writer() {
        SimpleModule numbers = new SimpleModule("perfport-numbers");
        numbers.addSerializer(Double.class, new DoubleForm());
        numbers.addSerializer(Float.class, new JsonSerializer<>() {
            @Override
            public void serialize(Float f, JsonGenerator g, SerializerProvider p) throws IOException {
                DoubleForm.write(f.doubleValue(), g);
            }
        });
        ObjectMapper mapper = JsonMapper.builder()
                .addModule(numbers)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .build();
        mapper.getFactory().setCharacterEscapes(new Escapes());
        DefaultIndenter lines = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter pretty = new DefaultPrettyPrinter()
                .withSeparators(Separators.createDefaultInstance()
                        .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                        .withObjectEmptySeparator("")
                        .withArrayEmptySeparator(""));
        pretty.indentObjectsWith(lines);
        pretty.indentArraysWith(lines);
        return mapper.writer(pretty);
    }

    /** The JSON text of {@code value}, ending without a newline. */
    public static String write(Object value) {
        check(value);
        try {
            return WRITER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("no JSON form: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code s} as a JSON string literal (RFC 8259 §7). */
    public static String quote(String s) {
        return write(s);
    }

    /** Only the plain shapes of the contract: a bean or a non-string key would silently become something else. */
    private static void check(Object v) {
        switch (v) {
            case null -> { }
            case String s -> { }
            case Boolean b -> { }
            case Number n -> { }
            case Enum<?> e -> { }
            case Map<?, ?> m -> m.forEach((k, x) -> {
                if (!(k instanceof String)) throw new IllegalArgumentException("JSON object keys must be strings, got " + k);
                check(x);
            });
            case Iterable<?> it -> it.forEach(Json::check);
            default -> throw new IllegalArgumentException("no JSON form for " + v.getClass().getName());
        }
    }

    /** Doubles as the row contract writes them. */
    private static final class DoubleForm extends JsonSerializer<Double> {
        @Override
        public void serialize(Double d, JsonGenerator g, SerializerProvider p) throws IOException {
            write(d, g);
        }

        static void write(double d, JsonGenerator g) throws IOException {
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                g.writeNull();   // JSON has no NaN or infinities; null is the honest "no number"
            } else if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                g.writeNumber((long) d + ".0");
            } else {
                g.writeNumber(d);   // Double.toString: 1.5, 1.0E-7, both valid JSON numbers
            }
        }
    }

    /** Escapes beyond Jackson's defaults: lower-case \\u00xx, DEL, U+2028/2029 and surrogates. */
    private static final class Escapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        Escapes() {
            for (int c = 0; c < 0x20; c++) {
                if ("\b\t\n\f\r".indexOf(c) < 0) ascii[c] = ESCAPE_CUSTOM;
            }
            ascii[0x7f] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int c) {
            boolean escape = c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029 || Character.isSurrogate((char) c);
            return escape ? new SerializedString(String.format("\\u%04x", c)) : null;
        }
    }
}
