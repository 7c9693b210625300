package dev.perfport.core.lazy;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;

import java.util.Objects;

/**
 * A host array paired with a device buffer that is allocated on first use, and the state of the
 * two copies ({@link Residency}). Made by {@link LazyTransfers#buffer}; all its copies go through
 * that object, which counts them. The host array is the user's: write it, then call
 * {@link #hostWritten()}; read it after {@link #forHost()}.
 */
public final class LazyBuffer implements AutoCloseable {
    private final LazyTransfers owner;
    private final Object host;
    private final ElemType type;
    private final int length;
    private final MemoryLevel level;
    private DeviceBuffer device;
    private Residency state = Residency.NONE;

    LazyBuffer(LazyTransfers owner, Object host, MemoryLevel level) {
        this.owner = owner;
        this.host = Objects.requireNonNull(host, "host array");
        this.type = ElemType.ofArray(host);
        if (type == null) throw new IllegalArgumentException("not a supported host array: " + host.getClass().getSimpleName());
        this.length = ElemType.arrayLength(host);
        this.level = level;
    }

    /** {@return the host array} Valid to read only after {@link #forHost()}. */
    public Object host() {
        return host;
    }

    /** {@return where the valid copies are now} */
    public Residency residency() {
        return state;
    }

    /** {@return the size of one copy in bytes} */
    public long bytes() {
        return (long) length * type.bytes();
    }

    /** {@return the element type} */
    public ElemType type() {
        return type;
    }

    /** The host changed the array (I/O, a host computation): q1, the device copy is stale. */
    public void hostWritten() {
        state = Residency.HOST;
    }

    /**
     * Makes the host copy valid (a synchronising device-to-host copy if only the device holds the
     * data) and returns the array: the host may read it.
     *
     * @return the host array
     */
    public Object forHost() {
        owner.toHost(this);
        return host;
    }

    /** Explicit control: copies to the device now if its copy is stale. */
    public void syncToDevice() {
        owner.toDevice(this);
    }

    /** Explicit control: copies to the host now if its copy is stale. */
    public void syncToHost() {
        owner.toHost(this);
    }

    /**
     * Releases the device copy without copying it back (a temporary's data is not wanted; call
     * {@link #forHost()} first to keep a result): a buffer only the device held is then empty (q0).
     */
    @Override
    public void close() {
        if (device != null) {
            device.close();
            device = null;
            state = state.hostValid() ? Residency.HOST : Residency.NONE;
        }
    }

    // ---- for LazyTransfers -----------------------------------------------------------------

    LazyTransfers owner() {
        return owner;
    }

    DeviceBuffer device() {
        if (device == null) device = owner.session().allocate(type, length, level);
        return device;
    }

    void state(Residency r) {
        state = r;
    }

    int length() {
        return length;
    }
}
