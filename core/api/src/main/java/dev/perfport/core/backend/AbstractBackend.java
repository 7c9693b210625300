package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;

import java.util.List;
import java.util.function.Function;

/**
 * The part of a backend every route shares: its id, description and dialect, the devices it
 * found in a stable order (with the reason when there are none), and the range check of
 * {@link #open(int)}.
 *
 * @param <D> the route's device handle (what a session needs beyond the {@link DeviceInfo})
 */
public abstract class AbstractBackend<D> implements Backend {
    private final String id;
    private final String description;
    private final Dialect dialect;
    private final List<D> devices;
    private final List<DeviceInfo> infos;
    private final String unavailableReason;

    /**
     * A backend with the devices it found.
     *
     * @param id                the backend id used in selectors
     * @param description       one line describing the route
     * @param dialect           the dialect of kernels it executes
     * @param devices           the route's devices, in the order selectors index into
     * @param info              the description of a device
     * @param unavailableReason why there are no devices; ignored when there are
     */
    protected AbstractBackend(String id, String description, Dialect dialect, List<D> devices,
                              Function<? super D, DeviceInfo> info, String unavailableReason) {
        this.id = id;
        this.description = description;
        this.dialect = dialect;
        this.devices = List.copyOf(devices);
        this.infos = this.devices.stream().map(info).toList();
        this.unavailableReason = this.devices.isEmpty() ? unavailableReason : null;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public final Dialect dialect() {
        return dialect;
    }

    @Override
    public final List<DeviceInfo> devices() {
        return infos;
    }

    @Override
    public final String unavailableReason() {
        return unavailableReason;
    }

    /**
     * {@return the route's handle of device {@code index}}
     *
     * @param index the device's position in {@link #devices()}
     */
    public final D device(int index) {
        return devices.get(index);
    }

    @Override
    public final DeviceSession open(int index) {
        if (index < 0 || index >= devices.size()) {
            throw new IllegalArgumentException("device index " + index + " is out of range: " + id + " has "
                    + devices.size() + " device(s)" + (unavailableReason == null ? "" : " (" + unavailableReason + ")"));
        }
        return open(devices.get(index));
    }

    /**
     * {@return a new session on the device}
     *
     * @param device one of this backend's devices
     */
    protected abstract DeviceSession open(D device);
}
