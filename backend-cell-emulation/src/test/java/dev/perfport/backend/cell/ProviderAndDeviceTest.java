package dev.perfport.backend.cell;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.kernel.Dialect;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProviderAndDeviceTest {

    @Test
    void providerIsFoundOnTheClasspathThroughTheServiceIndexThatPf4jAlsoReads() {
        // the runtime's plugin manager reads the same META-INF/services file inside the plugin jar
        List<String> found = ServiceLoader.load(BackendProvider.class).stream().map(p -> p.get().id()).toList();
        assertTrue(found.contains("cell-emulation"), "ServiceLoader found " + found);
        // PF4J instantiates the plugin class reflectively through a public no-arg constructor
        assertTrue(org.pf4j.Plugin.class.isAssignableFrom(CellEmulationPlugin.class));
        assertNotNull(assertDoesNotThrow(() -> CellEmulationPlugin.class.getConstructor()));
    }

    @Test
    void backendDescribesOneEmulatedDevice() {
        Backend b = Cells.backend();
        assertEquals("cell-emulation", b.id());
        assertEquals(Dialect.JAVA_WORKGROUP, b.dialect());
        assertEquals(1, b.devices().size());
        assertEquals(null, b.unavailableReason());
        DeviceInfo d = b.devices().getFirst();
        assertEquals("Cell/B.E. emulator (6 SPEs)", d.name());
        assertEquals("perfport", d.vendor());
        assertEquals(DeviceType.ACCELERATOR, d.type());
        assertEquals(6, d.computeUnits());
        assertEquals(16384, d.maxWorkGroupSize());
        assertEquals(List.of(16384L, 16384L, 16384L), d.maxWorkItemSizes());

        assertEquals(Runtime.getRuntime().maxMemory(), d.capacity(MemoryLevel.GLOBAL));
        assertEquals(64 * 1024, d.capacity(MemoryLevel.CONSTANT));
        for (MemoryLevel l : MemoryLevel.values()) assertEquals(Support.NATIVE, d.support(l), l.name());
        for (MemoryLevel l : List.of(MemoryLevel.LOCAL, MemoryLevel.STATIC_LOCAL, MemoryLevel.PRIVATE)) {
            assertEquals(262144 - 16384, d.capacity(l), l.name());
            assertTrue(d.memory(l).note().startsWith("SPE local store"), d.memory(l).note());
        }
        assertTrue(d.memory(MemoryLevel.LOCAL).note().contains("one instance per work-group"));
        assertTrue(d.memory(MemoryLevel.STATIC_LOCAL).note().contains("one instance per SPE, alive across its work-groups"));
        assertTrue(d.memory(MemoryLevel.PRIVATE).note().contains("one instance per work-item"));

        assertEquals(Support.NATIVE, d.support(Feature.STATIC_WORK_GROUPS));
        assertEquals(Support.NATIVE, d.support(Feature.GLOBAL_INT_ATOMICS));
        assertEquals(Support.NATIVE, d.support(Feature.GLOBAL_FLOAT_ATOMICS));
        assertEquals(Support.NATIVE, d.support(Feature.DOUBLE_PRECISION));
        assertEquals(Support.NATIVE, d.support(Feature.ASYNC_COPY), "asyncCopy is MFC DMA");

        assertEquals("6", d.properties().get("workers"));
        assertEquals("262144", d.properties().get("local store bytes"));
        assertTrue(d.properties().get("reserved bytes").startsWith("16384"));
        assertEquals("static equal shares", d.properties().get("scheduling"));
    }

    @Test
    void deviceFollowsTheConfiguration() {
        DeviceInfo d = Cells.backend("workers", "3", "localStoreBytes", "131072", "reservedBytes", "0").devices().getFirst();
        assertEquals("Cell/B.E. emulator (3 SPEs)", d.name());
        assertEquals(3, d.computeUnits());
        assertEquals(131072, d.capacity(MemoryLevel.LOCAL));
        assertEquals(131072, d.capacity(MemoryLevel.PRIVATE));
    }

    @Test
    void onlyDeviceZeroExists() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Cells.backend().open(1));
        assertTrue(e.getMessage().contains("index 1") && e.getMessage().contains("has 1 device(s)"), e.getMessage());
    }
}
