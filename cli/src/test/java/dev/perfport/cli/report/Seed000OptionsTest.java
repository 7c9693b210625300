package dev.perfport.cli.report;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** The report's sweep sizes: defaults, overrides and errors that name the parameter and its limit. */
class Seed000OptionsTest {
    @Test
    void defaultsFollowTheThesisWhereAffordable() {
        Seed000Report.Options o = Seed000Report.Options.parse(Params.of());
        assertEquals(1 << 17, o.npos());
        assertEquals(13, o.posbs().size());
        assertTrue(o.tune());
        Seed000Report.Options p = Seed000Report.Options.parse(Params.of("npos", "2^12", "wgsizes", "16,32", "tune", "false"));
        assertEquals(4096, p.npos());
        assertEquals(List.of(16, 32), p.wgsizes());
        assertFalse(p.tune());
    }

    @Test
    void badValuesNameTheParameter() {
        ConfigException e = assertThrows(ConfigException.class, () -> Seed000Report.Options.parse(Params.of("reps", "0")));
        assertTrue(e.getMessage().contains("reps must be in [1, 100]"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> Seed000Report.Options.parse(Params.of("ngroups", "1,0")));
        assertTrue(e.getMessage().contains("ngroups values must be >= 1"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> Seed000Report.Options.parse(Params.of("size", "3")));
        assertTrue(e.getMessage().contains("unknown parameter 'size'") && e.getMessage().contains("gridnpos"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> Seed000Report.Options.parse(Params.of("tune", "maybe")));
        assertTrue(e.getMessage().contains("tune must be true or false"), e.getMessage());
    }
}
