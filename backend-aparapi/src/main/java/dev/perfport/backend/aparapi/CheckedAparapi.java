package dev.perfport.backend.aparapi;

import com.aparapi.device.OpenCLDevice;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.checked.BufferAddresses;
import dev.perfport.core.checked.CheckedSession;
import dev.perfport.core.checked.Oclgrind;

import java.util.function.Supplier;

/**
 * aparapi in checked mode: the OpenCL C that Aparapi generates runs on Oclgrind's device, and
 * sessions read Oclgrind's reports after every launch. Aparapi keeps its buffers to itself, so a
 * report names Oclgrind's buffer number and the statement of the generated OpenCL (which names the
 * kernel's array field) instead of the argument.
 */
final class CheckedAparapi {
    private CheckedAparapi() {
    }

    /** Whether the device is Oclgrind's simulator. */
    static boolean oclgrind(OpenCLDevice d) {
        return Oclgrind.PLATFORM.equals(d.getOpenCLPlatform().getName());
    }

    /** Whether the device is Oclgrind's and this process registered it for checked mode (so unchecked runs leave it out). */
    static boolean injectedOclgrind(OpenCLDevice d) {
        return oclgrind(d) && Oclgrind.injected();
    }

    /** A checked session. Aparapi creates its contexts while it compiles and launches, which hold the lock too. */
    static DeviceSession open(Supplier<AparapiSession> open, boolean uninitialized) {
        synchronized (Oclgrind.LOCK) {
            Oclgrind.uninitialized(uninitialized);
            return CheckedSession.wrap(open.get(), BufferAddresses.NONE);
        }
    }
}
