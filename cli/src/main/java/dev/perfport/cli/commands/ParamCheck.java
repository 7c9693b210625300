package dev.perfport.cli.commands;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Measurement;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TuningSupport;
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
     * {@return a run's {@code --param} items as its rows take them: a tuned knob given is the user's at any value}
     * With {@code config=auto} (the default) a row then keeps its own knobs, as {@code config=default} (the row says
     * default, or given); {@code config=tuned} beside such a knob is one error line. Otherwise a knob given at its
     * default's value would look like one not given, and the cache's or database's pick would replace it. A knob given
     * as {@code auto} asks for the pick, as one not given does; {@code config=cache} or {@code database} (a row's
     * parameters run again) is left as it is.
     *
     * @param w         the workload
     * @param overrides the items checked by {@link #overrides}
     */
    public static Params ownKnobs(Workload w, Params overrides) {
        if (!(w instanceof Tunable t) || !w.defaults().has(TuningSupport.CONFIG.name())) return overrides;
        Map<String, String> given = overrides.asMap();
        String config = given.getOrDefault(TuningSupport.CONFIG.name(), TuningSupport.AUTO);
        for (String name : t.tunedParams()) {
            String value = given.get(name);
            if (value == null || value.equals(TuningSupport.AUTO)) continue;
            if (TuningSupport.required(config)) throw TuningSupport.givenBeside(name, value);
            return config.equals(TuningSupport.AUTO) ? overrides.with(TuningSupport.CONFIG.name(), TuningSupport.DEFAULT) : overrides;
        }
        return overrides;
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
