package dev.perfport.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Compares what a local run and a cluster run printed and cached. */
final class Results {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Results() {
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + text, e);
        }
    }

    /** Tuning output: the same best configuration and value, the same evaluations and records (order aside). */
    static void sameTuning(String local, String cluster) {
        JsonNode a = json(local), b = json(cluster);
        assertEquals(a.size(), b.size(), "tuning rows");
        for (int i = 0; i < a.size(); i++) {
            JsonNode x = a.get(i), y = b.get(i);
            for (String f : List.of("backend", "device", "variant", "strategy", "objective", "best", "value", "evaluations",
                    "measured", "rejected", "gridSize", "error", "trace")) {
                assertEquals(x.get(f), y.get(f), "field " + f + " of row " + i);
            }
            assertEquals(records(x), records(y), "records of row " + i);
        }
    }

    private static Map<String, String> records(JsonNode row) {
        Map<String, String> m = new TreeMap<>();
        for (JsonNode r : row.get("records")) m.put(r.get("params").toString(), r.get("status") + " " + r.get("value") + " " + r.get("message"));
        return m;
    }

    /** The tuning cache's entries by key (backend, device, kernel, parameters) with status and value, times left out. */
    static Map<String, String> cache(Path file) {
        try {
            JsonNode root = JSON.readTree(file.toFile());
            Map<String, String> m = new TreeMap<>();
            for (JsonNode e : root.get("entries")) {
                String key = e.get("backend") + " " + e.get("device") + " " + e.get("kernel") + " " + e.get("params");
                m.put(key, e.get("status") + " " + e.get("value") + " " + e.get("message"));
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many entries the tuning cache file holds, duplicates counted (a map by key would hide them). */
    static int entries(Path file) {
        try {
            return JSON.readTree(file.toFile()).get("entries").size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Comparison rows: the same rows in the same order (backend, device, selector, variant,
     * parameters, verified, error); the emulator's modelled times equal too (deterministic).
     */
    static void sameRows(String local, String cluster) {
        JsonNode a = json(local), b = json(cluster);
        assertEquals(describe(a), describe(b));
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).get("backend").asText().equals("cell-emulation")) {
                assertEquals(a.get(i).get("modelledNanos"), b.get(i).get("modelledNanos"), "modelled time of row " + i);
                assertEquals(a.get(i).get("counters"), b.get(i).get("counters"), "counters of row " + i);
            }
        }
    }

    private static List<String> describe(JsonNode rows) {
        List<String> l = new ArrayList<>();
        for (JsonNode r : rows) {
            l.add(r.get("backend") + " " + r.get("device") + " " + r.get("selector") + " " + r.get("variant") + " " + r.get("params")
                    + " verified=" + r.get("verified") + " error=" + r.get("error"));
        }
        return l;
    }
}
