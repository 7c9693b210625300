package dev.perfport.core;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.KnownSettings;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Entry point for library users: opens the backend and device chosen by configuration, so that
 * code does not change when the backend does.
 *
 * <p>Backends are found on the class path (the {@code dev.perfport:perfport-backends} artifact
 * brings all of them) and, optionally, in a plugins folder ({@code perfport.plugins.dir}). Each
 * backend starts only when it is used, so a program that only runs the emulator never loads an
 * OpenCL library. Every call reads its configuration anew (or uses the one given), so a setting
 * changed between two calls applies to the next session.
 *
 * <pre>{@code
 * try (DeviceSession s = Perfport.open()) {              // perfport.backend, e.g. "jocl:gpu"
 *     DeviceBuffer x = s.upload(new float[]{1, 2, 3});
 *     ...
 * }
 * try (DeviceSession s = Perfport.open(PerfportConfig.of(Map.of(
 *         "perfport.backend", "cell-emulation", "perfport.cell-emulation.workers", "3")))) {
 *     ...
 * }
 * }</pre>
 *
 * <p>Settings are checked as the command checks them ({@link KnownSettings}): a key of the
 * {@code perfport.} namespace that nothing reads, from any source, is a {@link ConfigException}
 * naming the key, its source, the nearest known key and the known keys. A {@code PERFPORT_}
 * environment variable that is no setting is logged once, as a warning, and ignored.
 *
 * <p>A runnable example is {@code examples/saxpy} in perfport's source tree.
 */
public final class Perfport {
    private Perfport() {
    }

    /** Warning lines already logged: a program that opens many sessions hears each once. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    /**
     * A session on the configured backend and device ({@code perfport.backend}, by default the
     * one the distribution's {@value PerfportConfig#DEFAULTS_RESOURCE} names), with the configuration read now from its
     * standard sources ({@link PerfportConfig#load()}).
     *
     * @return a new session; the caller closes it
     */
    public static DeviceSession open() {
        return open(PerfportConfig.load());
    }

    /**
     * A session on the backend and device that {@code config} chooses ({@code perfport.backend}),
     * created with that configuration's backend settings ({@code perfport.<id>.*}).
     *
     * @param config the configuration to use, e.g. {@link PerfportConfig#of(java.util.Map)}
     * @return a new session; the caller closes it
     * @throws ConfigException when a key of the configuration is one that nothing reads
     */
    public static DeviceSession open(PerfportConfig config) {
        return registry(config).openConfigured();
    }

    /**
     * A session on the device a selector picks, e.g. {@code jocl:name=H200}, with the
     * configuration read now from its standard sources.
     *
     * @param selector a device selector (see {@link dev.perfport.core.config.DeviceSelector})
     * @return a new session; the caller closes it
     */
    public static DeviceSession open(String selector) {
        return registry().open(selector);
    }

    /**
     * The registry for the configuration read now from its standard sources.
     *
     * @return the registry; its backends start when used
     */
    public static BackendRegistry registry() {
        return registry(PerfportConfig.load());
    }

    /**
     * The registry for a configuration.
     *
     * @param config the configuration whose settings the backends get
     * @return the registry; its backends start when used
     */
    public static BackendRegistry registry(PerfportConfig config) {
        BackendRegistry r = BackendRegistry.shared(config);
        KnownSettings.check(config, r::settings).filter(WARNED::add)
                .ifPresent(w -> System.getLogger(Perfport.class.getName()).log(System.Logger.Level.WARNING, w));
        return r;
    }
}
