package dev.perfport.cli.format;

import dev.perfport.cli.MiniJson;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonTest {

    @Test
    void escapesQuotesBackslashesAndControlCharacters() {
        assertEquals("\"a\\\"b\\\\c\"", Json.quote("a\"b\\c"));
        assertEquals("\"l1\\nl2\\r\\tx\\b\\f\"", Json.quote("l1\nl2\r\tx\b\f"));
        assertEquals("\"\\u0000\\u001f\\u007f\"", Json.quote("\u0000\u001f\u007f"));
        assertEquals("\"\\u2028\\u2029\"", Json.quote("\u2028\u2029"));
    }

    @Test
    void escapesSurrogatesSoThatLoneOnesSurviveAndPairsParseBack() {
        // every surrogate is escaped (a pair as two escapes, which parsers join again)
        assertEquals("\"\\ud83d\\ude00\"", Json.quote("\uD83D\uDE00"));
        assertEquals("\uD83D\uDE00", MiniJson.parse(Json.quote("\uD83D\uDE00")));
        assertEquals("\"\\ud83dx\"", Json.quote("\uD83Dx"));
        assertEquals("\"x\\ude00\"", Json.quote("x\uDE00"));
    }

    @Test
    void nonAsciiTextIsKept() {
        assertEquals("\"Gerät µs\"", Json.quote("Gerät µs"));
    }

    @Test
    void everyAwkwardStringSurvivesARoundTrip() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x100; c++) all.append(c);
        all.append("\u2028\u2029\uD83D\uDE00 \"quoted\" back\\slash /");
        String text = all.toString();
        assertEquals(text, MiniJson.parse(Json.write(text)));
    }

    @Test
    void writesNestedStructuresThatParseBack() {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("n", 1048576L);
        inner.put("type", "float");
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("backend", "jocl");
        row.put("verified", true);
        row.put("error", null);
        row.put("wallNanos", 123L);
        row.put("rate", 2.5);
        row.put("params", inner);
        row.put("sizes", List.of(4096L, 4096L));
        row.put("empty", Map.of());
        row.put("none", List.of());
        String text = Json.write(List.of(row));
        Object parsed = MiniJson.parse(text);
        assertEquals(List.of(row), parsed, text);
    }

    @Test
    void keepsMemberOrder() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("z", 1);
        m.put("a", 2);
        String text = Json.write(m);
        assertTrue(text.indexOf("\"z\"") < text.indexOf("\"a\""), text);
    }

    @Test
    void numbersAreValidJson() {
        assertEquals("5.0", Json.write(5.0));
        assertEquals("-0.25", Json.write(-0.25));
        assertEquals(1.0E-7, (Double) MiniJson.parse(Json.write(1.0E-7)), 0.0);
        assertEquals(1.5E20, (Double) MiniJson.parse(Json.write(1.5E20)), 0.0);
        assertEquals(Long.MIN_VALUE, MiniJson.parse(Json.write(Long.MIN_VALUE)));
        assertEquals("null", Json.write(Double.NaN));
        assertEquals("null", Json.write(Double.POSITIVE_INFINITY));
        assertEquals("null", Json.write(Float.NEGATIVE_INFINITY));
    }

    @Test
    void refusesWhatHasNoJsonForm() {
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(1, "x");
        assertThrows(IllegalArgumentException.class, () -> Json.write(m));
    }

    @Test
    void nullsInsideCollectionsAreWritten() {
        String text = Json.write(Arrays.asList("a", null));
        assertEquals(Arrays.asList("a", null), MiniJson.parse(text));
        assertFalse(text.contains("\"null\""));
    }
}
