package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;

import java.util.List;

/** A route to devices: lists them and opens sessions on them. */
public interface Backend extends AutoCloseable {
    String id();

    String description();

    /** The dialect of kernels this backend executes. */
    Dialect dialect();

    /**
     * The devices this backend can use here, in a stable order (selectors index into it). Empty
     * when the route works but finds no device; {@link #unavailableReason()} then says why.
     */
    List<DeviceInfo> devices();

    /** Why there are no devices (e.g. "no OpenCL platform"), or null when there are. */
    default String unavailableReason() {
        return devices().isEmpty() ? "no device found" : null;
    }

    /** Opens a session on {@code devices().get(index)}. */
    DeviceSession open(int index);

    @Override
    default void close() {
    }
}
