package dev.perfport.core.result;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Named event counts measured while kernels ran: global atomics, DMA commands, cache misses,
 * static-local initialisations, ... Thread-safe.
 */
public final class Counters {
    /** No counts yet. */
    public Counters() {
    }

    /** Global-memory atomic operations issued by kernels. */
    public static final String GLOBAL_ATOMICS = "globalAtomics";
    /** Work-groups executed (logical groups, not persistent ones). */
    public static final String WORK_GROUPS = "workGroups";
    /** Compute units (or persistent groups standing in for them) that ran at least one group. */
    public static final String UNITS_USED = "unitsUsed";
    /** Static-local-memory instances initialised (first-group hooks). */
    public static final String STATIC_LOCAL_INITS = "staticLocalInits";
    /**
     * Launches queued back to back ({@code DeviceSession.launchRepeated}), on routes that can tell:
     * nanoseconds the host spent setting arguments and enqueuing them, before it waited; the host's
     * share of the wall time apart from the device's (a driver that blocks an enqueue on a full
     * queue adds that wait to it).
     */
    public static final String HOST_ENQUEUE_NANOS = "hostEnqueueNanos";
    /**
     * Times the host waited for the device during a launch sequence ({@code DeviceSession.launchSequence}), on
     * routes that submit it together: jocl queues the steps and waits once, TornadoVM waits once a task graph.
     * Routes that launch the steps one by one do not report it: they wait once a launch.
     */
    public static final String HOST_SYNCS = "hostSyncs";

    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    /**
     * Adds to a count.
     *
     * @param name  the count's name, e.g. {@link #GLOBAL_ATOMICS}
     * @param delta what to add
     */
    public void add(String name, long delta) {
        counts.computeIfAbsent(name, k -> new LongAdder()).add(delta);
    }

    /**
     * {@return a count, 0 when never added to}
     *
     * @param name the count's name
     */
    public long get(String name) {
        LongAdder a = counts.get(name);
        return a == null ? 0 : a.sum();
    }

    /**
     * Adds every count of {@code other}.
     *
     * @param other counts by name
     */
    public void addAll(Map<String, Long> other) {
        other.forEach(this::add);
    }

    /** Forgets every count. */
    public void reset() {
        counts.clear();
    }

    /** {@return sorted copy of the counts} */
    public Map<String, Long> snapshot() {
        TreeMap<String, Long> m = new TreeMap<>();
        counts.forEach((k, v) -> m.put(k, v.sum()));
        return Collections.unmodifiableMap(m);
    }

    /** @return the counts, sorted by name, e.g. {@code Counters{globalAtomics=16, workGroups=16}} */
    @Override
    public String toString() {
        return "Counters" + snapshot();
    }
}
