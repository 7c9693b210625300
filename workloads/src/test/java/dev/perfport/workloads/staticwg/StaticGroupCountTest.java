package dev.perfport.workloads.staticwg;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class StaticGroupCountTest {
    @Test
    void resolvesAgainstTheResidency() {
        assertEquals(6, StaticGroupCount.parse("res").resolve(6));
        assertEquals(3, StaticGroupCount.parse("res/2").resolve(6));
        assertEquals(1, StaticGroupCount.parse("res/4").resolve(6));
        assertEquals(1, StaticGroupCount.parse("res/8").resolve(6), "never below one group");
        assertEquals(264, StaticGroupCount.parse("res/4").resolve(1056));
        // an integer is taken as given: the launch validation refuses it above the residency
        assertEquals(7, StaticGroupCount.parse("7").resolve(6));
        assertTrue(StaticGroupCount.parse("res/3").usesResidency());
        assertFalse(StaticGroupCount.parse("3").usesResidency());
    }

    @Test
    void badCountsNameTheAcceptedForms() {
        for (String bad : List.of("0", "-2", "abc", "res/0", "res*2", "2.5", "99999999999")) {
            var e = assertThrows(ConfigException.class, () -> StaticGroupCount.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'") && e.getMessage().contains("res/D"), e.getMessage());
        }
        var e = assertThrows(ConfigException.class, () -> StaticGroupCount.parse("1,2"));
        assertTrue(e.getMessage().contains("compare"), e.getMessage());
    }

    @Test
    void compareSweepsUnlessKIsGiven() {
        Params base = Params.of("k", "res", "n", "8");
        List<Params> sweep = StaticGroupCount.expand(base, Params.of());
        assertEquals(List.of("1", "res/4", "res/2", "res"), sweep.stream().map(p -> p.get("k")).toList());
        assertTrue(sweep.stream().allMatch(p -> p.get("n").equals("8")));

        List<Params> listed = StaticGroupCount.expand(base.with("k", "1,2, 4"), Params.of("k", "1,2, 4"));
        assertEquals(List.of("1", "2", "4"), listed.stream().map(p -> p.get("k")).toList());

        List<Params> single = StaticGroupCount.expand(base.with("k", "3"), Params.of("k", "3"));
        assertEquals(1, single.size());
        assertEquals(base.with("k", "3").asMap(), single.getFirst().asMap());
        assertThrows(ConfigException.class, () -> StaticGroupCount.expand(base, Params.of("k", "1,x")));
        assertThrows(ConfigException.class, () -> StaticGroupCount.expand(base, Params.of("k", ",")));
    }
}
