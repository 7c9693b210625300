package dev.perfport.core.wg;

/**
 * Sees the global-memory accesses of a Java work-group kernel, so that an emulated device can
 * count atomics and model caches. Called on the worker's thread; implementations need not be
 * thread-safe when each worker has its own.
 */
public interface AccessObserver {
    /**
     * A plain load of one element. Only called when {@link #tracesLoads()} is true.
     *
     * @param buffer the argument index of the buffer
     * @param index  the element
     * @param bytes  the element's size
     */
    void load(int buffer, long index, int bytes);

    /**
     * A plain store of one element. Only called when {@link #tracesLoads()} is true.
     *
     * @param buffer the argument index of the buffer
     * @param index  the element
     * @param bytes  the element's size
     */
    void store(int buffer, long index, int bytes);

    /**
     * An atomic read-modify-write on global memory. Always called.
     *
     * @param buffer the argument index of the buffer
     * @param index  the element
     * @param bytes  the element's size
     */
    void atomic(int buffer, long index, int bytes);

    /** {@return whether plain loads and stores are reported (costly; off unless a cache is modelled)} */
    boolean tracesLoads();

    /** Counts atomics only. */
    AccessObserver NONE = new AccessObserver() {
        public void load(int b, long i, int n) { }
        public void store(int b, long i, int n) { }
        public void atomic(int b, long i, int n) { }
        public boolean tracesLoads() { return false; }
    };
}
