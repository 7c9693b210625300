package dev.perfport.backend.jocl;

import org.jocl.cl_program;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Built programs of one session keyed by (full source, build options), least recently used first
 * out. Several kernels share one .cl file, so they share one build. Evicted programs are released
 * at once: kernels made from them keep them alive on the OpenCL side. Not thread-safe; the session
 * serialises compiles.
 */
final class ProgramCache {
    /** A program's identity: the source as built (prelude included) and the options. */
    record Key(String source, String options) {
    }

    private final int capacity;
    private final Consumer<cl_program> release;
    private final LinkedHashMap<Key, cl_program> programs = new LinkedHashMap<>(16, 0.75f, true);
    private long hits;
    private long misses;

    ProgramCache(int capacity, Consumer<cl_program> release) {
        if (capacity < 1) throw new IllegalArgumentException("program cache capacity must be >= 1, got " + capacity);
        this.capacity = capacity;
        this.release = release;
    }

    /** The cached program for {@code key}, or the one {@code build} makes (a build error propagates, nothing is cached). */
    cl_program get(Key key, Supplier<cl_program> build) {
        cl_program p = programs.get(key);
        if (p != null) {
            hits++;
            return p;
        }
        misses++;
        p = build.get();
        programs.put(key, p);
        while (programs.size() > capacity) {
            Map.Entry<Key, cl_program> eldest = programs.entrySet().iterator().next();
            programs.remove(eldest.getKey());
            release.accept(eldest.getValue());
        }
        return p;
    }

    int size() {
        return programs.size();
    }

    long hits() {
        return hits;
    }

    long misses() {
        return misses;
    }

    /** Releases every cached program; the first error is thrown after all were tried. */
    void clear() {
        List<cl_program> all = new ArrayList<>(programs.values());
        programs.clear();
        RuntimeException first = null;
        for (cl_program p : all) {
            try {
                release.accept(p);
            } catch (RuntimeException e) {
                if (first == null) first = e;
                else first.addSuppressed(e);
            }
        }
        if (first != null) throw first;
    }
}
