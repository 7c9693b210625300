package dev.perfport.backend.jocl;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the OpenCL objects a session has created and not yet released, by kind (context, queue,
 * mem, program, kernel, event), so that tests can prove that close() releases everything.
 */
final class NativeTally {
    private final ConcurrentHashMap<String, AtomicInteger> live = new ConcurrentHashMap<>();

    void created(String kind) {
        live.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
    }

    void released(String kind) {
        int n = live.computeIfAbsent(kind, k -> new AtomicInteger()).decrementAndGet();
        if (n < 0) throw new IllegalStateException("released more " + kind + " objects than were created");
    }

    /** The kinds with objects still live, and how many. */
    Map<String, Integer> live() {
        Map<String, Integer> m = new TreeMap<>();
        live.forEach((k, v) -> {
            if (v.get() != 0) m.put(k, v.get());
        });
        return m;
    }
}
