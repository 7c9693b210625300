package dev.perfport.cli.format;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvTest {

    @Test
    void plainFieldsAreNotQuoted() {
        assertEquals("jocl", Csv.field("jocl"));
        assertEquals("12.5", Csv.field("12.5"));
        assertEquals("", Csv.field(null));
        assertEquals("", Csv.field(""));
    }

    @Test
    void fieldsWithSeparatorsQuotesOrBreaksAreQuoted() {
        assertEquals("\"a,b\"", Csv.field("a,b"));
        assertEquals("\"say \"\"hi\"\"\"", Csv.field("say \"hi\""));
        assertEquals("\"l1\nl2\"", Csv.field("l1\nl2"));
        assertEquals("\"cr\rx\"", Csv.field("cr\rx"));
        assertEquals("\" padded \"", Csv.field(" padded "));
    }

    @Test
    void headerIsTheUnionOfFlattenedKeysInFirstSeenOrder() {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("backend", "jocl");
        a.put("params", Map.of("n", 5L));
        a.put("error", null);
        a.put("metrics", Map.of("GB/s", 1.5));
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("backend", "cell-emulation");
        b.put("params", Map.of("n", 7L));
        b.put("error", "sum 1 != 2, \"bad\"");
        b.put("metrics", new LinkedHashMap<>(Map.of("GB/s", 2.0)));
        b.put("sizes", List.of(1L, 2L, 3L));
        String csv = Csv.write(List.of(a, b));
        assertEquals("""
                backend,params.n,error,metrics.GB/s,sizes
                jocl,5,,1.5,
                cell-emulation,7,"sum 1 != 2, ""bad""\",2.0,1 2 3
                """, csv);
    }

    @Test
    void quotedFieldsParseBackWithAStandardReader() {
        List<String> fields = List.of("a", "b,c", "d\"e", "f\ng", "", " h");
        String line = Csv.line(fields);
        assertEquals(fields, parseLine(line));
    }

    /** RFC 4180 reading of one record, independent of the writer. */
    private static List<String> parseLine(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i++);
            if (quoted) {
                if (c == '"' && i < text.length() && text.charAt(i) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(f.toString());
                f.setLength(0);
            } else if (c == '\n') {
                break;
            } else {
                f.append(c);
            }
        }
        out.add(f.toString());
        return out;
    }
}
