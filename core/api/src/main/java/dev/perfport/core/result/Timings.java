package dev.perfport.core.result;

import java.util.concurrent.atomic.AtomicLong;

/** A session's running totals; {@link #snapshot()} gives an immutable {@link Profile}. Thread-safe. */
public final class Timings {
    private final AtomicLong compile = new AtomicLong();
    private final AtomicLong transfer = new AtomicLong();
    private final AtomicLong kernel = new AtomicLong();
    private final AtomicLong modelled;
    private final AtomicLong toDevice = new AtomicLong();
    private final AtomicLong toHost = new AtomicLong();
    private final AtomicLong launches = new AtomicLong();

    /**
     * Zero totals.
     *
     * @param modelled whether this session has a cost model (emulators)
     */
    public Timings(boolean modelled) {
        this.modelled = new AtomicLong(modelled ? 0 : -1);
    }

    /**
     * Adds compilation time.
     *
     * @param nanos nanoseconds
     */
    public void addCompile(long nanos) {
        compile.addAndGet(nanos);
    }

    /**
     * Adds one host-device copy.
     *
     * @param nanos             nanoseconds
     * @param bytes             bytes copied
     * @param toDeviceDirection true for host to device
     */
    public void addTransfer(long nanos, long bytes, boolean toDeviceDirection) {
        transfer.addAndGet(nanos);
        (toDeviceDirection ? toDevice : toHost).addAndGet(bytes);
    }

    /**
     * Adds one launch and its kernel time.
     *
     * @param nanos nanoseconds
     */
    public void addKernel(long nanos) {
        addKernel(nanos, 1);
    }

    /**
     * Adds {@code count} launches and their kernel time together.
     *
     * @param nanos nanoseconds of all of them
     * @param count launches
     */
    public void addKernel(long nanos, int count) {
        kernel.addAndGet(nanos);
        launches.addAndGet(count);
    }

    /**
     * Adds modelled time.
     *
     * @param nanos modelled nanoseconds
     * @throws IllegalStateException when the session has no cost model
     */
    public void addModelled(long nanos) {
        if (modelled.get() < 0) throw new IllegalStateException("this session has no cost model");
        modelled.addAndGet(nanos);
    }

    /** {@return the totals now} */
    public Profile snapshot() {
        return new Profile(compile.get(), transfer.get(), kernel.get(), modelled.get(), toDevice.get(), toHost.get(), launches.get());
    }
}
