package dev.perfport.backend.cell;

import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CellConfigTest {

    @Test
    void defaults() {
        CellConfig c = CellConfig.from(PerfportConfig.of(Map.of()));
        assertEquals(new CellConfig(6, 262144, 16384, false, 600), c);
        assertEquals(CellConfig.DEFAULT, c);
        assertEquals(262144 - 16384, c.dataBytes());
    }

    @Test
    void readsEveryKey() {
        CellConfig c = CellConfig.from(PerfportConfig.of(Map.of(
                "perfport.cell-emulation.workers", "8",
                "perfport.cell-emulation.localStoreBytes", "524288",
                "perfport.cell-emulation.reservedBytes", "0",
                "perfport.cell-emulation.poison", "true",
                "perfport.cell-emulation.timeoutSeconds", "5")));
        assertEquals(new CellConfig(8, 524288, 0, true, 5), c);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "workers|0|[1, 64]",
            "workers|65|[1, 64]",
            "workers|4294967302|[1, 64]",          // 2^32 + 6 must not wrap to 6
            "workers|six|must be an integer",
            "localStoreBytes|100|[4096, 1073741824]",
            "localStoreBytes|2147483648|[4096, 1073741824]",
            "reservedBytes|-1|[0, 261120]",
            "reservedBytes|262144|[0, 261120]",
            "poison|maybe|true or false",
            "timeoutSeconds|0|[1, 86400]",
            "timeoutSeconds|100000|[1, 86400]",
    })
    void badValuesNameTheKeyAndTheRange(String key, String value, String range) {
        PerfportConfig config = PerfportConfig.of(Map.of("perfport.cell-emulation." + key, value));
        ConfigException e = assertThrows(ConfigException.class,
                () -> new CellEmulationProvider().create(new BackendContext(config)));
        assertTrue(e.getMessage().contains("perfport.cell-emulation." + key), e.getMessage());
        assertTrue(e.getMessage().contains(range), e.getMessage());
    }

    @Test
    void reservationMustLeaveRoomForData() {
        ConfigException e = assertThrows(ConfigException.class, () -> new CellConfig(6, 8192, 8000, false, 10));
        assertTrue(e.getMessage().contains("reservedBytes must be in [0, 7168]"), e.getMessage());
        assertEquals(7168, new CellConfig(6, 8192, 7168, false, 10).reservedBytes());
    }
}
