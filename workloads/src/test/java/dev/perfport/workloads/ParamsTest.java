package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class ParamsTest {
    @Test
    void parsesSizes() {
        Params p = Params.parse(List.of("n=2^25", "m=32M", "k=64K", "x=1_000", "g=1G"));
        assertEquals(1L << 25, p.getLong("n"));
        assertEquals(32L << 20, p.getLong("m"));
        assertEquals(65536, p.getInt("k"));
        assertEquals(1000, p.getInt("x"));
        assertEquals(1L << 30, p.getLong("g"));
    }

    @Test
    void errorsNameTheParameter() {
        var e = assertThrows(ConfigException.class, () -> Params.of("n", "abc").getLong("n"));
        assertTrue(e.getMessage().contains("parameter n") && e.getMessage().contains("abc"), e.getMessage());
        assertThrows(ConfigException.class, () -> Params.parse(List.of("novalue")));
        assertThrows(ConfigException.class, () -> Params.of("n", "2^40").getInt("n"));
        assertThrows(ConfigException.class, () -> Params.of().get("n"));
    }

    @Test
    void aPowerHasOneCaretAnExponentOfAtLeastZeroAndTakesNoTime() {
        for (String bad : List.of("4^1^", "2^3^4", "2^-1", "2^64", "\u0663M", "2^")) {
            assertThrows(ConfigException.class, () -> Params.parseLong("n", bad), bad);
        }
        assertEquals(1, Params.parseLong("n", "1^9223372036854775807"));
        assertEquals(-1, Params.parseLong("n", "-1^2147483647"));
        assertEquals(Long.MIN_VALUE, Params.parseLong("n", "-2^63"));
        assertEquals(1L << 25, Params.parseLong("n", " 2 ^ 25 "));
        // a line break quoted from the input is shown, escaped, in the one line of the error
        ConfigException e = assertThrows(ConfigException.class, () -> Params.parse(List.of("2^\n")));
        assertEquals("parameter '2^\\n' is not of the form name=value", e.getMessage());
    }

    @Test
    void overridesKeepOrder() {
        Params p = Params.of("a", "1", "b", "2").with(Params.of("b", "3", "c", "4"));
        assertEquals(List.of("a", "b", "c"), List.copyOf(p.asMap().keySet()));
        assertEquals("3", p.get("b"));
    }

    @Test
    void registryListsWorkloads() {
        assertEquals("reduction", Workloads.get("reduction").name());
        var e = assertThrows(ConfigException.class, () -> Workloads.get("nbody"));
        assertTrue(e.getMessage().contains("reduction"), e.getMessage());
    }
}
