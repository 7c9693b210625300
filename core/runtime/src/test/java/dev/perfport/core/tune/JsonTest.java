package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class JsonTest {
    @Test
    void readsEveryKindOfValue() {
        Object v = Json.parse(" {\"a\": [1, -2.5e3, true, false, null], \"b\": \"x\\\"\\u00e9\\n\", \"c\": {}} ");
        Map<?, ?> m = assertInstanceOf(Map.class, v);
        assertEquals(List.of(1L, -2500.0, true, false), ((List<?>) m.get("a")).subList(0, 4));
        assertNull(((List<?>) m.get("a")).get(4));
        assertEquals("x\"é\n", m.get("b"));
        assertEquals(Map.of(), m.get("c"));
    }

    @Test
    void errorsSayWhereAndWhat() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\n  \"a\": 1,\n  \"b\" 2}"));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("':'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Json.parse("[1, 2"));
        assertTrue(e.getMessage().contains("end of input"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Json.parse("{\"a\": 1, \"a\": 2}"));
        assertTrue(e.getMessage().contains("duplicate"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.parse("01x"));
    }

    @Test
    void writesWhatItReads() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "tab\there \"q\" \u0001");
        m.put("n", 42L);
        m.put("d", 0.1);
        m.put("l", List.of(1L, "two", Map.of("k", false)));
        m.put("z", null);
        assertEquals(m, Json.parse(Json.write(m)));
        assertEquals(m, Json.parse(Json.pretty(m, 2)));
        assertThrows(IllegalArgumentException.class, () -> Json.write(Double.NaN));
    }
}
