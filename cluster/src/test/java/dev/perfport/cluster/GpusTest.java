package dev.perfport.cluster;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** What a GPU address names: the N-th OpenCL GPU, or the device PERFPORT_GPUS gives it. */
class GpusTest {
    private static DeviceInfo device(String name, DeviceType type) {
        return new DeviceInfo(name, "v", type, 4, 256, List.of(256L, 256L, 64L), Map.of(), Map.of(), Map.of());
    }

    /** jocl's list on a machine with PoCL first and two GPUs after it. */
    private static final List<DeviceInfo> JOCL = List.of(device("pthread-cpu", DeviceType.CPU), device("H200 a", DeviceType.GPU),
            device("H200 b", DeviceType.GPU));

    @Test
    void anAddressIsTheNthOpenClGpuByDefault() {
        Gpus none = Gpus.parse(null);
        assertFalse(none.given());
        assertEquals(1, none.index("0", "jocl", JOCL));
        assertEquals(2, none.index("1", "jocl", JOCL));
        // another backend's task takes no GPU address by default
        assertEquals(-1, none.index("0", "cell-emulation", JOCL));
        ConfigException e = assertThrows(ConfigException.class, () -> none.index("2", "jocl", JOCL));
        assertEquals("GPU address 2 names no OpenCL GPU here: this machine has 2 (addresses 0..1); set PERFPORT_GPUS to map addresses to devices",
                e.getMessage());
    }

    @Test
    void theVariableListsAddressesAndNamesTheirDevices() {
        Gpus two = Gpus.parse(" 0=jocl:cpu, 1=jocl:cpu ");
        assertEquals(List.of("0", "1"), two.addresses());
        // two "GPUs" that are one PoCL device
        assertEquals(0, two.index("0", "jocl", JOCL));
        assertEquals(0, two.index("1", "jocl", JOCL));
        assertEquals(-1, two.index("1", "aparapi", JOCL));
        Gpus own = Gpus.parse("1");
        assertEquals(List.of("1"), own.addresses());
        assertEquals(2, own.index("1", "jocl", JOCL));
    }

    @Test
    void aBadVariableIsOneLineNamingIt() {
        assertEquals("PERFPORT_GPUS: bad GPU address 'a b' in 'a b'; give ADDRESS[=SELECTOR],... with addresses of letters, digits, '.', '_' or '-', e.g. 0,1 or 0=jocl:cpu",
                assertThrows(ConfigException.class, () -> Gpus.parse("a b")).getMessage());
        assertEquals("PERFPORT_GPUS: GPU address '0' given twice in '0,0'", assertThrows(ConfigException.class, () -> Gpus.parse("0,0")).getMessage());
        assertEquals("PERFPORT_GPUS: no selector after '0=' in '0='", assertThrows(ConfigException.class, () -> Gpus.parse("0=")).getMessage());
    }

    @Test
    void discoveryPrintsSparksResourceFormat() {
        assertEquals("{\"name\":\"gpu\",\"addresses\":[\"0\",\"1\"]}", GpuDiscovery.json(List.of("0", "1")));
        assertEquals("{\"name\":\"gpu\",\"addresses\":[]}", GpuDiscovery.json(List.of()));
    }
}
