package dev.perfport.core.wg;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A global or constant buffer of float as a Java work-group kernel sees it. Plain accesses are
 * reported to the observer only when it traces loads; atomics are always reported, so that
 * emulated devices can count them.
 */
public final class GlobalFloats {
    private static final VarHandle AA = MethodHandles.arrayElementVarHandle(float[].class);
    private final float[] data;
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
    public GlobalFloats(float[] data, int id, AccessObserver observer) {
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
    public float get(int i) {
        if (trace) observer.load(id, i, 4);
        return data[i];
    }

    /**
     * Stores element {@code i}: a plain store.
     *
     * @param i the index
     * @param v the value
     */
    public void set(int i, float v) {
        if (trace) observer.store(id, i, 4);
        data[i] = v;
    }

    /**
     * {@return element {@code i}, read as a volatile load} For spin-waits on values other work-groups
     * change (a plain read may be hoisted out of the loop). Not counted as an atomic.
     *
     * @param i the index
     */
    public float getVolatile(int i) {
        if (trace) observer.load(id, i, 4);
        return (float) AA.getVolatile(data, i);
    }

    /**
     * Stores element {@code i} as a volatile write, pairing with {@link #getVolatile(int)}. Not counted
     * as an atomic.
     *
     * @param i the index
     * @param v the value
     */
    public void setVolatile(int i, float v) {
        if (trace) observer.store(id, i, 4);
        AA.setVolatile(data, i, v);
    }

    /**
     * {@return the old value} Adds {@code v} to element {@code i} atomically; counted as a global atomic.
     *
     * @param i the index
     * @param v the value added
     */
    public float atomicAdd(int i, float v) {
        observer.atomic(id, i, 4);
        float old = (float) AA.getVolatile(data, i);
        while (true) {
            float seen = (float) AA.compareAndExchange(data, i, old, old + v);
            if (Float.floatToRawIntBits(seen) == Float.floatToRawIntBits(old)) return old;
            old = seen;
        }
    }

    /**
     * {@return the value seen} Sets element {@code i} to {@code v} if it was {@code expected}
     * (compared bitwise for floating point), atomically; counted as a global atomic.
     *
     * @param i        the index
     * @param expected the value expected
     * @param v        the new value
     */
    public float atomicCas(int i, float expected, float v) {
        observer.atomic(id, i, 4);
        return (float) AA.compareAndExchange(data, i, expected, v);
    }

    /**
     * {@return the old value} Raises element {@code i} to {@code v} if it was lower, atomically;
     * counted as a global atomic.
     *
     * @param i the index
     * @param v the candidate maximum
     */
    public float atomicMax(int i, float v) {
        observer.atomic(id, i, 4);
        float old = (float) AA.getVolatile(data, i);
        while (old < v) {
            float seen = (float) AA.compareAndExchange(data, i, old, v);
            if (Float.floatToRawIntBits(seen) == Float.floatToRawIntBits(old)) break;
            old = seen;
        }
        return old;
    }

    /**
     * {@return the backing array} For bulk transfers (DMA) that the emulator accounts for itself.
     * Kernels must not use it for ordinary loads, or the device cannot see them.
     */
    public float[] array() {
        return data;
    }
}
