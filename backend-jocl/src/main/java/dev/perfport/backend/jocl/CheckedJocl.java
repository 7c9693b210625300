package dev.perfport.backend.jocl;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.checked.CheckedSession;
import dev.perfport.core.checked.Oclgrind;

import java.util.function.Supplier;

/** jocl in checked mode: Oclgrind's devices, and sessions that read Oclgrind's reports after every launch. */
final class CheckedJocl {
    private CheckedJocl() {
    }

    /** Whether the device is Oclgrind's simulator. */
    static boolean oclgrind(JoclDevice d) {
        return Oclgrind.PLATFORM.equals(d.info().properties().get("platform"));
    }

    /** Whether the device is Oclgrind's and this process registered it for checked mode (so unchecked runs leave it out). */
    static boolean injectedOclgrind(JoclDevice d) {
        return oclgrind(d) && Oclgrind.injected();
    }

    /**
     * Whether a session's zeroing writes wait: on Oclgrind, because JOCL waits for a non-blocking
     * write's event on a thread of its own, and Oclgrind, which runs queued commands in the thread
     * that waits, then runs them in two threads at once and crashes (SIGSEGV in MemoryPool::alloc).
     */
    static boolean zeroingBlocks(JoclDevice d) {
        return oclgrind(d);
    }

    /**
     * Whether a session keeps the buffers it releases until it closes: on Oclgrind, whose
     * uninitialised-value plugin (21.10) never drops a released buffer's shadow, so a later buffer
     * that takes the same buffer number inherits the old one's shadow and size, and whatever a kernel
     * writes past that size reads back as uninitialised (docs/checked.md). A buffer kept is a number
     * not given out again.
     */
    static boolean buffersKeptUntilClose(JoclDevice d) {
        return oclgrind(d);
    }

    /** A checked session: the context is created with the lock held, so that it gets a report file of its own. */
    static DeviceSession open(Supplier<JoclSession> open, boolean uninitialized) {
        synchronized (Oclgrind.LOCK) {
            Oclgrind.uninitialized(uninitialized);
            JoclSession s = open.get();
            Oclgrind.contextCreated();
            return CheckedSession.wrap(s, new OclgrindAddresses(s));
        }
    }
}
