package dev.perfport.cli.format;

import dev.perfport.cli.commands.TuneCommand;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.TuneRecord;
import dev.perfport.core.tune.TuneResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport tune ... --format t4}: the tuning results in the T4 format of the autotuning
 * community's open tuning schemas, as Kernel Tuner writes it ({@code kernel_tuner/file_utils.py},
 * {@code get_t4_results}; schema {@code kernel_tuner/schema/T4/1.0.0/results-schema.json}), so
 * that tools that read Kernel Tuner's output read perfport's.
 *
 * <p>One document: {@code schema_version}, {@code results} (one per evaluated configuration: its
 * {@code configuration}, {@code times}, {@code invalidity}, {@code correctness}, the
 * {@code objectives} and the {@code measurements}) and {@code metadata} (the environment, in the
 * shape of T4's metadata schema: operating system, the devices tuned on, the software). perfport's
 * tuner records each configuration's objective value (a throughput such as GFLOP/s, larger is
 * better), not its kernel time: the value is a measurement named after the objective, with its
 * unit, and {@code times.runtimes} is empty, as Kernel Tuner writes it when it has no times. With
 * several devices or variants, each result's measurements name its backend, device and variant.
 */
public final class T4 {
    /** The T4 schema version written. */
    public static final String SCHEMA_VERSION = "1.0.0";

    private T4() {
    }

    /**
     * {@return the T4 document of a tuning run}
     *
     * @param workload the tuned workload's name
     * @param rows     the run's rows (device × variant)
     * @param version  perfport's version
     */
    public static Map<String, Object> document(String workload, List<TuneCommand.Row> rows, String version) {
        List<Object> results = new ArrayList<>();
        List<Object> devices = new ArrayList<>();
        for (TuneCommand.Row r : rows) {
            Map<String, Object> dev = new LinkedHashMap<>();
            dev.put("selector", r.selector());
            dev.put("backend", r.backend());
            dev.put("device", r.device());
            dev.put("variant", r.variant());
            TuneResult t = r.result();
            if (r.error() != null) dev.put("error", r.error());
            if (t != null) {
                dev.put("strategy", t.strategy());
                dev.put("objective", t.objective().metric());
                dev.put("direction", t.objective().direction().name().toLowerCase(java.util.Locale.ROOT));
            }
            devices.add(dev);
            if (t == null) continue;
            for (TuneRecord x : t.records()) results.add(result(r, t, x));
        }
        Map<String, Object> environment = new LinkedHashMap<>();
        environment.put("device_query", Map.of("perfport", Map.of("workload", workload, "runs", devices)));
        environment.put("requirements", List.of("perfport==" + version, "java==" + System.getProperty("java.version")));
        Map<String, Object> hardware = new LinkedHashMap<>();
        hardware.put("operating_system", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("timeunit", "milliseconds");
        metadata.put("hardware", hardware);
        metadata.put("environment", environment);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema_version", SCHEMA_VERSION);
        doc.put("results", results);
        doc.put("metadata", metadata);
        return doc;
    }

    private static Map<String, Object> result(TuneCommand.Row r, TuneResult t, TuneRecord x) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("configuration", new LinkedHashMap<>(x.config().values()));
        Map<String, Object> times = new LinkedHashMap<>();
        times.put("runtimes", List.of());
        out.put("times", times);
        Status s = x.evaluation().status();
        out.put("invalidity", invalidity(s));
        out.put("correctness", s == Status.WRONG_RESULT ? 0 : 1);
        out.put("objectives", List.of(t.objective().metric()));
        List<Object> measurements = new ArrayList<>();
        if (x.evaluation().valid()) measurements.add(measurement(t.objective().metric(), x.evaluation().value(), t.objective().metric()));
        measurements.add(measurement("backend", r.backend(), ""));
        measurements.add(measurement("device", r.device(), ""));
        measurements.add(measurement("variant", r.variant(), ""));
        measurements.add(measurement("source", x.fromCache() ? "cache" : "measured", ""));
        if (x.evaluation().message() != null && !x.evaluation().message().isBlank()) {
            measurements.add(measurement("message", x.evaluation().message(), ""));
        }
        out.put("measurements", measurements);
        return out;
    }

    private static Map<String, Object> measurement(String name, Object value, String unit) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("value", value);
        m.put("unit", unit);
        return m;
    }

    /** T4's invalidity: correct, compile, runtime, correctness or constraints. */
    static String invalidity(Status s) {
        return switch (s) {
            case OK -> "correct";
            case CONSTRAINT, ROUTE_REFUSED -> "constraints";   // T4 has no kind for a route that cannot express a point
            case COMPILE_ERROR -> "compile";
            case RUNTIME_ERROR -> "runtime";
            case WRONG_RESULT -> "correctness";
        };
    }
}
