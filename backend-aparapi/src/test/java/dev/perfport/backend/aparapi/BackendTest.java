package dev.perfport.backend.aparapi;

import dev.perfport.conformance.WorkloadKernels;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.reduction.ReductionKernels;
import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.Residency;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Devices, selection, configuration and the kernel registry. */
class BackendTest {

    @Test
    void everyWorkloadKernelHasAnAparapiKernelWithTheSameArguments() {
        KernelRegistry r = KernelRegistry.standard();
        TreeSet<String> defined = new TreeSet<>();
        for (KernelDef d : WorkloadKernels.all()) {
            defined.add(d.name());
            KernelSpec spec = r.find(d.name()).orElseThrow(() -> new AssertionError("no Aparapi kernel for " + d.name()));
            assertEquals(List.of(), spec.mismatches(d), d.name());
        }
        // and the kernels a workload names as not every Java route's (fft.cols) that Aparapi has, checked against their definitions too
        for (Workload w : Workloads.all()) {
            for (KernelDef d : w.kernels()) {
                if (!w.variantsWithoutRouteNativeKernels().containsValue(d.name()) || r.find(d.name()).isEmpty()) continue;
                defined.add(d.name());
                assertEquals(List.of(), r.find(d.name()).orElseThrow().mismatches(d), d.name());
            }
        }
        assertTrue(defined.contains("fft.cols"), "Aparapi's four-step column kernel");
        TreeSet<String> perfports = new TreeSet<>();
        for (String n : r.names()) {
            if (r.find(n).orElseThrow().type().getName().startsWith("dev.perfport.backend.aparapi.kernels.")) perfports.add(n);
        }
        assertEquals(defined, perfports, "perfport's kernel libraries hold exactly the workloads' kernels");
    }

    @Test
    void aMismatchedDefinitionIsNamedArgumentByArgument() {
        KernelSpec spec = KernelRegistry.standard().find("reduction.local_atomic.int").orElseThrow();
        KernelDef wrong = KernelDef.builder("reduction.local_atomic.int").global("in", ElemType.FLOAT, Access.READ)
                .global("out", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT).local("scratch", ElemType.INT).build();
        List<String> m = spec.mismatches(wrong);
        assertEquals(1, m.size(), m.toString());
        assertTrue(m.getFirst().contains("argument 0") && m.getFirst().contains("expected float[]"), m.getFirst());
        KernelDef tooFew = KernelDef.builder("reduction.local_atomic.int").global("in", ElemType.INT, Access.READ).build();
        assertTrue(spec.mismatches(tooFew).getFirst().contains("declares 1 arguments"), spec.mismatches(tooFew).toString());
    }

    @Test
    void aMismatchedDefinitionFailsToCompileWithTheReason() {
        KernelDef wrong = KernelDef.builder("test.twice").global("in", ElemType.INT, Access.READ).build();
        try (DeviceSession s = Aparapi.session()) {
            KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(wrong));
            assertTrue(e.getMessage().contains("does not match the Aparapi kernel"), e.getMessage());
        }
    }

    /** Aparapi's launch takes 256 work-items a group on NVIDIA's OpenCL: the device says so there, and nowhere else. */
    @Test
    void theWorkGroupLimitIsTheRoutesOnNvidiaGpus() {
        assertEquals(256, AparapiDevice.routeGroupLimit(1024, DeviceType.GPU, 9));
        assertEquals(128, AparapiDevice.routeGroupLimit(128, DeviceType.GPU, 9));
        assertEquals(1024, AparapiDevice.routeGroupLimit(1024, DeviceType.GPU, 0), "another vendor's GPU");
        assertEquals(4096, AparapiDevice.routeGroupLimit(4096, DeviceType.CPU, 0), "PoCL's CPU");
    }

    @Test
    void openClDevicesFirstThenTheThreadPoolLastAndExplicitOnly() {
        Aparapi.DEVICE.assumeDevice();
        List<DeviceInfo> ds = Aparapi.DEVICE.backend().devices();
        assertTrue(ds.size() >= 2, "at least one OpenCL device and the thread pool: " + ds);
        DeviceInfo jtp = ds.getLast();
        assertEquals(AparapiDevice.THREAD_POOL_NAME, jtp.name());
        assertEquals(DeviceType.CPU, jtp.type());
        assertTrue(jtp.explicitOnly());
        assertTrue(Aparapi.DEVICE.backend().device(ds.size() - 1).isThreadPool());
        for (int i = 0; i < ds.size() - 1; i++) {
            DeviceInfo d = ds.get(i);
            assertFalse(d.explicitOnly(), d.name());
            assertFalse(Aparapi.DEVICE.backend().device(i).isThreadPool());
            assertTrue(d.capacity(MemoryLevel.LOCAL) > 0, d.name());
            assertTrue(d.support(MemoryLevel.LOCAL).usable(), d.name());
            assertEquals(Support.EMULATED, d.support(MemoryLevel.STATIC_LOCAL), d.name());
            assertEquals(d.capacity(MemoryLevel.LOCAL), d.capacity(MemoryLevel.STATIC_LOCAL));
            assertEquals(Support.EMULATED, d.support(Feature.STATIC_WORK_GROUPS));
            assertEquals(Support.NATIVE, d.support(Feature.GLOBAL_INT_ATOMICS));
            assertTrue(d.capacity(MemoryLevel.GLOBAL) > 0);
            assertTrue(d.properties().get("fallback").startsWith("none"), d.properties().toString());
        }
        assertNull(Aparapi.DEVICE.backend().unavailableReason());
    }

    @Test
    void selectorsNeverPickTheThreadPoolUnlessNamed() {
        Aparapi.DEVICE.assumeDevice();
        List<DeviceInfo> ds = Aparapi.DEVICE.backend().devices();
        int jtp = ds.size() - 1;
        assertEquals(0, DeviceSelector.parse("aparapi").choose(ds));
        assertEquals(jtp, DeviceSelector.parse("aparapi:name=jtp").choose(ds));
        assertEquals(jtp, DeviceSelector.parse("aparapi:name=thread pool").choose(ds));
        assertEquals(jtp, DeviceSelector.parse("aparapi:" + jtp).choose(ds));
        boolean openClCpu = ds.subList(0, jtp).stream().anyMatch(d -> d.type() == DeviceType.CPU);
        if (openClCpu) {
            int cpu = DeviceSelector.parse("aparapi:cpu").choose(ds);
            assertNotEquals(jtp, cpu);
            assertEquals(DeviceType.CPU, ds.get(cpu).type());
        } else {
            // a GPU-only machine: aparapi:cpu matches nothing rather than the thread pool
            assertThrows(ConfigException.class, () -> DeviceSelector.parse("aparapi:cpu").choose(ds));
        }
    }

    @Test
    void theRegistryOpensAnOpenClDeviceByDefaultAndTheThreadPoolByName(@TempDir Path plugins) {
        Aparapi.DEVICE.assumeDevice();
        // the provider is on the test classpath (META-INF/services); an empty plugins folder adds nothing
        BackendRegistry reg = BackendRegistry.shared(PerfportConfig.of(Map.of(PerfportConfig.PLUGINS_DIR, plugins.toString())));
        assertTrue(reg.backend("aparapi").devices().size() >= 2);
        try (DeviceSession s = reg.open("aparapi")) {
            assertEquals("aparapi", s.backendId());
            assertFalse(s.device().explicitOnly(), s.device().name());
        }
        try (DeviceSession s = reg.open("aparapi:name=jtp")) {
            assertEquals(AparapiDevice.THREAD_POOL_NAME, s.device().name());
        }
    }

    @Test
    void badSettingsAreConfigErrorsNamingTheKey() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> AparapiBackend.create(PerfportConfig.of(Map.of(AparapiProvider.SHARED_MEMORY_KEY, "sometimes"))));
        assertTrue(e.getMessage().contains(AparapiProvider.SHARED_MEMORY_KEY) && e.getMessage().contains("auto, true or false"), e.getMessage());
        e = assertThrows(ConfigException.class,
                () -> AparapiBackend.create(PerfportConfig.of(Map.of(AparapiProvider.COUNTERS_KEY, "perhaps"))));
        assertTrue(e.getMessage().contains(AparapiProvider.COUNTERS_KEY), e.getMessage());
    }

    @Test
    void sharedMemoryIsTurnedOffOnlyForDevicesWithoutHostMemory() {
        AparapiDevice jtp = AparapiDevice.threadPool();
        AparapiDevice discrete = new AparapiDevice(jtp.device(), jtp.info(), 1, jtp.residency(), false);
        AparapiDevice unknown = new AparapiDevice(jtp.device(), jtp.info(), 1, jtp.residency(), null);
        assertEquals(Boolean.FALSE, AparapiBackend.sharedMemory("auto", discrete));
        assertNull(AparapiBackend.sharedMemory("auto", jtp));
        assertNull(AparapiBackend.sharedMemory("auto", unknown));
        assertEquals(Boolean.TRUE, AparapiBackend.sharedMemory("true", discrete));
        assertEquals(Boolean.FALSE, AparapiBackend.sharedMemory("false", unknown));
    }

    @Test
    void aKernelWithoutAparapiImplementationIsRefusedBeforeAnythingRuns() {
        KernelDef none = KernelDef.builder("nobody.has.this").global("a", ElemType.INT, Access.READ).build();
        try (DeviceSession s = Aparapi.session()) {
            assertTrue(s.cannotRun(none).orElseThrow().contains("aparapi has no Aparapi implementation of kernel 'nobody.has.this'"));
            assertThrows(UnsupportedFeatureException.class, () -> s.compile(none));
            assertTrue(s.cannotRun(ReductionKernels.localAtomic(ElemType.INT)).isEmpty());
        }
    }

    @Test
    void theThreadPoolIsResidentOneGroupAtATime() {
        // the heuristic's arithmetic is core's (ResidencyTest); the pool describes itself as one compute unit
        Residency.DeviceFacts pool = AparapiDevice.threadPool().residency();
        assertEquals(1, Residency.estimate(pool, 256, 256, 0), "the thread pool runs one group at a time");
        assertEquals(0, Residency.estimate(pool, 256, 512, 0), "group larger than the kernel allows");
    }
}
