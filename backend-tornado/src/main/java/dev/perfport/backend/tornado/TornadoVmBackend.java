package dev.perfport.backend.tornado;

import dev.perfport.core.backend.AbstractBackend;
import dev.perfport.core.backend.DeviceSession;
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
public final class TornadoVmBackend extends AbstractBackend<TornadoVmDevice> {
    static final String NO_DEVICE = "TornadoVM found no device (its backends list none; is an OpenCL driver installed,"
            + " e.g. pocl-opencl-icd?)";
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    private final SessionSettings settings;

    private TornadoVmBackend(List<TornadoVmDevice> devices, String unavailableReason, SessionSettings settings) {
        super(TornadoVmProvider.ID, TornadoVmProvider.DESCRIPTION, Dialect.NATIVE, devices, TornadoVmDevice::info, unavailableReason);
        this.settings = settings;
    }

    /**
     * Starts TornadoVM's runtime (an error there propagates, and the registry shows it as the
     * reason) and lists its devices. A device whose description fails is left out and named in the
     * reason shown when none remains.
     */
    public static TornadoVmBackend create() {
        return create(SessionSettings.DEFAULT);
    }

    /** As {@link #create()}, its sessions with these settings. */
    static TornadoVmBackend create(SessionSettings settings) {
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
        return new TornadoVmBackend(found, problems.isEmpty() ? NO_DEVICE : String.join("; ", problems), settings);
    }

    @Override
    protected DeviceSession open(TornadoVmDevice device) {
        return new TornadoVmSession(device, nextSessionId(), settings);
    }

    /** A number unique in this JVM, part of every task-graph name of a session. */
    static int nextSessionId() {
        return SESSIONS.incrementAndGet();
    }
}
