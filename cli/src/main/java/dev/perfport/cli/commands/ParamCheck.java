package dev.perfport.cli.commands;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Checks {@code --param} items before any device is opened: the name must be one of the
 * workload's parameters, and a parameter whose default is an integer must be an integer
 * ({@code 2^20}, {@code 1M}, ...). Integers are then written out in decimal, so that every
 * output shows {@code n=1048576} however it was typed.
 */
public final class ParamCheck {
    private ParamCheck() {
    }

    public static Params overrides(Workload w, List<String> items) {
        Params given = Params.parse(items);
        for (String k : given.asMap().keySet()) {
            if (!w.defaults().has(k) && !MEASUREMENT.contains(k)) {
                throw new ConfigException("unknown parameter '" + k + "' of " + w.name() + "; parameters: "
                        + String.join(", ", w.defaults().asMap().keySet()) + ", and every workload's " + String.join(", ", MEASUREMENT));
            }
        }
        Measurement.of(given);   // a bad warmup or stat is one line now, before any device is opened
        return normalize(w, given);
    }

    /**
     * {@return the named variants of {@code w}, each once, in the order given} An unknown name is
     * a configuration error that lists the variants there are.
     */
    public static List<String> variants(Workload w, List<String> names) {
        LinkedHashSet<String> l = new LinkedHashSet<>();
        for (String v : names) {
            if (!w.variants().contains(v)) {
                throw new ConfigException("unknown variant '" + v + "' of " + w.name() + "; variants: " + String.join(", ", w.variants()));
            }
            l.add(v);
        }
        return List.copyOf(l);
    }

    public static Params normalize(Workload w, Params p) {
        Map<String, String> m = new LinkedHashMap<>();
        p.asMap().forEach((k, v) -> m.put(k, isInteger(w, k) && !isAuto(k, v) ? Long.toString(Params.parseLong(k, v)) : v));
        return Params.of(m);
    }

    /** The measurement's parameters, which every workload takes ({@link Measurement}). */
    static final List<String> MEASUREMENT = List.of(Measurement.WARMUP, Measurement.STAT);

    private static boolean isAuto(String key, String value) {
        return key.equals(Measurement.REPS) && value.equals(Measurement.AUTO);
    }

    private static boolean isInteger(Workload w, String key) {
        if (!w.defaults().has(key)) return false;
        try {
            Params.parseLong(key, w.defaults().get(key));
            return true;
        } catch (ConfigException e) {
            return false;
        }
    }
}
