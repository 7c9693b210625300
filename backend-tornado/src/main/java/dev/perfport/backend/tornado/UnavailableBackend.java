package dev.perfport.backend.tornado;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.BackendUnavailableException;
import dev.perfport.core.kernel.Dialect;

import java.util.List;

/** The backend as listed where it cannot work: no devices, and the reason why. */
record UnavailableBackend(String id, String description, String reason) implements Backend {

    @Override
    public Dialect dialect() {
        return Dialect.NATIVE;
    }

    @Override
    public List<DeviceInfo> devices() {
        return List.of();
    }

    @Override
    public String unavailableReason() {
        return reason;
    }

    @Override
    public DeviceSession open(int index) {
        throw new BackendUnavailableException("backend '" + id + "' is unavailable: " + reason);
    }
}
