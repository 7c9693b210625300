package dev.perfport.conformance;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import org.junit.jupiter.api.Assumptions;

import java.util.function.Supplier;

/**
 * A route's test device, shared by its tests: the backend, created once per test JVM, and the
 * device a system property names (default the first). Tests that need it are skipped, printing
 * why, where the route or a device is missing.
 *
 * @param <B> the backend type
 */
public final class TestDevice<B extends Backend> {
    private final String noDevice;
    private final String indexProperty;
    private final Supplier<String> routeProblem;
    private final Supplier<B> create;
    private B backend;
    private String problem;

    /**
     * A test device.
     *
     * @param noDevice      what the skip message says when the backend lists no device, e.g. {@code no OpenCL device}
     * @param indexProperty the system property with the device's index, e.g. {@code perfport.jocl.test.device}
     * @param routeProblem  why the route cannot start in this JVM, or null where it can (then the backend is not created)
     * @param create        creates the backend; its failures propagate (a broken route fails the test)
     */
    public TestDevice(String noDevice, String indexProperty, Supplier<String> routeProblem, Supplier<B> create) {
        this.noDevice = noDevice;
        this.indexProperty = indexProperty;
        this.routeProblem = routeProblem;
        this.create = create;
    }

    /** {@return the backend, or null where the route cannot start in this JVM} */
    public synchronized B backend() {
        if (backend == null && problem == null) {
            problem = routeProblem.get();
            if (problem == null) backend = create.get();
        }
        return backend;
    }

    /** {@return the index of the test device} */
    public int deviceIndex() {
        return Integer.getInteger(indexProperty, 0);
    }

    /** {@return the test device} Skips the calling test, printing why, unless the route and a device are there. */
    public DeviceInfo assumeDevice() {
        B b = backend();
        if (b == null) skip("SKIPPED (the route cannot start in this JVM): " + problem);
        if (b.devices().isEmpty()) skip("SKIPPED (" + noDevice + "): " + b.unavailableReason());
        return b.devices().get(deviceIndex());
    }

    /**
     * Skips the calling test, printing why, unless {@code condition} holds on the test device.
     *
     * @param condition     what the test needs
     * @param whatIsMissing the reason shown when it does not hold
     */
    public void assumeThat(boolean condition, String whatIsMissing) {
        if (!condition) skip("SKIPPED on " + assumeDevice().name() + ": " + whatIsMissing);
    }

    /** {@return a new session on the test device} Skips the test if there is none. */
    public DeviceSession open() {
        assumeDevice();
        return backend().open(deviceIndex());
    }

    /**
     * Skips the calling test, printing why.
     *
     * @param why the reason
     */
    public static void skip(String why) {
        System.out.println(why);
        Assumptions.abort(why);
    }
}
