package dev.perfport.backend.cell;

import dev.perfport.core.backend.AbstractBackend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;

import java.util.List;

/** The emulator as a backend: one emulated device; each session gets its own SPE worker threads. */
public final class CellBackend extends AbstractBackend<DeviceInfo> {
    private final CellConfig config;

    public CellBackend(CellConfig config) {
        super(CellEmulationProvider.ID, "Cell/B.E.-style emulator: " + config.workers() + " SPE workers" + (config.ppe() ? " + PPE" : "")
                + ", " + config.localStoreBytes() + " B local stores, " + config.schedule().label() + ", modelled time",
                Dialect.JAVA_WORKGROUP, List.of(CellDevice.describe(config)), d -> d, null);
        this.config = config;
    }

    /** The settings this backend was created with. */
    public CellConfig config() {
        return config;
    }

    @Override
    protected DeviceSession open(DeviceInfo device) {
        return new CellSession(config, device);
    }
}
