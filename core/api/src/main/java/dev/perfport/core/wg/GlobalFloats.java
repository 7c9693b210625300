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

    /** @param id the argument index, used in observer callbacks */
    public GlobalFloats(float[] data, int id, AccessObserver observer) {
        this.data = data;
        this.id = id;
        this.observer = observer == null ? AccessObserver.NONE : observer;
        this.trace = this.observer.tracesLoads();
    }

    public int length() {
        return data.length;
    }

    public float get(int i) {
        if (trace) observer.load(id, i, 4);
        return data[i];
    }

    public void set(int i, float v) {
        if (trace) observer.store(id, i, 4);
        data[i] = v;
    }

    /**
     * A volatile read, for spin-waits on values other work-groups change (a plain read may be
     * hoisted out of the loop). Not counted as an atomic.
     */
    public float getVolatile(int i) {
        if (trace) observer.load(id, i, 4);
        return (float) AA.getVolatile(data, i);
    }

    /** A volatile write, pairing with {@link #getVolatile(int)}. Not counted as an atomic. */
    public void setVolatile(int i, float v) {
        if (trace) observer.store(id, i, 4);
        AA.setVolatile(data, i, v);
    }

    /** Atomic add; returns the old value. */
    public float atomicAdd(int i, float v) {
        observer.atomic(id, i, 4);
        float old = (float) AA.getVolatile(data, i);
        while (true) {
            float seen = (float) AA.compareAndExchange(data, i, old, old + v);
            if (Float.floatToRawIntBits(seen) == Float.floatToRawIntBits(old)) return old;
            old = seen;
        }
    }

    /** Atomic compare-and-swap (bitwise for floating point); returns the value seen. */
    public float atomicCas(int i, float expected, float v) {
        observer.atomic(id, i, 4);
        return (float) AA.compareAndExchange(data, i, expected, v);
    }

    /** Atomic maximum; returns the old value. */
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
     * The backing array, for bulk transfers (DMA) that the emulator accounts for itself. Kernels
     * must not use it for ordinary loads, or the device cannot see them.
     */
    public float[] array() {
        return data;
    }
}
