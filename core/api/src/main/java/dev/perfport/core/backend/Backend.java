package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;

import java.util.List;

/** A route to devices: lists them and opens sessions on them. */
public interface Backend extends AutoCloseable {
    /** {@return the backend id used in selectors, e.g. {@code jocl}} */
    String id();

    /** {@return one line describing the route} */
    String description();

    /** {@return the dialect of kernels this backend executes} */
    Dialect dialect();

    /**
     * {@return the devices this backend can use here, in a stable order (selectors index into it)} Empty
     * when the route works but finds no device; {@link #unavailableReason()} then says why.
     */
    List<DeviceInfo> devices();

    /** {@return why there are no devices (e.g. "no OpenCL platform"), or null when there are} */
    default String unavailableReason() {
        return devices().isEmpty() ? "no device found" : null;
    }

    /**
     * {@return a new session on {@code devices().get(index)}; the caller closes it}
     *
     * @param index the device's position in {@link #devices()}
     */
    DeviceSession open(int index);

    @Override
    default void close() {
    }
}
