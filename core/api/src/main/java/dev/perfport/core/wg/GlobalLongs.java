package dev.perfport.core.wg;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A global or constant buffer of long as a Java work-group kernel sees it. Plain accesses are
 * reported to the observer only when it traces loads; atomics are always reported, so that
 * emulated devices can count them.
 */
public final class GlobalLongs {
    private static final VarHandle AA = MethodHandles.arrayElementVarHandle(long[].class);
    private final long[] data;
    private final int id;
    private final AccessObserver observer;
    private final boolean trace;

    /** @param id the argument index, used in observer callbacks */
    public GlobalLongs(long[] data, int id, AccessObserver observer) {
        this.data = data;
        this.id = id;
        this.observer = observer == null ? AccessObserver.NONE : observer;
        this.trace = this.observer.tracesLoads();
    }

    public int length() {
        return data.length;
    }

    public long get(int i) {
        if (trace) observer.load(id, i, 8);
        return data[i];
    }

    public void set(int i, long v) {
        if (trace) observer.store(id, i, 8);
        data[i] = v;
    }

    /**
     * A volatile read, for spin-waits on values other work-groups change (a plain read may be
     * hoisted out of the loop). Not counted as an atomic.
     */
    public long getVolatile(int i) {
        if (trace) observer.load(id, i, 8);
        return (long) AA.getVolatile(data, i);
    }

    /** A volatile write, pairing with {@link #getVolatile(int)}. Not counted as an atomic. */
    public void setVolatile(int i, long v) {
        if (trace) observer.store(id, i, 8);
        AA.setVolatile(data, i, v);
    }

    /** Atomic add; returns the old value. */
    public long atomicAdd(int i, long v) {
        observer.atomic(id, i, 8);
        return (long) AA.getAndAdd(data, i, v);
    }

    /** Atomic compare-and-swap (bitwise for floating point); returns the value seen. */
    public long atomicCas(int i, long expected, long v) {
        observer.atomic(id, i, 8);
        return (long) AA.compareAndExchange(data, i, expected, v);
    }

    /** Atomic maximum; returns the old value. */
    public long atomicMax(int i, long v) {
        observer.atomic(id, i, 8);
        long old = (long) AA.getVolatile(data, i);
        while (old < v) {
            long seen = (long) AA.compareAndExchange(data, i, old, v);
            if (seen == old) break;
            old = seen;
        }
        return old;
    }

    /**
     * The backing array, for bulk transfers (DMA) that the emulator accounts for itself. Kernels
     * must not use it for ordinary loads, or the device cannot see them.
     */
    public long[] array() {
        return data;
    }
}
