package dev.perfport.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The executors that really ran a job's work and the device each used, as the tasks themselves
 * reported it ({@link Wire.Ran}), not as Spark's configuration or default parallelism says: per
 * executor, GPU and device, how many tasks and items (evaluations or rows) and their busy time.
 */
final class ExecutorsUsed {
    private final Map<String, Entry> entries = new TreeMap<>();

    private static final class Entry {
        final Wire.Ran ran;
        int tasks;
        int items;
        long nanos;

        Entry(Wire.Ran ran) {
            this.ran = ran;
        }
    }

    /** One successful task that did {@code items} evaluations or rows. */
    synchronized void add(Wire.Ran ran, int items) {
        String key = ran.executorId() + " " + ran.host() + " " + ran.pid() + " " + ran.gpus() + " " + ran.selector();
        Entry e = entries.computeIfAbsent(key, k -> new Entry(ran));
        e.tasks++;
        e.items += items;
        e.nanos += ran.nanos();
    }

    synchronized int size() {
        return (int) entries.values().stream().map(e -> e.ran.executorId() + " " + e.ran.host() + " " + e.ran.pid()).distinct().count();
    }

    /**
     * One line per executor and device: "executor 1 on 10.0.0.2 (pid 4711), gpu 1, jocl:1 NVIDIA H200: 12 tasks, 100 evaluations,
     * busy 20.1 s", {@code what} being one item's word ("evaluation").
     */
    synchronized List<String> lines(String what) {
        List<String> l = new ArrayList<>();
        for (Entry e : entries.values()) {
            Wire.Ran r = e.ran;
            l.add(String.format(Locale.ROOT, "executor %s on %s (pid %d)%s, %s %s: %d task%s, %d %s, busy %.1f s", r.executorId(), r.host(), r.pid(),
                    r.gpus().isEmpty() ? "" : ", gpu " + String.join(",", r.gpus()), r.selector(), r.device(), e.tasks, e.tasks == 1 ? "" : "s",
                    e.items, e.items == 1 ? what : what + "s", e.nanos / 1e9));
        }
        return l;
    }

    /** The same as JSON-ready maps (for the result file). */
    synchronized List<Map<String, Object>> json() {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Entry e : entries.values()) {
            Wire.Ran r = e.ran;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("executor", r.executorId());
            m.put("host", r.host());
            m.put("pid", r.pid());
            m.put("gpu", r.gpus().isEmpty() ? null : String.join(",", r.gpus()));
            m.put("selector", r.selector());
            m.put("device", r.device());
            m.put("tasks", e.tasks);
            m.put("items", e.items);
            m.put("busySeconds", Math.round(e.nanos / 1e6) / 1e3);
            l.add(m);
        }
        return l;
    }
}
