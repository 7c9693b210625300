package dev.perfport.core.config;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

class DeviceSelectorTest {
    static DeviceInfo dev(String name, String vendor, DeviceType t) {
        return new DeviceInfo(name, vendor, t, 4, 256, List.of(256L, 256L, 256L), Map.of(), Map.of(), Map.of());
    }

    final List<DeviceInfo> devices = List.of(
            dev("pthread-skylake", "The pocl project", DeviceType.CPU),
            dev("NVIDIA H200", "NVIDIA Corporation", DeviceType.GPU),
            dev("NVIDIA H100", "NVIDIA Corporation", DeviceType.GPU));

    @Test
    void parsesEveryForm() {
        assertEquals(new DeviceSelector("cell-emulation", null, null, null, null), DeviceSelector.parse("cell-emulation"));
        assertEquals(DeviceType.GPU, DeviceSelector.parse("jocl:gpu").type());
        assertEquals(DeviceType.GPU, DeviceSelector.parse("jocl:type=GPU").type());
        assertEquals("H200", DeviceSelector.parse("jocl:name=H200").name());
        assertEquals(1, DeviceSelector.parse("jocl:1").index());
        assertEquals(2, DeviceSelector.parse("jocl:index=2").index());
        DeviceSelector s = DeviceSelector.parse("jocl:gpu,vendor=nvidia");
        assertEquals("jocl:gpu,vendor=nvidia", s.toString());
    }

    @Test
    void choosesFirstMatch() {
        assertEquals(1, DeviceSelector.parse("jocl:gpu").choose(devices));
        assertEquals(2, DeviceSelector.parse("jocl:name=h100").choose(devices));
        assertEquals(0, DeviceSelector.parse("jocl:cpu").choose(devices));
        assertEquals(0, DeviceSelector.parse("jocl").choose(devices));
        assertEquals(2, DeviceSelector.parse("jocl:gpu,index=2").choose(devices));
    }

    @Test
    void noMatchListsDevices() {
        ConfigException e = assertThrows(ConfigException.class, () -> DeviceSelector.parse("jocl:accelerator").choose(devices));
        assertTrue(e.getMessage().contains("jocl:1 = NVIDIA H200"), e.getMessage());
        assertTrue(e.getMessage().contains("matches no device"), e.getMessage());
    }

    @Test
    void explicitOnlyDevicesNeedANameOrAnIndex() {
        DeviceInfo jtp = new DeviceInfo("Aparapi Java thread pool (JTP)", "Aparapi", DeviceType.CPU, 2, 256,
                List.of(256L, 256L, 256L), Map.of(), Map.of(), Map.of(DeviceInfo.EXPLICIT_ONLY, "true"));
        List<DeviceInfo> gpuAndJtp = List.of(dev("NVIDIA H100", "NVIDIA Corporation", DeviceType.GPU), jtp);
        assertTrue(jtp.explicitOnly());
        assertFalse(gpuAndJtp.getFirst().explicitOnly());
        // never by default or by type, even when it is the only device of that type
        assertEquals(0, DeviceSelector.parse("aparapi").choose(gpuAndJtp));
        ConfigException e = assertThrows(ConfigException.class, () -> DeviceSelector.parse("aparapi:cpu").choose(gpuAndJtp));
        assertTrue(e.getMessage().contains("aparapi:1 = Aparapi Java thread pool (JTP) (cpu, 2 CUs) (chosen only by name= or index)"),
                e.getMessage());
        assertThrows(ConfigException.class, () -> DeviceSelector.parse("aparapi").choose(List.of(jtp)));
        assertThrows(ConfigException.class, () -> DeviceSelector.parse("aparapi:vendor=aparapi").choose(gpuAndJtp));
        // by name or index it is chosen
        assertEquals(1, DeviceSelector.parse("aparapi:name=jtp").choose(gpuAndJtp));
        assertEquals(1, DeviceSelector.parse("aparapi:jtp").choose(gpuAndJtp));   // a bare word is a name
        assertEquals(1, DeviceSelector.parse("aparapi:cpu,name=thread pool").choose(gpuAndJtp));
        assertEquals(1, DeviceSelector.parse("aparapi:1").choose(gpuAndJtp));
        assertTrue(DeviceSelector.parse("aparapi:index=1").namesADevice());
        assertFalse(DeviceSelector.parse("aparapi:cpu,vendor=x").namesADevice());
    }

    @Test
    void badSelectorsAreErrors() {
        assertThrows(ConfigException.class, () -> DeviceSelector.parse(""));
        assertEquals("fpga", DeviceSelector.parse("jocl:fpga").name());   // not a type: a name, which then matches nothing
        assertThrows(ConfigException.class, () -> DeviceSelector.parse("jocl:colour=red"));
        assertThrows(ConfigException.class, () -> DeviceSelector.parse("Bad Id:gpu"));
    }

    @Test
    void anEmptyValueIsAnErrorNotAMatchForEveryDevice() {
        for (String sel : List.of("jocl:name=", "jocl:vendor=", "jocl:name= ", "jocl:gpu,name=", "jocl:type=", "jocl:index=")) {
            ConfigException e = assertThrows(ConfigException.class, () -> DeviceSelector.parse(sel), sel);
            assertTrue(e.getMessage().contains("empty value") && e.getMessage().contains("'" + sel + "'"), e.getMessage());
        }
    }
}
