package dev.perfport.cli.commands;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneDatabase;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.spec.Knob;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every entry of the shipped tuning database is a configuration its workload accepts: a pick only sets the workload's
 * tuned knobs, so a knob it does not tune would be dropped without a word, and a value outside a knob's limits or
 * against a rule would fail every row that takes the entry.
 */
class ShippedDatabaseTest {
    @Test
    void everyEntryParsesAsItsWorkloadsConfiguration() {
        var entries = TuneDatabase.shipped().contents().entries();
        assertFalse(entries.isEmpty());
        for (TuneDatabase.Entry e : entries) {
            Workload w = Workloads.get(e.workload());
            Tunable t = assertInstanceOf(Tunable.class, w, "an entry for a workload that is not tuned: " + e);
            for (String knob : e.knobs().keySet()) {
                assertTrue(t.tunedParams().contains(knob), "knob " + knob + " is not one " + e.workload() + " tunes: " + e);
            }
            Map<String, Knob<?>> byName = new HashMap<>();
            for (Knob<?> k : w.spec().knobs()) byName.put(k.name(), k);
            String variant = e.fixed().get("variant");
            Map<String, String> given = new LinkedHashMap<>();
            // a fixed value is matched against a row's recorded parameters, which may hold a resolution (FFT's passes
            // as fourstep(2048x512)); those the knob reads as given take part, so that rules across knobs apply
            e.fixed().forEach((k, v) -> {
                if (byName.containsKey(k) && readsAsGiven(byName.get(k), v)) given.put(k, v);
            });
            // a tuning name that is not a parameter (the convolution's constFilter, its filter) is the workload's to translate
            e.knobs().forEach((k, v) -> {
                if (byName.containsKey(k)) given.put(k, Integer.toString(v));
            });
            assertDoesNotThrow(() -> w.spec().parse(Params.of(given), variant), () -> "entry " + e);
        }
    }

    private static boolean readsAsGiven(Knob<?> knob, String value) {
        try {
            knob.parse(value);
            return true;
        } catch (ConfigException aResolution) {
            return false;
        }
    }
}
