package dev.perfport.backend.cell;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;

import java.util.List;

/** The emulator as a backend: one emulated device; each session gets its own SPE worker threads. */
public final class CellBackend implements Backend {
    private final CellConfig config;
    private final DeviceInfo device;

    public CellBackend(CellConfig config) {
        this.config = config;
        this.device = CellDevice.describe(config);
    }

    @Override
    public String id() {
        return CellEmulationProvider.ID;
    }

    @Override
    public String description() {
        return "Cell/B.E.-style emulator: " + config.workers() + " SPE workers" + (config.ppe() ? " + PPE" : "") + ", "
                + config.localStoreBytes() + " B local stores, " + config.schedule().label() + ", modelled time";
    }

    @Override
    public Dialect dialect() {
        return Dialect.JAVA_WORKGROUP;
    }

    @Override
    public List<DeviceInfo> devices() {
        return List.of(device);
    }

    /** The settings this backend was created with. */
    public CellConfig config() {
        return config;
    }

    @Override
    public DeviceSession open(int index) {
        if (index != 0) {
            throw new IndexOutOfBoundsException(id() + " has one device (index 0), got index " + index);
        }
        return new CellSession(config, device);
    }
}
