package dev.perfport.backend.jocl;

import dev.perfport.core.backend.PersistentGroupsDevice;
import dev.perfport.core.backend.Residency;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One OpenCL device as this backend found it: its handles, the {@link DeviceInfo} shown to users,
 * and the facts sessions need (allocation limit, residency inputs).
 *
 * @param platform        the platform handle
 * @param device          the device handle (root devices need no release)
 * @param info            what the device is and can do
 * @param maxAllocBytes   CL_DEVICE_MAX_MEM_ALLOC_SIZE, the largest single buffer
 * @param residency       inputs of the residency heuristic
 */
record JoclDevice(cl_platform_id platform, cl_device_id device, DeviceInfo info, long maxAllocBytes,
                  Residency.DeviceFacts residency) {

    /** Queries everything about one device; an error in a required query propagates. */
    static JoclDevice query(cl_platform_id platform, String platformName, String platformVersion, cl_device_id d) {
        String name = Cl.deviceString(d, CL.CL_DEVICE_NAME);
        String vendor = Cl.deviceString(d, CL.CL_DEVICE_VENDOR);
        DeviceType type = type(Cl.deviceLong(d, CL.CL_DEVICE_TYPE));
        int cus = (int) Cl.deviceLong(d, CL.CL_DEVICE_MAX_COMPUTE_UNITS);
        long maxWg = Cl.deviceLong(d, CL.CL_DEVICE_MAX_WORK_GROUP_SIZE);
        long[] maxItems = Cl.deviceSizes(d, CL.CL_DEVICE_MAX_WORK_ITEM_SIZES);
        long global = Cl.deviceLong(d, CL.CL_DEVICE_GLOBAL_MEM_SIZE);
        long maxAlloc = Cl.deviceLong(d, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        long constant = Cl.deviceLong(d, CL.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE);
        long local = Cl.deviceLong(d, CL.CL_DEVICE_LOCAL_MEM_SIZE);
        long localType = Cl.deviceLong(d, CL.CL_DEVICE_LOCAL_MEM_TYPE);
        String deviceVersion = Cl.deviceString(d, CL.CL_DEVICE_VERSION);
        String driverVersion = Cl.deviceString(d, CL.CL_DRIVER_VERSION);
        String extensions = Cl.deviceString(d, CL.CL_DEVICE_EXTENSIONS);
        Set<String> ext = Set.of(extensions.isBlank() ? new String[0] : extensions.split("\\s+"));
        String clcVersion = optionalString(d, CL.CL_DEVICE_OPENCL_C_VERSION);
        long clock = optionalLong(d, CL.CL_DEVICE_MAX_CLOCK_FREQUENCY, 0);

        boolean fp64 = ext.contains("cl_khr_fp64") || optionalLong(d, CL.CL_DEVICE_DOUBLE_FP_CONFIG, 0) != 0;
        boolean nvidia = ext.contains("cl_nv_device_attribute_query");
        int ccMajor = 0, ccMinor = 0, warp = 0;
        long regsPerBlock = 0;
        if (nvidia) {
            ccMajor = (int) optionalLong(d, Cl.CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, 0);
            ccMinor = (int) optionalLong(d, Cl.CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, 0);
            warp = (int) optionalLong(d, Cl.CL_DEVICE_WARP_SIZE_NV, 0);
            regsPerBlock = optionalLong(d, Cl.CL_DEVICE_REGISTERS_PER_BLOCK_NV, 0);
        }

        boolean dedicatedLocal = localType == CL.CL_LOCAL;
        Map<MemoryLevel, MemoryLevelInfo> mem = PersistentGroupsDevice.memory(global, constant, Support.NATIVE, local,
                dedicatedLocal ? Support.NATIVE : Support.EMULATED, new PersistentGroupsDevice.Notes(
                        "device memory; one buffer at most " + maxAlloc + " B (CL_DEVICE_MAX_MEM_ALLOC_SIZE)",
                        "__constant buffers (CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)",
                        dedicatedLocal ? "__local memory on the compute unit" : "__local memory placed in global memory (CL_GLOBAL)",
                        "__local memory of persistent work-groups", "registers; size not reported by OpenCL"));
        Map<Feature, Support> features = PersistentGroupsDevice.features(fp64, Support.NATIVE);

        Map<String, String> props = new LinkedHashMap<>();
        props.put("platform", platformName);
        props.put("platformVersion", platformVersion);
        props.put("deviceVersion", deviceVersion);
        props.put("driverVersion", driverVersion);
        if (!clcVersion.isEmpty()) props.put("openclCVersion", clcVersion);
        if (clock > 0) props.put("clockMHz", Long.toString(clock));
        props.put("maxMemAllocBytes", Long.toString(maxAlloc));
        props.put("localMemType", dedicatedLocal ? "local" : "global");
        props.put("staticWorkGroups", "persistent work-groups; residency by heuristic (see Residency)");
        props.put("globalFloatAtomics", "compare-and-swap loop (PP_ATOMIC_ADD_FLOAT)");
        if (ccMajor > 0) props.put("computeCapability", ccMajor + "." + ccMinor);
        if (warp > 0) props.put("warpSize", Integer.toString(warp));
        if (regsPerBlock > 0) props.put("registersPerBlock", Long.toString(regsPerBlock));
        props.put("extensions", String.join(" ", ext.stream().sorted().toList()));

        List<Long> items = Arrays.stream(maxItems).boxed().toList();
        DeviceInfo info = new DeviceInfo(name, vendor, type, Math.max(1, cus), maxWg, items, mem, features, props);
        Residency.DeviceFacts facts = new Residency.DeviceFacts(type, nvidia && ccMajor > 0, Math.max(1, cus), local,
                ccMajor, ccMinor, warp);
        return new JoclDevice(platform, d, info, maxAlloc, facts);
    }

    /** The device type from the CL_DEVICE_TYPE bitfield; a GPU bit wins over the others. */
    static DeviceType type(long bits) {
        if ((bits & CL.CL_DEVICE_TYPE_GPU) != 0) return DeviceType.GPU;
        if ((bits & CL.CL_DEVICE_TYPE_ACCELERATOR) != 0) return DeviceType.ACCELERATOR;
        if ((bits & CL.CL_DEVICE_TYPE_CPU) != 0) return DeviceType.CPU;
        return DeviceType.CUSTOM;
    }

    // Optional queries: older or vendor drivers may reject them with CL_INVALID_VALUE.
    private static long optionalLong(cl_device_id d, int param, long dflt) {
        try {
            return Cl.deviceLong(d, param);
        } catch (CLException | IllegalStateException e) {
            return dflt;
        }
    }

    private static String optionalString(cl_device_id d, int param) {
        try {
            return Cl.deviceString(d, param);
        } catch (CLException e) {
            return "";
        }
    }
}
