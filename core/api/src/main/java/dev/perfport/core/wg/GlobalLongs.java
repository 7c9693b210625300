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

    /**
     * A view of a buffer's host array.
     *
     * @param data     the buffer's elements
     * @param id       the argument index, used in observer callbacks
     * @param observer told about accesses (the emulator's cache model and counters), or null for none
     */
    public GlobalLongs(long[] data, int id, AccessObserver observer) {
        this.data = data;
        this.id = id;
        this.observer = observer == null ? AccessObserver.NONE : observer;
        this.trace = this.observer.tracesLoads();
    }

    /** {@return the number of elements} */
    public int length() {
        return data.length;
    }

    /**
     * {@return element {@code i}} A plain load.
     *
     * @param i the index
     */
    public long get(int i) {
        if (trace) observer.load(id, i, 8);
        return data[i];
    }

    /**
     * Stores element {@code i}: a plain store.
     *
     * @param i the index
     * @param v the value
     */
    public void set(int i, long v) {
        if (trace) observer.store(id, i, 8);
        data[i] = v;
    }

    /**
     * {@return element {@code i}, read as a volatile load} For spin-waits on values other work-groups
     * change (a plain read may be hoisted out of the loop). Not counted as an atomic.
     *
     * @param i the index
     */
    public long getVolatile(int i) {
        if (trace) observer.load(id, i, 8);
        return (long) AA.getVolatile(data, i);
    }

    /**
     * Stores element {@code i} as a volatile write, pairing with {@link #getVolatile(int)}. Not counted
     * as an atomic.
     *
     * @param i the index
     * @param v the value
     */
    public void setVolatile(int i, long v) {
        if (trace) observer.store(id, i, 8);
        AA.setVolatile(data, i, v);
    }

    /**
     * {@return the old value} Adds {@code v} to element {@code i} atomically; counted as a global atomic.
     *
     * @param i the index
     * @param v the value added
     */
    public long atomicAdd(int i, long v) {
        observer.atomic(id, i, 8);
        return (long) AA.getAndAdd(data, i, v);
    }

    /**
     * {@return the value seen} Sets element {@code i} to {@code v} if it was {@code expected}
     * (compared bitwise for floating point), atomically; counted as a global atomic.
     *
     * @param i        the index
     * @param expected the value expected
     * @param v        the new value
     */
    public long atomicCas(int i, long expected, long v) {
        observer.atomic(id, i, 8);
        return (long) AA.compareAndExchange(data, i, expected, v);
    }

    /**
     * {@return the old value} Raises element {@code i} to {@code v} if it was lower, atomically;
     * counted as a global atomic.
     *
     * @param i the index
     * @param v the candidate maximum
     */
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
     * {@return the backing array} For bulk transfers (DMA) that the emulator accounts for itself.
     * Kernels must not use it for ordinary loads, or the device cannot see them.
     */
    public long[] array() {
        return data;
    }
}
