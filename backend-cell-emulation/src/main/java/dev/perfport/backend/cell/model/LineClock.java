package dev.perfport.backend.cell.model;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per launch, the latest modelled time at which a charged global atomic touched each 128-byte
 * lock line, shared by all units. A unit that leaves a spin-wait on a line cannot have seen the
 * releasing value before the releasing atomic happened, so its clock moves up to this time
 * (causality across units). Lines hash into a fixed table; lines that collide share a slot,
 * which can only delay a waiter, never let it run early. Lock-free, no allocation.
 */
public final class LineClock {
    private static final int SLOTS = 1024;
    private final AtomicLongArray times = new AtomicLongArray(SLOTS);

    private static int slot(long line) {
        long h = line * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 54);   // top 10 bits
    }

    /** Records that an atomic on {@code line} completed at modelled time {@code t}. */
    public void record(long line, long t) {
        int s = slot(line);
        long cur;
        while ((cur = times.get(s)) < t) {
            if (times.compareAndSet(s, cur, t)) return;
        }
    }

    /** The latest recorded time for {@code line} (0 if none). */
    public long get(long line) {
        return times.get(slot(line));
    }
}
