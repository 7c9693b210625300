package dev.perfport.backend.tornado;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Dialect;
import uk.ac.manchester.tornado.api.TornadoBackend;
import uk.ac.manchester.tornado.api.TornadoRuntime;
import uk.ac.manchester.tornado.api.runtime.TornadoRuntimeProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every device of every TornadoVM backend, in TornadoVM's order (backend, then device: the
 * {@code b:d} of {@code tornado --devices}); selectors index into this list. Sessions are
 * independent: each has its own execution plans and device buffers.
 */
public final class TornadoVmBackend implements Backend {
    static final String NO_DEVICE = "TornadoVM found no device (its backends list none; is an OpenCL driver installed,"
            + " e.g. pocl-opencl-icd?)";
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    private final List<TornadoVmDevice> devices;
    private final List<DeviceInfo> infos;
    private final String unavailableReason;

    private TornadoVmBackend(List<TornadoVmDevice> devices, String unavailableReason) {
        this.devices = List.copyOf(devices);
        this.infos = this.devices.stream().map(TornadoVmDevice::info).toList();
        this.unavailableReason = this.devices.isEmpty() ? unavailableReason : null;
    }

    /**
     * Starts TornadoVM's runtime (an error there propagates, and the registry shows it as the
     * reason) and lists its devices. A device whose description fails is left out and named in the
     * reason shown when none remains.
     */
    public static TornadoVmBackend create() {
        TornadoRuntime rt = TornadoRuntimeProvider.getTornadoRuntime();
        List<TornadoVmDevice> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int b = 0; b < rt.getNumBackends(); b++) {
            TornadoBackend be = rt.getBackend(b);
            for (int d = 0; d < be.getNumDevices(); d++) {
                try {
                    found.add(TornadoVmDevice.describe(b, d, be.getDevice(d)));
                } catch (RuntimeException | LinkageError e) {
                    problems.add("device " + b + ":" + d + " could not be described: " + e);
                }
            }
        }
        return new TornadoVmBackend(found, problems.isEmpty() ? NO_DEVICE : String.join("; ", problems));
    }

    @Override
    public String id() {
        return TornadoVmProvider.ID;
    }

    @Override
    public String description() {
        return TornadoVmProvider.DESCRIPTION;
    }

    @Override
    public Dialect dialect() {
        return Dialect.NATIVE;
    }

    @Override
    public List<DeviceInfo> devices() {
        return infos;
    }

    @Override
    public String unavailableReason() {
        return unavailableReason;
    }

    /** The handle and facts of device {@code index}. */
    TornadoVmDevice device(int index) {
        return devices.get(index);
    }

    @Override
    public DeviceSession open(int index) {
        if (index < 0 || index >= devices.size()) {
            throw new IllegalArgumentException("device index " + index + " is out of range: tornado has "
                    + devices.size() + " device(s)" + (unavailableReason == null ? "" : " (" + unavailableReason + ")"));
        }
        return new TornadoVmSession(devices.get(index), nextSessionId());
    }

    /** A number unique in this JVM, part of every task-graph name of a session. */
    static int nextSessionId() {
        return SESSIONS.incrementAndGet();
    }
}
