package dev.perfport.workloads.var;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.*;

/** The JSON input: the built-in default, generation rules, listed portfolios, and errors that say what is wrong. */
class VarInputTest {
    static final String MARKET = "\"today\": 100, \"market\": {\"stockIndex\": 50, \"foreignRate\": 0.02, \"exchangeRate\": 2},"
            + " \"meanChange\": {\"stockIndex\": 0, \"foreignRate\": 0, \"exchangeRate\": 0},"
            + " \"covariance\": [[4, 0, 0], [0, 0, 0], [0, 0, 0]]";

    @Test
    void builtinAlternatesBondsAndStocksAsTheThesis() {
        VarInput in = VarInput.builtin();
        VarInput.Portfolio p = in.portfolio(0);
        assertEquals(1 << 17, p.size());
        for (int i = 0; i < 100; i++) {
            assertEquals(i % 2 == 0 ? VarKernels.FBOND : VarKernels.STOCK, p.type()[i], "position " + i);
            if (i % 2 == 0) {
                assertTrue(p.amount()[i] >= 1000 && p.amount()[i] <= 10000);
                assertTrue(p.dayOfMaturity()[i] >= 30 && p.dayOfMaturity()[i] <= 3650);
            } else {
                assertTrue(p.amount()[i] >= 1 && p.amount()[i] <= 10);
            }
        }
        // position i depends on i only: a smaller portfolio is a prefix
        VarInput.Portfolio small = in.portfolio(1000);
        assertEquals(p.amount()[999], small.amount()[999]);
        float[] m = in.marketArray();
        assertEquals(1000f, m[0]);
        assertEquals(40f, m[6], 1e-6f);
    }

    @Test
    void listedPositionsAreRead(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("in.json");
        Files.writeString(f, "{" + MARKET + ", \"portfolio\": {\"positions\": ["
                + "{\"type\": \"STOCK\", \"amount\": 3}, {\"type\": \"FBOND\", \"amount\": 1000.5, \"dayOfMaturity\": 465}]}}");
        VarInput in = VarInput.load(f.toString());
        VarInput.Portfolio p = in.portfolio(0);
        assertArrayEquals(new int[]{VarKernels.STOCK, VarKernels.FBOND}, p.type());
        assertArrayEquals(new float[]{3f, 1000.5f}, p.amount());
        assertEquals(465, p.dayOfMaturity()[1]);
        assertEquals(1, in.portfolio(1).size());
        ConfigException e = assertThrows(ConfigException.class, () -> in.portfolio(3));
        assertTrue(e.getMessage().contains("npos=3 exceeds the 2 positions"), e.getMessage());
        // V0 = 3*50 + 2*1000.5*exp(-0.02*365/365.25)
        VarModel.Reference ref = VarModel.reference(in, p, new float[3]);
        assertEquals(150 + 2 * 1000.5 * Math.exp(-0.02 * 365 / 365.25), ref.v0(), 1e-9);
    }

    @Test
    void badInputNamesTheMemberAndTheRule(@TempDir Path dir) throws Exception {
        assertError("{" + MARKET + "}", "portfolio must be a JSON object, got nothing");
        assertError("{" + MARKET + ", \"portfolio\": {\"generate\": {\"pattern\": \"zigzag\", \"stockAmount\": [1, 2], "
                + "\"bondAmount\": [1, 2], \"maturityDays\": [1, 2]}}}", "pattern must be");
        assertError("{" + MARKET + ", \"portfolio\": {\"generate\": {\"pattern\": \"stock\", \"stockAmount\": [5, 2], "
                + "\"bondAmount\": [1, 2], \"maturityDays\": [1, 2]}}}", "stockAmount must satisfy 0 <= min <= max, got [5, 2]");
        assertError("{" + MARKET + ", \"portfolio\": {\"positions\": [{\"type\": \"BOND\", \"amount\": 1}]}}",
                "positions[0].type must be \"STOCK\" or \"FBOND\"");
        assertError("{" + MARKET.replace("\"today\": 100", "\"today\": 1.5") + ", \"portfolio\": {\"positions\": []}}",
                "today must be an integer");
        assertError("{" + MARKET.replace("[[4, 0, 0]", "[[-4, 0, 0]") + ", \"portfolio\": {\"positions\": []}}",
                "not positive semi-definite");
        assertError("{" + MARKET + ", \"portfolio\": {}, \"extra\": 1}", "unknown member 'extra'");
        assertError("{\"today\": 0,", "not valid JSON");
        ConfigException e = assertThrows(ConfigException.class, () -> VarInput.load(dir.resolve("missing.json").toString()));
        assertTrue(e.getMessage().contains("cannot read VaR input file") && e.getMessage().contains("missing.json"), e.getMessage());
    }

    private static void assertError(String json, String expected) {
        ConfigException e = assertThrows(ConfigException.class, () -> VarInput.parse(json, "test.json"));
        assertTrue(e.getMessage().contains(expected) && e.getMessage().contains("test.json"), e.getMessage());
    }
}
