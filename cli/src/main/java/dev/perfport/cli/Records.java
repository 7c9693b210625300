package dev.perfport.cli;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON and CSV shape of rows and devices, as ordered maps. JSON writes them as they are;
 * CSV flattens the nested maps to dotted columns ({@code params.n}, {@code profile.kernelNanos}).
 */
public final class Records {
    private Records() {
    }

    /**
     * One result row.
     *
     * @param selector    the device selector it ran on
     * @param result      the row
     * @param environment what it was measured with ({@link Environment}), or empty
     */
    public record Row(String selector, RunResult result, Map<String, String> environment) {
        public Row {
            environment = environment == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        }

        /** A row without its environment. */
        public Row(String selector, RunResult result) {
            this(selector, result, Map.of());
        }

        public boolean ok() {
            return result.ok();
        }
    }

    public static Map<String, Object> row(Row row) {
        RunResult r = row.result();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("backend", r.backend());
        m.put("device", r.device());
        m.put("selector", row.selector());
        m.put("workload", r.workload());
        m.put("variant", r.variant());
        m.put("params", params(r.params()));
        m.put("status", r.status().label());
        m.put("verified", r.verified());
        m.put("error", r.error());
        m.put("wallNanos", r.wallNanos());
        m.put("kernelNanos", r.kernelNanos() >= 0 ? r.kernelNanos() : null);
        m.put("modelledNanos", r.modelledNanos());
        m.put("metrics", new LinkedHashMap<>(r.metrics()));
        m.put("counters", new LinkedHashMap<>(r.counters()));
        m.put("profile", profile(r.profile()));
        if (r.timing() != null) m.put("timing", timing(r.timing()));
        if (!row.environment().isEmpty()) m.put("environment", new LinkedHashMap<>(row.environment()));
        return m;
    }

    /** How the row was timed: warm-up, the statistic, why it stopped, and each time's min, median, max and count. */
    static Map<String, Object> timing(Timing t) {
        if (t == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmup", t.warmup());
        m.put("stat", t.stat());
        m.put("stop", t.stop());
        m.put("wallNanos", spread(t.wall()));
        m.put("kernelNanos", spread(t.kernel()));
        m.put("modelledNanos", spread(t.modelled()));
        return m;
    }

    private static Map<String, Object> spread(Spread s) {
        if (s == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("min", s.min());
        m.put("median", s.median());
        m.put("max", s.max());
        m.put("count", s.count());
        return m;
    }

    /** Parameters: plain decimal integers as numbers, anything else as strings. */
    static Map<String, Object> params(Map<String, String> params) {
        Map<String, Object> m = new LinkedHashMap<>();
        params.forEach((k, v) -> {
            Object value = v;
            if (v != null && v.matches("-?\\d{1,18}")) value = Long.parseLong(v);
            m.put(k, value);
        });
        return m;
    }

    static Map<String, Object> profile(Profile p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("compileNanos", p.compileNanos());
        m.put("transferNanos", p.transferNanos());
        m.put("kernelNanos", p.kernelNanos());
        m.put("modelledNanos", p.hasModelledTime() ? p.modelledNanos() : null);
        m.put("bytesToDevice", p.bytesToDevice());
        m.put("bytesToHost", p.bytesToHost());
        m.put("launches", p.launches());
        return m;
    }

    public static Map<String, Object> device(String backend, int index, DeviceInfo d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("selector", backend + ":" + index);
        m.put("backend", backend);
        m.put("index", index);
        m.put("name", d.name());
        m.put("vendor", d.vendor());
        m.put("type", d.type().label());
        m.put("computeUnits", d.computeUnits());
        m.put("maxWorkGroupSize", d.maxWorkGroupSize());
        m.put("maxWorkItemSizes", d.maxWorkItemSizes());
        Map<String, Object> mem = new LinkedHashMap<>();
        for (MemoryLevel l : MemoryLevel.values()) {
            MemoryLevelInfo i = d.memory(l);
            Map<String, Object> lm = new LinkedHashMap<>();
            lm.put("capacityBytes", i.capacityBytes());
            lm.put("scope", Labels.of(i.scope()));
            lm.put("hostVisible", i.hostVisible());
            lm.put("support", Labels.of(i.support()));
            lm.put("note", i.note());
            mem.put(Labels.of(l), lm);
        }
        m.put("memory", mem);
        Map<String, Object> f = new LinkedHashMap<>();
        for (Feature x : Feature.values()) f.put(Labels.of(x), Labels.of(d.support(x)));
        m.put("features", f);
        m.put("properties", new LinkedHashMap<>(d.properties()));
        return m;
    }
}
