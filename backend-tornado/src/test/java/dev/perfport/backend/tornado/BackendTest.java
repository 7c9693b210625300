package dev.perfport.backend.tornado;

import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.error.UnsupportedFeatureException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Devices from TornadoVM's runtime, as perfport describes them and as selectors pick them. */
class BackendTest {

    @Test
    void everyDeviceIsDescribedFromTornadoVm() {
        Tornado.DEVICE.assumeDevice();
        TornadoVmBackend b = Tornado.DEVICE.backend();
        assertNull(b.unavailableReason());
        assertEquals("tornado", b.id());
        assertEquals(Dialect.NATIVE, b.dialect());
        for (int i = 0; i < b.devices().size(); i++) {
            DeviceInfo d = b.devices().get(i);
            TornadoVmDevice td = b.device(i);
            assertFalse(d.name().isBlank());
            assertFalse(d.name().startsWith("opencl-"), "the device's own name, not TornadoVM's handle name: " + d.name());
            assertTrue(d.computeUnits() >= 1);
            assertTrue(d.maxWorkGroupSize() >= 1 && !d.maxWorkItemSizes().isEmpty(), d.toString());
            assertTrue(d.capacity(MemoryLevel.GLOBAL) > 0 && d.capacity(MemoryLevel.LOCAL) > 0, d.toString());
            assertEquals(Support.EMULATED, d.support(MemoryLevel.STATIC_LOCAL));
            assertEquals(Support.EMULATED, d.support(Feature.STATIC_WORK_GROUPS));
            assertEquals(Support.NATIVE, d.support(Feature.GLOBAL_INT_ATOMICS));
            assertEquals(Support.EMULATED, d.support(Feature.GLOBAL_FLOAT_ATOMICS));
            assertEquals(td.backendIndex() + ":" + td.deviceIndex(), d.properties().get("tornadoDevice"));
            assertTrue(d.properties().get("bailout").startsWith("off"), "tests run with tornado.recover.bailout=False: " + d.properties());
        }
    }

    @Test
    void selectorsPickTornadoVmDevices() {
        DeviceInfo first = Tornado.DEVICE.assumeDevice();
        List<DeviceInfo> ds = Tornado.DEVICE.backend().devices();
        assertEquals(0, DeviceSelector.parse("tornado:0").choose(ds));
        assertEquals(0, DeviceSelector.parse("tornado:" + first.type().label()).choose(ds));
        String part = first.name().substring(0, Math.min(8, first.name().length())).toUpperCase();
        assertEquals(0, DeviceSelector.parse("tornado:name=" + part).choose(ds));
        ConfigException e = assertThrows(ConfigException.class, () -> DeviceSelector.parse("tornado:name=NoSuchDevice").choose(ds));
        assertTrue(e.getMessage().contains("tornado:0 = " + first.summary()), e.getMessage());
        IllegalArgumentException out = assertThrows(IllegalArgumentException.class, () -> Tornado.DEVICE.backend().open(ds.size()));
        assertTrue(out.getMessage().contains("out of range"), out.getMessage());
    }

    @Test
    void aKernelWithoutATornadoVmImplementationIsRefusedWithItsName() {
        try (TornadoVmSession s = Tornado.session()) {
            KernelDef def = KernelDef.builder("nosuch.kernel").global("a", ElemType.INT, Access.READ).build();
            assertTrue(s.cannotRun(def).orElseThrow().contains("tornado has no TornadoVM implementation of kernel 'nosuch.kernel'"));
            UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> s.compile(def));
            assertTrue(e.getMessage().contains("nosuch.kernel"), e.getMessage());
        }
    }

    /** The single-pass scan is declined by TornadoVM's scan library: its row states the route's reason, not the advice to write one. */
    @Test
    void theSinglePassScanIsDeclinedWithTheRoutesReason() {
        try (TornadoVmSession s = Tornado.session()) {
            KernelDef def = dev.perfport.conformance.WorkloadKernels.all().stream().filter(d -> d.name().equals("scan.single_pass.float"))
                    .findFirst().orElseThrow();
            String why = s.cannotRun(def).orElseThrow();
            assertTrue(why.startsWith("tornado does not run kernel 'scan.single_pass.float' (TornadoVM): ") && why.contains("no volatile or atomic load"),
                    why);
            UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> s.compile(def));
            assertEquals(why, e.getMessage());
        }
    }

    /** V1's inter-group wait is sound only on coherent CPU caches: on a GPU the kernel is refused with the reason, not run. */
    @Test
    void cpuOnlyKernelsAreRefusedOnOtherDevicesWithTheReason() {
        Tornado.DEVICE.assumeDevice();
        TornadoVmDevice real = Tornado.DEVICE.backend().device(Tornado.DEVICE.deviceIndex());
        DeviceInfo r = real.info();
        DeviceInfo gpu = new DeviceInfo(r.name(), r.vendor(), dev.perfport.core.device.DeviceType.GPU, r.computeUnits(),
                r.maxWorkGroupSize(), r.maxWorkItemSizes(), r.memory(), r.features(), r.properties());
        KernelDef v1 = dev.perfport.workloads.scan.ScanKernels.v1(ElemType.INT);
        try (TornadoVmSession onGpu = new TornadoVmSession(new TornadoVmDevice(real.backendIndex(), real.deviceIndex(), real.device(), gpu,
                real.maxAllocBytes()), TornadoVmBackend.nextSessionId()); TornadoVmSession onCpu = Tornado.session()) {
            String why = onGpu.cannotRun(v1).orElseThrow();
            assertTrue(why.contains("only on CPU devices") && why.contains("no volatile or atomic load"), why);
            assertThrows(UnsupportedFeatureException.class, () -> onGpu.compile(v1));
            if (r.type() == dev.perfport.core.device.DeviceType.CPU) assertTrue(onCpu.cannotRun(v1).isEmpty());
            assertTrue(onGpu.cannotRun(dev.perfport.workloads.scan.ScanKernels.block(ElemType.INT)).isEmpty(), "Harris runs anywhere");
        }
    }

    @Test
    void aDefinitionWhoseArgumentsChangedIsRefusedBeforeTornadoVmSeesIt() {
        try (TornadoVmSession s = Tornado.session()) {
            // the reduction's name with another argument list: the Java method would not fit
            KernelDef def = KernelDef.builder("reduction.local_atomic.int").global("in", ElemType.INT, Access.READ)
                    .global("out", ElemType.INT, Access.READ_WRITE).build();
            RuntimeException e = assertThrows(RuntimeException.class, () -> s.compile(def));
            assertTrue(e.getMessage().contains("takes [global int, global int, private int, local int]"), e.getMessage());
        }
    }
}
