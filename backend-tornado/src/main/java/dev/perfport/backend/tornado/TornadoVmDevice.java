package dev.perfport.backend.tornado;

import dev.perfport.core.backend.PersistentGroupsDevice;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;
import uk.ac.manchester.tornado.api.common.TornadoDevice;
import uk.ac.manchester.tornado.api.enums.TornadoDeviceType;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One TornadoVM device as this backend found it.
 *
 * @param backendIndex  TornadoVM's backend (driver) index, as in {@code tornado --devices} "b:d"
 * @param deviceIndex   the device's index within that backend
 * @param device        TornadoVM's handle, given to execution plans ({@code withDevice})
 * @param info          what the device is and can do
 * @param maxAllocBytes the largest single buffer
 */
record TornadoVmDevice(int backendIndex, int deviceIndex, TornadoDevice device, DeviceInfo info, long maxAllocBytes) {

    /** Describes one device; queries that a driver rejects leave their field at a safe default. */
    static TornadoVmDevice describe(int b, int d, TornadoDevice dev) {
        var phys = dev.getPhysicalDevice();
        String infoText = safe(() -> phys.getDeviceInfo(), "");
        String name = safe(() -> phys.getDeviceName(), dev.getDeviceName());
        String vendor = field(infoText, "Device vendor");
        String platform = safe(dev::getPlatformName, "");
        if (vendor.isEmpty()) vendor = platform;
        DeviceType type = type(safe(dev::getDeviceType, TornadoDeviceType.DEFAULT));
        int cus = Math.max(1, safe(phys::getDeviceMaxComputeUnits, 1));
        long[] items = safe(phys::getDeviceMaxWorkItemSizes, new long[]{1, 1, 1});
        long[] wg = safe(phys::getDeviceMaxWorkGroupSize, new long[]{1});
        long maxWg = wg.length > 0 ? wg[0] : 1;
        long global = safe(phys::getDeviceGlobalMemorySize, 0L);
        long local = safe(phys::getDeviceLocalMemorySize, 0L);
        long maxAlloc = safe(phys::getDeviceMaxAllocationSize, global);
        boolean fp64 = safe(() -> dev.getDeviceContext().isFP64Supported(), false);
        TornadoVMBackendType route = safe(dev::getTornadoVMBackend, TornadoVMBackendType.OPENCL);

        // TornadoVM offers no __constant parameters: such a buffer is a global array the kernel only reads
        Map<MemoryLevel, MemoryLevelInfo> mem = PersistentGroupsDevice.memory(global, maxAlloc, Support.EMULATED, local, Support.NATIVE,
                new PersistentGroupsDevice.Notes("TornadoVM off-heap arrays (IntArray, FloatArray, ...) copied into device buffers"
                        + " of an execution plan; one buffer at most " + maxAlloc + " B",
                        "global arrays the kernel only reads (TornadoVM has no __constant parameters)",
                        "KernelContext.allocate*LocalArray: __local arrays whose size TornadoVM compiles in",
                        "local arrays of persistent work-groups", "registers; size not reported"));
        Map<Feature, Support> features = PersistentGroupsDevice.features(fp64, Support.EMULATED);

        Map<String, String> props = new LinkedHashMap<>();
        props.put("tornadoDevice", b + ":" + d);
        props.put("tornadoBackend", route.name());
        if (!platform.isEmpty()) props.put("platform", platform);
        String v = field(infoText, "Device version");
        if (!v.isEmpty()) props.put("deviceVersion", v);
        v = field(infoText, "Driver version");
        if (!v.isEmpty()) props.put("driverVersion", v);
        v = safe(dev::getDeviceOpenCLCVersion, "");
        if (v != null && !v.isEmpty()) props.put("openclCVersion", v);
        int clock = safe(phys::getDeviceMaxClockFrequency, 0);
        if (clock > 0) props.put("clockMHz", Integer.toString(clock));
        props.put("maxMemAllocBytes", Long.toString(maxAlloc));
        props.put("staticWorkGroups", "persistent work-groups (k groups looping over tasks: blocked, cyclic, dynamic);"
                + " residency: compute units x 1");
        props.put("globalFloatAtomics", "deferred: each group records its operand and a second task of the same task graph"
                + " adds them (TornadoVM's Kernel API has no float atomic on OpenCL and no compare-and-swap)");
        props.put("asyncCopy", "copies by the group's work-items, then a barrier (TornadoVM's asyncCopyToLocal takes"
                + " half floats, FP8 and bytes only)");
        props.put("compile", "TornadoVM JIT-compiles a kernel at the first launch of each argument set;"
                + " scalar arguments and local sizes are compiled in");
        props.put("math", "fast".equals(mathMode()) ? "TornadoVM's fast math (fast-relaxed-math, native functions or FMA on)"
                : "IEEE: TornadoVM's fast-relaxed-math, native functions and FMA fusion off");
        props.put("bailout", TornadoEnvironment.bailoutRecoveryOn()
                ? "tornado.recover.bailout is on: a kernel that fails to compile would run as sequential Java;"
                + " perfport rejects any launch without device kernel time"
                : "off (tornado.recover.bailout=False): a kernel that fails to compile is an error");

        List<Long> itemList = Arrays.stream(items).boxed().toList();
        if (itemList.isEmpty()) itemList = List.of(maxWg);
        DeviceInfo info = new DeviceInfo(name, vendor, type, cus, maxWg, itemList, mem, features, props);
        return new TornadoVmDevice(b, d, dev, info, maxAlloc);
    }

    /** "ieee" when the options perfport sets are in force, else "fast". */
    static String mathMode() {
        boolean ieee = "-w".equals(System.getProperty("tornado.opencl.compiler.flags"));
        for (String k : new String[]{"tornado.enable.fma", "tornado.enable.nativeFunctions"}) {
            ieee &= "false".equalsIgnoreCase(System.getProperty(k, "true"));
        }
        return ieee ? "ieee" : "fast";
    }

    static DeviceType type(TornadoDeviceType t) {
        return switch (t) {
            case GPU -> DeviceType.GPU;
            case CPU -> DeviceType.CPU;
            case ACCELERATOR, FPGA -> DeviceType.ACCELERATOR;
            default -> DeviceType.CUSTOM;
        };
    }

    /** The value of a "Key : value" line of OpenCL's device description, or "". */
    static String field(String text, String key) {
        for (String line : text.split("\n")) {
            String l = line.strip();
            if (l.startsWith(key)) {
                int colon = l.indexOf(':');
                if (colon > 0) return l.substring(colon + 1).strip();
            }
        }
        return "";
    }

    private interface Query<T> {
        T get();
    }

    private static <T> T safe(Query<T> q, T dflt) {
        try {
            T v = q.get();
            return v == null ? dflt : v;
        } catch (RuntimeException | LinkageError e) {
            return dflt;
        }
    }
}
