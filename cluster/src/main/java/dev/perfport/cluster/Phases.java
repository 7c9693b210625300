package dev.perfport.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/** How long each phase of a cluster run took (Spark's start-up, the device probe, the work), in order. */
final class Phases {
    private final Map<String, Double> seconds = new LinkedHashMap<>();

    <T> T time(String phase, Supplier<T> work) {
        long t0 = System.nanoTime();
        try {
            return work.get();
        } finally {
            add(phase, (System.nanoTime() - t0) / 1e9);
        }
    }

    synchronized void add(String phase, double s) {
        seconds.merge(phase, s, Double::sum);
    }

    synchronized Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        seconds.forEach((k, v) -> m.put(k, Math.round(v * 1000) / 1000.0));
        return m;
    }

    @Override
    public synchronized String toString() {
        List<String> l = new ArrayList<>();
        seconds.forEach((k, v) -> l.add(String.format(Locale.ROOT, "%s %.1f s", k, v)));
        return String.join(", ", l);
    }
}
