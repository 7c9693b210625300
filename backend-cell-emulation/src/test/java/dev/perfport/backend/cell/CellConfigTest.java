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
            "cache|sometimes|true or false",
            "cache.lineBytes|8|[16, 16384]",
            "cache.lineBytes|96|power of two",
            "cache.ways|0|[1, 64]",
            "cache.bytes|256|[512, 1073741824]",
            "cache.bytes|98304|power-of-two number of sets",
            "schedule|dynamic|static or guided, got 'dynamic'",
            "ppe|2|true or false",
            "bufferAlignment|0|[1, 4096]",
            "bufferAlignment|24|power of two",
            "transfer.copyEngines|3|must be 1 or 2",
            "transfer.copyEngines|0|must be 1 or 2",
            "transfer.implicitSync|maybe|true or false",
            "transfer.linkGbs|-1|[0, 1000000]",
            "transfer.linkGbs|fast|must be a number",
            "cost.dmaLatencyCycles|-1|[0, 1000000000]",
            "cost.ppeFactor|0|[0.01, 100]",
    })
    void badValuesNameTheKeyAndTheRange(String key, String value, String range) {
        PerfportConfig config = PerfportConfig.of(Map.of("perfport.cell-emulation." + key, value));
        ConfigException e = assertThrows(ConfigException.class,
                () -> new CellEmulationProvider().create(new BackendContext(config)));
        assertTrue(e.getMessage().contains("perfport.cell-emulation." + key), e.getMessage());
        assertTrue(e.getMessage().contains(range), e.getMessage());
    }

    @Test
    void readsTheTransferKeys() {
        CellConfig c = CellConfig.from(PerfportConfig.of(Map.of("perfport.cell-emulation.transfer.copyEngines", "1",
                "perfport.cell-emulation.transfer.implicitSync", "true", "perfport.cell-emulation.transfer.linkGbs", "0.5")));
        assertEquals(new TransferConfig(1, true, 0.5), c.transfer());
        assertEquals(1, c.transfer().overlap().category());
        assertEquals(TransferConfig.DEFAULT, CellConfig.DEFAULT.transfer());
        assertEquals(3, CellConfig.DEFAULT.transfer().overlap().category());
    }

    @Test
    void readsTheModelKeys() {
        CellConfig c = CellConfig.from(PerfportConfig.of(Map.of(
                "perfport.cell-emulation.cache", "false",
                "perfport.cell-emulation.cache.bytes", "32768",
                "perfport.cell-emulation.cache.lineBytes", "256",
                "perfport.cell-emulation.cache.ways", "2",
                "perfport.cell-emulation.ppe", "true",
                "perfport.cell-emulation.bufferAlignment", "8",
                "perfport.cell-emulation.cost.floatCycles", "7")));
        assertEquals(false, c.cache());
        assertEquals(32768, c.cacheBytes());
        assertEquals(256, c.cacheLineBytes());
        assertEquals(2, c.cacheWays());
        assertEquals(true, c.ppe());
        assertEquals(dev.perfport.backend.cell.spe.Schedule.GUIDED, c.schedule(), "guided is the default with the PPE");
        assertEquals(7, c.units());
        assertEquals(8, c.bufferAlignment());
        assertEquals(7, c.cost().cycles(dev.perfport.backend.cell.model.Cost.FLOAT_CYCLES));
        CellConfig s = CellConfig.from(PerfportConfig.of(Map.of("perfport.cell-emulation.ppe", "true",
                "perfport.cell-emulation.schedule", "STATIC")));
        assertEquals(dev.perfport.backend.cell.spe.Schedule.STATIC, s.schedule(), "an explicit schedule wins");
        CellConfig d = CellConfig.DEFAULT;
        assertEquals(true, d.cache());
        assertEquals(65536, d.cacheBytes());
        assertEquals(128, d.cacheLineBytes());
        assertEquals(4, d.cacheWays());
        assertEquals(dev.perfport.backend.cell.spe.Schedule.STATIC, d.schedule());
        assertEquals(false, d.ppe());
        assertEquals(128, d.bufferAlignment());
        assertEquals(dev.perfport.backend.cell.model.CostModel.DEFAULT, d.cost());
    }

    @Test
    void reservationMustLeaveRoomForData() {
        ConfigException e = assertThrows(ConfigException.class, () -> new CellConfig(6, 8192, 8000, false, 10));
        assertTrue(e.getMessage().contains("reservedBytes must be in [0, 7168]"), e.getMessage());
        assertEquals(7168, new CellConfig(6, 8192, 7168, false, 10).reservedBytes());
    }
}
