package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractBackend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.Dialect;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.util.ArrayList;
import java.util.List;

/**
 * Every device of every OpenCL platform, in the order the ICD loader reports platforms and each
 * platform its devices (the order {@code clinfo} shows). Sessions are independent: each has its
 * own context and command queue.
 */
public final class JoclBackend extends AbstractBackend<JoclDevice> {
    static final String DESCRIPTION = "OpenCL C kernels through JOCL 2.0.5 on every OpenCL platform";
    /** The reason shown when the ICD loader finds no platform at all. */
    public static final String NO_PLATFORM = dev.perfport.core.device.OpenClAdvice.NO_PLATFORM;

    private final boolean counting;
    private final String buildOptions;
    /** Sessions run on Oclgrind, checked ({@link dev.perfport.core.checked.CheckedMode}). */
    private final boolean checked;
    /** Checked sessions also check for uninitialised values. */
    private boolean uninitialized = true;
    /** Where sessions keep program binaries across processes, or null (off). */
    private BinaryCache binaries;
    /** Whether timed launches start behind a spin ({@link BusyStart}); null: auto ({@link JoclSession#busyStartByDefault}). */
    private Boolean busyStart;

    private JoclBackend(List<JoclDevice> devices, String unavailableReason, boolean counting, String buildOptions) {
        this(devices, unavailableReason, counting, buildOptions, false);
    }

    private JoclBackend(List<JoclDevice> devices, String unavailableReason, boolean counting, String buildOptions, boolean checked) {
        super(JoclProvider.ID, DESCRIPTION, Dialect.OPENCL_C, devices, JoclDevice::info, unavailableReason);
        this.counting = counting;
        this.buildOptions = buildOptions;
        this.checked = checked;
    }

    /**
     * As {@link #create(boolean, String)}, checked: the devices are Oclgrind's only, and every
     * session runs checked ({@link CheckedJocl}); unavailable, saying why, where Oclgrind is not.
     */
    static JoclBackend createChecked(boolean counting, String buildOptions) {
        java.util.Optional<String> problem = dev.perfport.core.checked.Oclgrind.prepare();
        if (problem.isPresent()) {
            return new JoclBackend(List.of(), dev.perfport.core.checked.CheckedMode.cannot(JoclProvider.ID, problem.get()), counting,
                    buildOptions, true);
        }
        JoclBackend all = create(counting, buildOptions, true);
        List<JoclDevice> listed = java.util.stream.IntStream.range(0, all.devices().size()).mapToObj(all::device).toList();
        List<JoclDevice> oclgrind = listed.stream().filter(CheckedJocl::oclgrind).toList();
        String reason = oclgrind.isEmpty() ? dev.perfport.core.checked.CheckedMode.cannot(JoclProvider.ID,
                listed.isEmpty() ? all.unavailableReason() : dev.perfport.core.checked.Oclgrind.NOT_LISTED) : null;
        return new JoclBackend(oclgrind, reason, counting, buildOptions, true);
    }

    /**
     * Loads JOCL (a failure to load its own native library propagates) and lists the devices. A
     * platform or device whose queries fail is left out, and its error is part of the reason
     * shown when no device remains.
     */
    public static JoclBackend create() {
        return create(true);
    }

    /**
     * As {@link #create()}; {@code counting} false compiles kernels with -DPP_NO_COUNTERS. Where
     * the OpenCL library itself is missing, JOCL is not loaded at all and the backend is empty
     * with that reason.
     */
    public static JoclBackend create(boolean counting) {
        return create(counting, "");
    }

    /**
     * As {@link #create(boolean)}; {@code buildOptions} are added to every kernel build of its
     * sessions ({@link JoclProvider#BUILD_OPTIONS_KEY}).
     */
    public static JoclBackend create(boolean counting, String buildOptions) {
        return create(counting, buildOptions, false);
    }

    /** {@code withOclgrind}: keep the Oclgrind platform even where this process registered it for checked mode. */
    private static JoclBackend create(boolean counting, String buildOptions, boolean withOclgrind) {
        java.util.Optional<String> noLibrary = OpenClLibrary.missing();
        if (noLibrary.isPresent()) return new JoclBackend(List.of(), noLibrary.get(), counting, buildOptions);
        CL.setExceptionsEnabled(true);
        List<cl_platform_id> platforms = platforms();
        if (platforms.isEmpty()) return new JoclBackend(List.of(), NO_PLATFORM, counting, buildOptions);
        List<JoclDevice> found = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (cl_platform_id p : platforms) {
            String pname = "?";
            try {
                pname = Cl.platformString(p, CL.CL_PLATFORM_NAME);
                String pversion = Cl.platformString(p, CL.CL_PLATFORM_VERSION);
                List<cl_device_id> ds = devicesOf(p);
                if (ds.isEmpty()) problems.add("platform '" + pname + "' reports no devices");
                for (cl_device_id d : ds) {
                    try {
                        found.add(JoclDevice.query(p, pname, pversion, d));
                    } catch (CLException | IllegalStateException e) {
                        problems.add("a device of platform '" + pname + "' could not be queried: " + e.getMessage());
                    }
                }
            } catch (CLException e) {
                problems.add("platform '" + pname + "' could not be queried: " + Cl.name(e));
            }
        }
        // a platform this process registered for checked mode is not offered unchecked
        if (!withOclgrind) found.removeIf(CheckedJocl::injectedOclgrind);
        return new JoclBackend(found, "OpenCL platforms found but no usable device: " + String.join("; ", problems), counting,
                buildOptions);
    }

    private static List<cl_platform_id> platforms() {
        int[] n = new int[1];
        try {
            CL.clGetPlatformIDs(0, null, n);
        } catch (CLException e) {
            // the ICD loader answers CL_PLATFORM_NOT_FOUND_KHR when no driver is installed
            if (e.getStatus() == CL.CL_PLATFORM_NOT_FOUND_KHR) return List.of();
            throw e;
        }
        if (n[0] == 0) return List.of();
        cl_platform_id[] ps = new cl_platform_id[n[0]];
        CL.clGetPlatformIDs(ps.length, ps, null);
        return List.of(ps);
    }

    private static List<cl_device_id> devicesOf(cl_platform_id p) {
        int[] n = new int[1];
        try {
            CL.clGetDeviceIDs(p, CL.CL_DEVICE_TYPE_ALL, 0, null, n);
        } catch (CLException e) {
            if (e.getStatus() == CL.CL_DEVICE_NOT_FOUND) return List.of();
            throw e;
        }
        if (n[0] == 0) return List.of();
        cl_device_id[] ds = new cl_device_id[n[0]];
        CL.clGetDeviceIDs(p, CL.CL_DEVICE_TYPE_ALL, ds.length, ds, null);
        return List.of(ds);
    }

    @Override
    protected DeviceSession open(JoclDevice device) {
        if (checked) return CheckedJocl.open(() -> new JoclSession(device, counting, buildOptions, binaries, busyStart), uninitialized);
        return new JoclSession(device, counting, buildOptions, binaries, busyStart);
    }

    /** Checked sessions opened from now on check for uninitialised values, or not ({@link dev.perfport.core.checked.CheckedMode#UNINITIALIZED_KEY}). */
    JoclBackend withUninitializedChecks(boolean on) {
        this.uninitialized = on;
        return this;
    }

    /** Sessions opened from now on start timed launches behind a spin, or not ({@link BusyStart#KEY}; null: auto). */
    JoclBackend withBusyStart(Boolean on) {
        this.busyStart = on;
        return this;
    }

    /** Sessions opened from now on keep program binaries in {@code cache} (null: no binary cache). */
    JoclBackend withBinaryCache(BinaryCache cache) {
        this.binaries = cache;
        return this;
    }
}
