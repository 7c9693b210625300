package dev.perfport.core.wg;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A global or constant buffer of double as a Java work-group kernel sees it. Plain accesses are
 * reported to the observer only when it traces loads; atomics are always reported, so that
 * emulated devices can count them.
 */
public final class GlobalDoubles {
    private static final VarHandle AA = MethodHandles.arrayElementVarHandle(double[].class);
    private final double[] data;
    private final int id;
    private final AccessObserver observer;
    private final boolean trace;

    /** @param id the argument index, used in observer callbacks */
    public GlobalDoubles(double[] data, int id, AccessObserver observer) {
        this.data = data;
        this.id = id;
        this.observer = observer == null ? AccessObserver.NONE : observer;
        this.trace = this.observer.tracesLoads();
    }

    public int length() {
        return data.length;
    }

    public double get(int i) {
        if (trace) observer.load(id, i, 8);
        return data[i];
    }

    public void set(int i, double v) {
        if (trace) observer.store(id, i, 8);
        data[i] = v;
    }

    /**
     * A volatile read, for spin-waits on values other work-groups change (a plain read may be
     * hoisted out of the loop). Not counted as an atomic.
     */
    public double getVolatile(int i) {
        if (trace) observer.load(id, i, 8);
        return (double) AA.getVolatile(data, i);
    }

    /** A volatile write, pairing with {@link #getVolatile(int)}. Not counted as an atomic. */
    public void setVolatile(int i, double v) {
        if (trace) observer.store(id, i, 8);
        AA.setVolatile(data, i, v);
    }

    /** Atomic add; returns the old value. */
    public double atomicAdd(int i, double v) {
        observer.atomic(id, i, 8);
        double old = (double) AA.getVolatile(data, i);
        while (true) {
            double seen = (double) AA.compareAndExchange(data, i, old, old + v);
            if (Double.doubleToRawLongBits(seen) == Double.doubleToRawLongBits(old)) return old;
            old = seen;
        }
    }

    /** Atomic compare-and-swap (bitwise for floating point); returns the value seen. */
    public double atomicCas(int i, double expected, double v) {
        observer.atomic(id, i, 8);
        return (double) AA.compareAndExchange(data, i, expected, v);
    }

    /** Atomic maximum; returns the old value. */
    public double atomicMax(int i, double v) {
        observer.atomic(id, i, 8);
        double old = (double) AA.getVolatile(data, i);
        while (old < v) {
            double seen = (double) AA.compareAndExchange(data, i, old, v);
            if (Double.doubleToRawLongBits(seen) == Double.doubleToRawLongBits(old)) break;
            old = seen;
        }
        return old;
    }

    /**
     * The backing array, for bulk transfers (DMA) that the emulator accounts for itself. Kernels
     * must not use it for ordinary loads, or the device cannot see them.
     */
    public double[] array() {
        return data;
    }
}
