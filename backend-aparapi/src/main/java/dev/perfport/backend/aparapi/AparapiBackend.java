package dev.perfport.backend.aparapi;

import com.aparapi.device.OpenCLDevice;
import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.core.backend.AbstractBackend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.Settings;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Aparapi's OpenCL devices in the order its platform listing gives them
 * ({@code OpenCLDevice.listDevices}), then Aparapi's Java thread pool as a device of its own. The
 * thread pool is last and explicit-only ({@link DeviceInfo#explicitOnly()}): {@code aparapi},
 * {@code aparapi:cpu} or a comparison over every device never picks it; {@code aparapi:name=jtp}
 * does. Without an OpenCL device the backend is unavailable rather than a thread-pool-only
 * backend, because the thread pool stands in for OpenCL only where asked for.
 */
public final class AparapiBackend extends AbstractBackend<AparapiDevice> {
    static final String DESCRIPTION = "Aparapi 3.0.2 kernels (Java bytecode translated to OpenCL C) on every OpenCL device, no silent fallback";
    /** The reason shown when Aparapi finds no OpenCL device. */
    public static final String NO_DEVICE = "no OpenCL device found through Aparapi (" + dev.perfport.core.device.OpenClAdvice.INSTALL
            + "); Aparapi's Java thread pool is not offered in place of OpenCL";

    private final KernelRegistry registry;
    private final boolean counting;
    private final String sharedMemoryMode;
    /** Sessions run on Oclgrind, checked, and whether they check for uninitialised values; null: unchecked. */
    private Boolean checkedUninitialized;

    private AparapiBackend(List<AparapiDevice> devices, String unavailableReason, KernelRegistry registry, boolean counting,
                           String sharedMemoryMode) {
        super(AparapiProvider.ID, DESCRIPTION, Dialect.NATIVE, devices, AparapiDevice::info, unavailableReason);
        this.registry = registry;
        this.counting = counting;
        this.sharedMemoryMode = sharedMemoryMode;
    }

    /** The backend with the standard kernels and the configuration's {@code perfport.aparapi.*} settings. */
    public static AparapiBackend create(Settings config) {
        return create(config, KernelRegistry.standard());
    }

    /**
     * Initialises Aparapi (see {@link AparapiRuntime}) and lists its devices. A bad setting is a
     * {@link ConfigException}; a failure to load Aparapi's JNI library or to find a device makes
     * the backend unavailable with the reason.
     */
    public static AparapiBackend create(Settings config, KernelRegistry registry) {
        boolean counting = config.getBoolean(AparapiProvider.COUNTERS_KEY, true);
        dev.perfport.backend.aparapi.kernels.Specialiser.enable(config.getBoolean(dev.perfport.backend.aparapi.kernels.Specialiser.PROPERTY, true));
        String shared = config.get(AparapiProvider.SHARED_MEMORY_KEY, "auto").toLowerCase(Locale.ROOT);
        if (!List.of("auto", "true", "false").contains(shared)) {
            throw new ConfigException(AparapiProvider.SHARED_MEMORY_KEY + " must be auto, true or false, got '"
                    + config.get(AparapiProvider.SHARED_MEMORY_KEY, "") + "'");
        }
        boolean checked = dev.perfport.core.checked.CheckedMode.on(config);
        if (checked) {
            // before Aparapi's JNI library first asks the OpenCL loader for platforms
            java.util.Optional<String> problem = dev.perfport.core.checked.Oclgrind.prepare();
            if (problem.isPresent()) {
                return new AparapiBackend(List.of(), dev.perfport.core.checked.CheckedMode.cannot(AparapiProvider.ID, problem.get()),
                        registry, counting, shared);
            }
        }
        AparapiRuntime.State state = AparapiRuntime.init();
        if (!state.openCl()) return new AparapiBackend(List.of(), state.reason(), registry, counting, shared);
        List<OpenCLDevice> found;
        String notice;
        try {
            // Aparapi's JNI library prints notes about the platform to stderr while it lists
            // them; they are shown with the devices instead of among perfport's own messages
            NativeStderr.Captured<List<OpenCLDevice>> c = NativeStderr.capture(
                    () -> AparapiRuntime.locked(() -> OpenCLDevice.listDevices(null)));
            found = c.value();
            notice = c.text().strip().replaceAll("\\s*\\R\\s*", "; ");
        } catch (RuntimeException | LinkageError e) {
            return new AparapiBackend(List.of(), "Aparapi could not list OpenCL devices: " + AparapiRuntime.describe(e),
                    registry, counting, shared);
        }
        if (found.isEmpty()) {
            return new AparapiBackend(List.of(), checked ? dev.perfport.core.checked.CheckedMode.cannot(AparapiProvider.ID, NO_DEVICE)
                    : NO_DEVICE, registry, counting, shared);
        }
        ClDeviceQuery query = null;
        String problem = null;
        try {
            query = ClDeviceQuery.load();
        } catch (RuntimeException e) {
            problem = e.getMessage();
        }
        List<AparapiDevice> list = new ArrayList<>();
        for (OpenCLDevice d : found) {
            // checked: Oclgrind only; unchecked: not the Oclgrind this process registered for checked mode
            if (checked ? !CheckedAparapi.oclgrind(d) : CheckedAparapi.injectedOclgrind(d)) continue;
            AparapiDevice ad = AparapiDevice.openCl(d, query, problem);
            list.add(withNotes(ad, sharedMemory(shared, ad), state.profiling(), notice));
        }
        if (checked) {
            String reason = list.isEmpty() ? dev.perfport.core.checked.CheckedMode.cannot(AparapiProvider.ID,
                    dev.perfport.core.checked.Oclgrind.NOT_LISTED) : null;
            return checked(list, reason, registry, counting, shared, dev.perfport.core.checked.CheckedMode.uninitialized(config));
        }
        list.add(AparapiDevice.threadPool());
        return new AparapiBackend(list, null, registry, counting, shared);
    }

    /** The checked backend: Oclgrind's devices only, no thread pool ({@link CheckedAparapi}). */
    static AparapiBackend checked(List<AparapiDevice> devices, String unavailableReason, KernelRegistry registry, boolean counting,
                                  String shared, boolean uninitialized) {
        AparapiBackend b = new AparapiBackend(devices, unavailableReason, registry, counting, shared);
        b.checkedUninitialized = uninitialized;
        return b;
    }

    /** Aparapi's shared-memory flag for a device: its default unless set, false on devices without host-unified memory. */
    static Boolean sharedMemory(String mode, AparapiDevice d) {
        return switch (mode) {
            case "true" -> true;
            case "false" -> false;
            // Aparapi's documentation: discrete devices with their own memory run faster with false
            default -> Boolean.FALSE.equals(d.unifiedMemory()) ? Boolean.FALSE : null;
        };
    }

    private static AparapiDevice withNotes(AparapiDevice d, Boolean shared, boolean profiling, String notice) {
        DeviceInfo i = d.info();
        Map<String, String> props = new LinkedHashMap<>(i.properties());
        if (!notice.isEmpty()) props.put("aparapiNotice", notice);
        props.put("sharedMemory", shared == null ? "Aparapi's default (true: buffers use the Java arrays as host memory)"
                : shared + " (" + AparapiProvider.SHARED_MEMORY_KEY + ")");
        props.put("profiling", profiling ? "OpenCL events (com.aparapi.enableProfiling)"
                : "off (com.aparapi.enableProfiling=false): kernel time is host wall time");
        DeviceInfo info = new DeviceInfo(i.name(), i.vendor(), i.type(), i.computeUnits(), i.maxWorkGroupSize(),
                i.maxWorkItemSizes(), i.memory(), i.features(), props);
        return new AparapiDevice(d.device(), info, d.maxAllocBytes(), d.residency(), d.unifiedMemory());
    }

    /** The kernels this backend runs. */
    public KernelRegistry registry() {
        return registry;
    }

    @Override
    protected DeviceSession open(AparapiDevice d) {
        if (checkedUninitialized != null) {
            return CheckedAparapi.open(() -> new AparapiSession(d, registry, counting, sharedMemory(sharedMemoryMode, d)), checkedUninitialized);
        }
        return new AparapiSession(d, registry, counting, d.isThreadPool() ? null : sharedMemory(sharedMemoryMode, d));
    }
}
