package dev.perfport.backend.cell.model;

import java.util.Arrays;

/**
 * One unit's count of charged global atomics per lock line: an open-addressing map from line to
 * count, used by one thread, allocating only when it grows.
 */
final class LineCounts {
    private long[] keys = new long[16];
    private long[] counts = new long[16];
    private int size;
    private long last = -1;
    private int lastSlot;

    LineCounts() {
        Arrays.fill(keys, -1);
    }

    void add(long line) {
        if (line == last) {
            counts[lastSlot]++;
            return;
        }
        int mask = keys.length - 1;
        int i = (int) (mix(line) & mask);
        while (keys[i] != -1 && keys[i] != line) i = (i + 1) & mask;
        if (keys[i] == -1) {
            keys[i] = line;
            size++;
        }
        counts[i]++;
        last = line;
        lastSlot = i;
        if (size * 2 > keys.length) grow();
    }

    private void grow() {
        long[] k = keys;
        long[] c = counts;
        keys = new long[k.length * 2];
        counts = new long[k.length * 2];
        Arrays.fill(keys, -1);
        size = 0;
        last = -1;
        int mask = keys.length - 1;
        for (int j = 0; j < k.length; j++) {
            if (k[j] == -1) continue;
            int i = (int) (mix(k[j]) & mask);
            while (keys[i] != -1) i = (i + 1) & mask;
            keys[i] = k[j];
            counts[i] = c[j];
            size++;
        }
    }

    private static long mix(long x) {
        x *= 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 32);
    }

    interface Visitor {
        void line(long line, long count);
    }

    void forEach(Visitor v) {
        for (int i = 0; i < keys.length; i++) if (keys[i] != -1) v.line(keys[i], counts[i]);
    }
}
