package dev.perfport.backend.jocl;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Backend creation, device listing and the device model, checked against OpenCL's own answers. */
class JoclBackendTest {

    @Test
    void providerIdentity() {
        JoclProvider p = new JoclProvider();
        assertEquals("jocl", p.id());
        assertTrue(p.description().contains("JOCL"), p.description());
        Backend b = OpenCl.DEVICE.backend();
        assertEquals("jocl", b.id());
        assertEquals(Dialect.OPENCL_C, b.dialect());
    }

    @Test
    void serviceLoaderFindsTheProvider() {
        List<String> ids = ServiceLoader.load(BackendProvider.class).stream().map(p -> p.get().id()).toList();
        assertTrue(ids.contains("jocl"), ids.toString());
    }

    @Test
    void twoCreateCallsInOneJvmBothWork() throws Exception {
        OpenCl.DEVICE.assumeDevice();
        BackendContext ctx = new BackendContext(PerfportConfig.of(Map.of()));
        try (Backend b1 = new JoclProvider().create(ctx); Backend b2 = new JoclProvider().create(ctx)) {
            assertEquals(b1.devices(), b2.devices(), "same devices in the same order");
            assertNull(b1.unavailableReason());
            // both open sessions at once and run a kernel
            try (DeviceSession s1 = b1.open(OpenCl.DEVICE.deviceIndex()); DeviceSession s2 = b2.open(OpenCl.DEVICE.deviceIndex())) {
                for (DeviceSession s : List.of(s1, s2)) {
                    try (CompiledKernel k = s.compile(BufferAndLaunchErrorsTest.VADD);
                         DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4}); DeviceBuffer c = s.allocate(ElemType.INT, 4)) {
                        s.launch(k, NDRange.of(4, 4), a, a, c, 4);
                        int[] got = new int[4];
                        c.read(got);
                        assertArrayEquals(new int[]{2, 4, 6, 8}, got);
                    }
                }
            }
        }
    }

    @Test
    void openRejectsABadIndex() {
        Backend b = OpenCl.DEVICE.backend();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.open(b.devices().size()));
        assertTrue(e.getMessage().contains("out of range") && e.getMessage().contains(b.devices().size() + " device(s)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> b.open(-1));
    }

    @Test
    void everyDeviceOfEveryPlatformInOrder() {
        OpenCl.DEVICE.assumeDevice();
        int[] np = new int[1];
        CL.clGetPlatformIDs(0, null, np);
        org.jocl.cl_platform_id[] ps = new org.jocl.cl_platform_id[np[0]];
        CL.clGetPlatformIDs(np[0], ps, null);
        int expected = 0;
        List<String> names = new java.util.ArrayList<>();
        for (org.jocl.cl_platform_id p : ps) {
            int[] nd = new int[1];
            CL.clGetDeviceIDs(p, CL.CL_DEVICE_TYPE_ALL, 0, null, nd);
            cl_device_id[] ds = new cl_device_id[nd[0]];
            CL.clGetDeviceIDs(p, CL.CL_DEVICE_TYPE_ALL, nd[0], ds, null);
            for (cl_device_id d : ds) names.add(Cl.deviceString(d, CL.CL_DEVICE_NAME));
            expected += nd[0];
        }
        List<DeviceInfo> devices = OpenCl.DEVICE.backend().devices();
        assertEquals(expected, devices.size());
        assertEquals(names, devices.stream().map(DeviceInfo::name).toList());
        // a second listing gives the same order
        assertEquals(devices, JoclBackend.create().devices());
    }

    @Test
    void deviceModelMatchesOpenCl() {
        DeviceInfo info = OpenCl.DEVICE.assumeDevice();
        cl_device_id d = OpenCl.backendDevice().device();
        assertEquals(Cl.deviceString(d, CL.CL_DEVICE_NAME), info.name());
        assertEquals(Cl.deviceString(d, CL.CL_DEVICE_VENDOR), info.vendor());
        assertEquals(JoclDevice.type(Cl.deviceLong(d, CL.CL_DEVICE_TYPE)), info.type());
        assertEquals(Cl.deviceLong(d, CL.CL_DEVICE_MAX_COMPUTE_UNITS), info.computeUnits());
        assertEquals(Cl.deviceLong(d, CL.CL_DEVICE_MAX_WORK_GROUP_SIZE), info.maxWorkGroupSize());
        long[] items = Cl.deviceSizes(d, CL.CL_DEVICE_MAX_WORK_ITEM_SIZES);
        assertEquals(items.length, info.maxWorkItemSizes().size());
        for (int i = 0; i < items.length; i++) assertEquals(items[i], info.maxWorkItemSizes().get(i));

        long local = Cl.deviceLong(d, CL.CL_DEVICE_LOCAL_MEM_SIZE);
        boolean dedicated = Cl.deviceLong(d, CL.CL_DEVICE_LOCAL_MEM_TYPE) == CL.CL_LOCAL;
        assertEquals(Cl.deviceLong(d, CL.CL_DEVICE_GLOBAL_MEM_SIZE), info.capacity(MemoryLevel.GLOBAL));
        assertEquals(Support.NATIVE, info.support(MemoryLevel.GLOBAL));
        assertEquals(Cl.deviceLong(d, CL.CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE), info.capacity(MemoryLevel.CONSTANT));
        assertEquals(Support.NATIVE, info.support(MemoryLevel.CONSTANT));
        assertEquals(local, info.capacity(MemoryLevel.LOCAL));
        assertEquals(dedicated ? Support.NATIVE : Support.EMULATED, info.support(MemoryLevel.LOCAL));
        assertEquals(local, info.capacity(MemoryLevel.STATIC_LOCAL));
        assertEquals(Support.EMULATED, info.support(MemoryLevel.STATIC_LOCAL));
        assertEquals("__local memory of persistent work-groups", info.memory(MemoryLevel.STATIC_LOCAL).note());
        assertEquals(0, info.capacity(MemoryLevel.PRIVATE));
        assertEquals(Support.NATIVE, info.support(MemoryLevel.PRIVATE));
        assertEquals("registers; size not reported by OpenCL", info.memory(MemoryLevel.PRIVATE).note());

        String ext = Cl.deviceString(d, CL.CL_DEVICE_EXTENSIONS);
        assertEquals(ext.contains("cl_khr_fp64") ? Support.NATIVE : Support.UNSUPPORTED, info.support(Feature.DOUBLE_PRECISION));
        assertEquals(Support.EMULATED, info.support(Feature.STATIC_WORK_GROUPS));
        assertEquals(Support.NATIVE, info.support(Feature.GLOBAL_INT_ATOMICS));
        assertEquals(Support.EMULATED, info.support(Feature.GLOBAL_FLOAT_ATOMICS));
        assertEquals(Support.NATIVE, info.support(Feature.ASYNC_COPY));

        Map<String, String> p = info.properties();
        for (String key : List.of("platform", "platformVersion", "deviceVersion", "driverVersion", "maxMemAllocBytes")) {
            assertFalse(p.getOrDefault(key, "").isBlank(), "property " + key + " in " + p);
        }
        assertEquals(Cl.deviceString(d, CL.CL_DEVICE_VERSION), p.get("deviceVersion"));
        assertEquals(String.valueOf(Cl.deviceLong(d, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE)), p.get("maxMemAllocBytes"));
        assertEquals(ext.contains("cl_nv_device_attribute_query"), p.containsKey("computeCapability"), p.toString());
        System.out.println("jocl device " + OpenCl.DEVICE.deviceIndex() + ": " + info.summary() + " " + p);
    }

    @Test
    void pocl() {
        DeviceInfo info = OpenCl.DEVICE.assumeDevice();
        OpenCl.DEVICE.assumeThat(info.properties().get("platform").contains("Portable Computing Language"), "not PoCL");
        assertEquals(DeviceType.CPU, info.type());
        assertEquals(Support.EMULATED, info.support(MemoryLevel.LOCAL), "PoCL reports CL_GLOBAL local memory");
        assertTrue(info.capacity(MemoryLevel.LOCAL) > 0);
    }

    @Test
    void deviceTypeBits() {
        assertEquals(DeviceType.GPU, JoclDevice.type(CL.CL_DEVICE_TYPE_GPU | CL.CL_DEVICE_TYPE_DEFAULT));
        assertEquals(DeviceType.CPU, JoclDevice.type(CL.CL_DEVICE_TYPE_CPU));
        assertEquals(DeviceType.ACCELERATOR, JoclDevice.type(CL.CL_DEVICE_TYPE_ACCELERATOR));
        assertEquals(DeviceType.CUSTOM, JoclDevice.type(CL.CL_DEVICE_TYPE_CUSTOM));
    }
}
