package dev.perfport.backend.aparapi;

import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.device.JavaDevice;
import com.aparapi.device.OpenCLDevice;
import dev.perfport.core.backend.PersistentGroupsDevice;
import dev.perfport.core.backend.Residency;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One device as this backend found it: Aparapi's device object, the {@link DeviceInfo} shown to
 * users, and the facts sessions need.
 *
 * @param device        Aparapi's device ({@link OpenCLDevice} or {@link JavaDevice#THREAD_POOL})
 * @param info          what the device is and can do
 * @param maxAllocBytes the largest single buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE; the heap for the thread pool)
 * @param residency     inputs of the residency heuristic
 * @param unifiedMemory whether the device shares host memory (null when unknown)
 */
record AparapiDevice(Device device, DeviceInfo info, long maxAllocBytes, Residency.DeviceFacts residency,
                     Boolean unifiedMemory) {

    /** The thread pool's name; {@code aparapi:name=jtp} and {@code aparapi:name=thread pool} select it. */
    static final String THREAD_POOL_NAME = "Aparapi Java thread pool (JTP)";

    boolean isThreadPool() {
        return device == JavaDevice.THREAD_POOL;
    }

    /** The work-group limit Aparapi's kernels get from NVIDIA's OpenCL (getKernelMaxWorkGroupSize, every kernel seen on H100 and H200). */
    static final long NVIDIA_KERNEL_GROUP_LIMIT = 256;

    /**
     * The most work-items a group may have through this route: the device's, or on an NVIDIA GPU the
     * {@link #NVIDIA_KERNEL_GROUP_LIMIT} that Aparapi's launch enforces, so that defaults and tuning spaces fit before a
     * kernel is built (the session still checks each kernel's own limit).
     */
    static long routeGroupLimit(long device, DeviceType type, int nvidiaComputeMajor) {
        return type == DeviceType.GPU && nvidiaComputeMajor > 0 ? Math.min(device, NVIDIA_KERNEL_GROUP_LIMIT) : device;
    }

    /** An OpenCL device, with the facts {@code query} adds (null when the query is unavailable, {@code queryProblem} says why). */
    static AparapiDevice openCl(OpenCLDevice d, ClDeviceQuery query, String queryProblem) {
        long id = d.getDeviceId();
        String platform = d.getOpenCLPlatform().getName();
        String vendor = d.getOpenCLPlatform().getVendor();
        String deviceVersion = "", driverVersion = "", clcVersion = "";
        Set<String> ext = new TreeSet<>();
        long constant = 64 * 1024;          // the OpenCL minimum, when the device cannot be asked
        long localType = ClDeviceQuery.CL_LOCAL;
        long clock = 0, doubleConfig = 0;
        Boolean unified = null;
        int ccMajor = 0, ccMinor = 0, warp = 0;
        if (query != null) {
            String v = query.string(id, ClDeviceQuery.CL_DEVICE_VENDOR);
            if (!v.isEmpty()) vendor = v;
            deviceVersion = query.string(id, ClDeviceQuery.CL_DEVICE_VERSION);
            driverVersion = query.string(id, ClDeviceQuery.CL_DRIVER_VERSION);
            clcVersion = query.string(id, ClDeviceQuery.CL_DEVICE_OPENCL_C_VERSION);
            String e = query.string(id, ClDeviceQuery.CL_DEVICE_EXTENSIONS);
            if (!e.isBlank()) ext.addAll(List.of(e.split("\\s+")));
            constant = query.number(id, ClDeviceQuery.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, 8, constant);
            localType = query.number(id, ClDeviceQuery.CL_DEVICE_LOCAL_MEM_TYPE, 4, localType);
            clock = query.number(id, ClDeviceQuery.CL_DEVICE_MAX_CLOCK_FREQUENCY, 4, 0);
            doubleConfig = query.number(id, ClDeviceQuery.CL_DEVICE_DOUBLE_FP_CONFIG, 8, 0);
            long u = query.number(id, ClDeviceQuery.CL_DEVICE_HOST_UNIFIED_MEMORY, 4, -1);
            unified = u < 0 ? null : u != 0;
            if (ext.contains("cl_nv_device_attribute_query")) {
                ccMajor = (int) query.number(id, ClDeviceQuery.CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV, 4, 0);
                ccMinor = (int) query.number(id, ClDeviceQuery.CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV, 4, 0);
                warp = (int) query.number(id, ClDeviceQuery.CL_DEVICE_WARP_SIZE_NV, 4, 0);
            }
        }
        DeviceType type = switch (d.getType()) {
            case GPU -> DeviceType.GPU;
            case CPU -> DeviceType.CPU;
            case ACC -> DeviceType.ACCELERATOR;
            default -> DeviceType.CUSTOM;
        };
        int cus = Math.max(1, d.getMaxComputeUnits());
        long local = d.getLocalMemSize();
        long global = d.getGlobalMemSize();
        long maxAlloc = d.getMaxMemAllocSize() > 0 ? d.getMaxMemAllocSize() : global;
        boolean dedicatedLocal = localType == ClDeviceQuery.CL_LOCAL;
        boolean fp64 = query != null && (ext.contains("cl_khr_fp64") || doubleConfig != 0);

        Map<MemoryLevel, MemoryLevelInfo> mem = PersistentGroupsDevice.memory(global, constant, Support.NATIVE, local,
                dedicatedLocal ? Support.NATIVE : Support.EMULATED, new PersistentGroupsDevice.Notes(
                        "Java arrays copied to device buffers by Aparapi (one per kernel and array); one buffer at most "
                                + maxAlloc + " B, one array at most 2^31-1 elements",
                        "@Constant arrays (CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE)",
                        dedicatedLocal ? "@Local arrays in __local memory on the compute unit"
                                : "@Local arrays in __local memory, which this device places in global memory (CL_GLOBAL)",
                        "@Local arrays of persistent work-groups", "local variables in registers; size not reported by OpenCL"));
        Map<Feature, Support> features = PersistentGroupsDevice.features(fp64, Support.EMULATED);

        Map<String, String> props = new LinkedHashMap<>();
        props.put("route", "Aparapi 3.0.2: kernel bytecode translated to OpenCL C, run through Aparapi's JNI library");
        props.put("platform", platform);
        props.put("platformVersion", d.getOpenCLPlatform().getVersion());
        if (!deviceVersion.isEmpty()) props.put("deviceVersion", deviceVersion);
        if (!driverVersion.isEmpty()) props.put("driverVersion", driverVersion);
        if (!clcVersion.isEmpty()) props.put("openclCVersion", clcVersion);
        if (clock > 0) props.put("clockMHz", Long.toString(clock));
        props.put("maxMemAllocBytes", Long.toString(maxAlloc));
        props.put("localMemType", dedicatedLocal ? "local" : "global");
        if (unified != null) props.put("hostUnifiedMemory", unified.toString());
        props.put("staticWorkGroups", "persistent work-groups; residency by heuristic (same estimate as jocl)");
        props.put("globalFloatAtomics", "compare-and-swap loop on an AtomicInteger[] of the float bits; the last group (a ticket atomic) writes the sum out");
        props.put("asyncCopy", "Aparapi has no async_work_group_copy: the group copies with ordinary loads, then a barrier");
        props.put("fallback", "none: a kernel Aparapi cannot run here fails instead of falling back to the Java thread pool");
        if (ccMajor > 0) props.put("computeCapability", ccMajor + "." + ccMinor);
        if (warp > 0) props.put("warpSize", Integer.toString(warp));
        if (query == null) props.put("deviceQuery", "unavailable (" + queryProblem + "); double precision assumed missing");
        if (!ext.isEmpty()) props.put("extensions", String.join(" ", ext));

        int dims = Math.max(1, Math.min(3, d.getMaxWorkItemDimensions() > 0 ? d.getMaxWorkItemDimensions() : 3));
        List<Long> items = new ArrayList<>();
        int[] sizes = d.getMaxWorkItemSize();
        for (int i = 0; i < dims; i++) items.add((long) sizes[i]);
        long maxGroup = routeGroupLimit(d.getMaxWorkGroupSize(), type, ccMajor);
        if (maxGroup < d.getMaxWorkGroupSize()) {
            props.put("maxWorkGroupSize", maxGroup + " through Aparapi (the device takes " + d.getMaxWorkGroupSize()
                    + "): Aparapi's getKernelMaxWorkGroupSize gives " + NVIDIA_KERNEL_GROUP_LIMIT + " for its kernels on NVIDIA's OpenCL, "
                    + "and its JNI refuses a larger local size");
        }
        DeviceInfo info = new DeviceInfo(d.getName() == null ? d.getShortDescription() : d.getName().strip(), vendor,
                type, cus, maxGroup, items, mem, features, props);
        Residency.DeviceFacts facts = new Residency.DeviceFacts(type, ccMajor > 0 && type == DeviceType.GPU,
                cus, local, ccMajor, ccMinor, warp);
        return new AparapiDevice(d, info, maxAlloc, facts, unified);
    }

    /**
     * Aparapi's Java thread pool as a device of its own. It is marked explicit-only: a selector
     * picks it only by name or index, and comparisons leave it out unless named, because it is
     * the device Aparapi silently falls back to elsewhere.
     */
    static AparapiDevice threadPool() {
        int cores = Runtime.getRuntime().availableProcessors();
        long heap = Runtime.getRuntime().maxMemory();
        int maxGroup = Range.MAX_GROUP_SIZE;
        Map<MemoryLevel, MemoryLevelInfo> mem = PersistentGroupsDevice.memory(heap, heap, Support.NATIVE, heap, Support.EMULATED,
                new PersistentGroupsDevice.Notes("Java arrays on the heap (-Xmx); one array at most 2^31-1 elements",
                        "Java arrays on the heap", "@Local arrays: Java arrays shared by the threads of the one group that runs at a time",
                        "@Local arrays of the one persistent work-group", "Java local variables"));
        Map<Feature, Support> features = PersistentGroupsDevice.features(true, Support.EMULATED);
        Map<String, String> props = new LinkedHashMap<>();
        props.put(DeviceInfo.EXPLICIT_ONLY, "true");
        props.put("route", "Aparapi 3.0.2 Java thread pool: the kernel's Java code, one thread per work-item of the current work-group");
        props.put("selection", "never chosen by default or by type; select it with aparapi:name=jtp (or its index)");
        props.put("staticWorkGroups", "persistent work-groups; residency 1 (groups run one after another)");
        props.put("speed", "slow: a Java thread per work-item and Java barriers; meant for checking kernels, not timing them");
        DeviceInfo info = new DeviceInfo(THREAD_POOL_NAME, "Aparapi (Java)", DeviceType.CPU, cores, maxGroup,
                Arrays.asList((long) maxGroup, (long) maxGroup, (long) maxGroup), mem, features, props);
        // one compute unit to the residency query: the pool runs the groups of a launch one after another
        Residency.DeviceFacts facts = new Residency.DeviceFacts(DeviceType.CPU, false, 1, heap, 0, 0, 0);
        return new AparapiDevice(JavaDevice.THREAD_POOL, info, heap, facts, true);
    }
}
