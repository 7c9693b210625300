package dev.perfport.backend.aparapi;

import com.aparapi.Config;
import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.exception.CompileFailedException;
import com.aparapi.internal.kernel.KernelManager;
import com.aparapi.internal.kernel.KernelRunner;
import com.aparapi.internal.opencl.OpenCLLoader;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.error.DeviceExecutionException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Aparapi's process-wide state, set up once, and the one door through which this backend calls
 * Aparapi.
 *
 * <ul>
 *   <li><b>Loading</b>: {@link AparapiNative} probes the OpenCL library (without it the backend is
 *       unavailable with that reason, and Aparapi is never asked) and loads Aparapi's JNI library
 *       from perfport's cache instead of a new {@code /tmp/Aparapi*} folder per process.</li>
 *   <li><b>Profiling</b>: {@code com.aparapi.enableProfiling} is set to {@code true} (unless the
 *       user set it) before any Aparapi class is initialised, because Aparapi reads it into a
 *       static final field and its JNI side enables OpenCL profiling events from it.</li>
 *   <li><b>No Unsafe</b>: {@code com.aparapi.disableUnsafe} is set too (unless the user set it),
 *       so that the thread pool's atomics synchronize instead of calling {@code sun.misc.Unsafe},
 *       which JDK 24 and later report on stderr.</li>
 *   <li><b>Logging</b>: Aparapi reports what went wrong (and that it falls back to another
 *       device) only through {@code java.util.logging}. Its logger is routed to a handler that
 *       records the messages of the calling thread while this class runs an Aparapi call, so that
 *       errors can quote Aparapi's reason; nothing reaches the console. Aparapi's {@link Config}
 *       also lowers the level of the root logger's handlers when it initialises; those levels are
 *       restored.</li>
 *   <li><b>No fallback</b>: during {@link #execute} the handler throws as soon as Aparapi logs
 *       that a device failed and it is about to try the next one, so the fallback never starts;
 *       after the call the kernel's target device and Aparapi's failed-device list are checked as
 *       well. Either way the launch fails with a {@link DeviceExecutionException} naming Aparapi's
 *       reason.</li>
 *   <li><b>No binary cache</b>: Aparapi's cache of built programs is switched off, because it
 *       keeps failed builds and a later {@code dispose()} then crashes the JVM.</li>
 *   <li><b>One lock</b>: Aparapi keeps device preferences per kernel <i>class</i> and its caches in
 *       static fields, so every Aparapi call of every session runs under one lock, with the kernel
 *       class's preferred device set to the session's device first.</li>
 * </ul>
 */
final class AparapiRuntime {
    /** The property Aparapi reads to enable profiling (JNI: OpenCL profiling events). */
    static final String PROFILING_PROPERTY = "com.aparapi.enableProfiling";
    /** The property that makes Aparapi's Java atomics synchronize instead of using sun.misc.Unsafe. */
    static final String UNSAFE_PROPERTY = "com.aparapi.disableUnsafe";

    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final ThreadLocal<Capture> CURRENT = new ThreadLocal<>();
    private static final Handler HANDLER = new CaptureHandler();
    /** Held so that the logger and its configuration are not garbage-collected (JUL holds loggers weakly). */
    private static Logger aparapiLogger;
    private static State state;

    /**
     * What initialisation found.
     *
     * @param openCl    whether Aparapi loaded its JNI library and OpenCL
     * @param reason    why not (Aparapi's log), or null
     * @param profiling whether Aparapi collects OpenCL profiling events
     */
    record State(boolean openCl, String reason, boolean profiling) {
    }

    private AparapiRuntime() {
    }

    /** Initialises Aparapi once per class loader (see the class comment); later calls return the first result. */
    static synchronized State init() {
        if (state != null) return state;
        // Before Config initialises (it reads com.aparapi.useAgent): without OpenCL, Aparapi's own
        // loader would log SEVERE; with it, the JNI library comes from perfport's cache rather than
        // a new /tmp/Aparapi* folder per process
        String notLoaded = AparapiNative.openClMissing().orElse(null);
        if (notLoaded == null) {
            try {
                AparapiNative.load();
            } catch (java.io.IOException | UnsatisfiedLinkError e) {
                notLoaded = "Aparapi's JNI library could not be loaded: " + describe(e);
            }
        }
        if (System.getProperty(PROFILING_PROPERTY) == null) System.setProperty(PROFILING_PROPERTY, "true");
        // In the Java thread pool, Aparapi's atomicAdd goes through sun.misc.Unsafe, whose use JDK 24+
        // reports on stderr; its documented alternative (synchronized on the array) is as atomic
        if (System.getProperty(UNSAFE_PROPERTY) == null) System.setProperty(UNSAFE_PROPERTY, "true");
        Logger root = Logger.getLogger("");
        Handler[] rootHandlers = root.getHandlers();
        Level[] levels = new Level[rootHandlers.length];
        for (int i = 0; i < rootHandlers.length; i++) levels[i] = rootHandlers[i].getLevel();
        String loggerName;
        try {
            // a static method of Config runs its initialiser, which sets every root handler to its own level
            loggerName = Config.getLoggerName();
        } finally {
            for (int i = 0; i < rootHandlers.length; i++) rootHandlers[i].setLevel(levels[i]);
        }
        Logger l = Logger.getLogger(loggerName);
        l.setUseParentHandlers(false);
        // INFO carries the generated OpenCL C, quoted when a build fails; a finer level the
        // user asked for (com.aparapi.logLevel) is kept
        Level mine = Level.INFO;
        if (l.getLevel() == null || l.getLevel().intValue() > mine.intValue()) l.setLevel(mine);
        l.removeHandler(HANDLER);
        l.addHandler(HANDLER);
        aparapiLogger = l;
        // Aparapi's binary cache (per kernel class and device, in its JNI library) keeps an entry
        // for a program whose build failed, and the next dispose() of any kernel then frees it
        // and crashes the JVM (SIGSEGV/SIGABRT in free). Without the cache every compile builds
        // from the generated source; the OpenCL drivers' own caches (PoCL's kcache, NVIDIA's
        // compute cache) keep that cheap.
        KernelRunner.BINARY_CACHING_DISABLED = true;
        if (notLoaded != null) {
            state = new State(false, notLoaded, Config.enableProfiling);
            return state;
        }
        boolean openCl;
        String reason = null;
        try (Capture c = Capture.begin(false)) {
            // OpenCLLoader's static initialiser loads the JNI library; it logs a failure and goes on
            openCl = OpenCLLoader.isOpenCLAvailable();
            if (!openCl) {
                reason = "Aparapi could not load its JNI library or OpenCL"
                        + (c.text().isEmpty() ? "" : ": " + c.text().strip().replaceAll("\\s+", " "));
            }
        } catch (LinkageError e) {
            openCl = false;
            reason = "Aparapi could not be loaded: " + e;
        }
        state = new State(openCl, reason, Config.enableProfiling);
        return state;
    }

    /** Runs {@code body} under the lock that serialises every Aparapi call. */
    static <T> T locked(Supplier<T> body) {
        LOCK.lock();
        try {
            return body.get();
        } finally {
            LOCK.unlock();
        }
    }

    static void locked(Runnable body) {
        locked(() -> {
            body.run();
            return null;
        });
    }

    /** Makes {@code device} the only device Aparapi may use for kernels of this kernel's class (also clears its failed list). */
    static void bind(PerfportKernel kernel, Device device) {
        KernelManager.instance().setPreferredDevices(kernel, new LinkedHashSet<>(List.of(device)));
    }

    /**
     * What a compile gave.
     *
     * @param failure Aparapi's exception and warnings, or null on success
     * @param log     everything Aparapi logged meanwhile (the generated OpenCL C among it)
     */
    record CompileOutcome(String failure, String log) {
    }

    /**
     * Translates and builds the kernel for {@code device} without running it. Aparapi's compile
     * entry point never falls back: it throws. Call under the lock.
     */
    static CompileOutcome compile(PerfportKernel kernel, Device device) {
        bind(kernel, device);
        try (Capture c = Capture.begin(false)) {
            try {
                kernel.compile(device);
                return new CompileOutcome(null, c.text());
            } catch (CompileFailedException | RuntimeException | AssertionError | LinkageError e) {
                return new CompileOutcome(describe(e) + logSuffix(c), c.text());
            }
        }
    }

    /**
     * Runs one launch on {@code device} and makes sure Aparapi ran it there. Call under the lock,
     * after {@link #bind}.
     */
    static void execute(PerfportKernel kernel, Device device, Range range, String where) {
        try (Capture c = Capture.begin(true)) {
            try {
                kernel.execute(range);
            } catch (FallbackRefused e) {
                throw new DeviceExecutionException(where + " failed in Aparapi, which was about to fall back to another"
                        + " device (perfport allows no fallback): " + e.getMessage() + logSuffix(c), e);
            } catch (RuntimeException | AssertionError e) {
                throw new DeviceExecutionException(where + " failed in Aparapi: " + describe(e) + logSuffix(c), e);
            }
            List<Device> failed = KernelManager.instance().getPreferences(kernel).getFailedDevices();
            Device target = kernel.getTargetDevice();
            if (!failed.isEmpty() || target != device) {
                throw new DeviceExecutionException(where + ": Aparapi did not run it on " + device.getShortDescription()
                        + " (target device now " + (target == null ? "none" : target.getShortDescription())
                        + ", failed devices " + failed + "); perfport allows no fallback" + logSuffix(c));
            }
        }
    }

    /** An exception and its causes in one line. */
    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder(t.getClass().getSimpleName()).append(": ").append(t.getMessage());
        Throwable seen = t;
        for (Throwable c = t.getCause(); c != null && c != seen; seen = c, c = c.getCause()) {
            if (c.getMessage() != null && t.getMessage() != null && t.getMessage().contains(c.getMessage())) continue;
            sb.append(" (cause: ").append(c.getClass().getSimpleName()).append(": ").append(c.getMessage()).append(')');
        }
        return sb.toString();
    }

    private static String logSuffix(Capture c) {
        String warnings = c.warnings();
        return warnings.isEmpty() ? "" : "; Aparapi logged: " + warnings;
    }

    /** Thrown from Aparapi's logging when it announces a fallback: stops the fallback before it starts. */
    static final class FallbackRefused extends RuntimeException {
        FallbackRefused(String message) {
            super(message, null, false, false);
        }
    }

    /** The messages Aparapi logs on one thread while this class runs one of its calls. */
    static final class Capture implements AutoCloseable {
        private final boolean refuseFallback;
        private final Capture outer;
        private final List<String> warnings = new ArrayList<>();
        private final StringBuilder all = new StringBuilder();

        private Capture(boolean refuseFallback, Capture outer) {
            this.refuseFallback = refuseFallback;
            this.outer = outer;
        }

        static Capture begin(boolean refuseFallback) {
            Capture c = new Capture(refuseFallback, CURRENT.get());
            CURRENT.set(c);
            return c;
        }

        void add(LogRecord r) {
            String msg = r.getMessage() == null ? "" : r.getMessage();
            if (r.getThrown() != null) msg += " (" + describe(r.getThrown()) + ")";
            all.append(r.getLevel()).append(": ").append(msg).append('\n');
            // class-file attributes Aparapi 3.0.2 predates (NestHost, MethodParameters) are harmless
            if (r.getLevel().intValue() >= Level.WARNING.intValue() && !msg.startsWith("Found unexpected Attribute")) {
                warnings.add(msg.strip());
            }
            if (refuseFallback && announcesFallback(msg)) throw new FallbackRefused(msg.strip());
        }

        /** The warnings, one after another. */
        String warnings() {
            return String.join("; ", warnings);
        }

        /** Everything logged, one record per line. */
        String text() {
            return all.toString();
        }

        @Override
        public void close() {
            if (outer == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(outer);
            }
        }
    }

    /** Aparapi 3.0.2's first log line of a fallback (KernelRunner.fallBackToNextDevice). */
    static boolean announcesFallback(String msg) {
        return msg.startsWith("Device failed for ") || msg.startsWith("Trying next")
                || (msg.startsWith("Execution mode ") && msg.contains(" failed for "));
    }

    private static final class CaptureHandler extends Handler {
        @Override
        public void publish(LogRecord r) {
            Capture c = CURRENT.get();
            if (c != null) c.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
