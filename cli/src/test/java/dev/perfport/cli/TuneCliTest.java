package dev.perfport.cli;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Parsing of the tune and report commands and their options. */
class TuneCliTest {
    @Test
    void tuneTakesStrategyBudgetAndSeed() {
        Cli c = Cli.parse("tune", "var", "--strategy", "random", "--budget=12", "--seed", "7", "--param", "posbs=1,16", "--backend", "jocl");
        assertEquals("tune", c.command());
        assertEquals("var", c.workload());
        assertEquals(Map.of("strategy", "random", "budget", "12", "seed", "7"), c.options());
        assertEquals(java.util.List.of("posbs=1,16"), c.params());
    }

    @Test
    void reportTakesANameAndAnOutputFolder() {
        Cli c = Cli.parse("report", "seed-000", "--out", "/tmp/r", "--param", "reps=1");
        assertEquals("seed-000", c.positional().getFirst());
        assertEquals("/tmp/r", c.options().get("out"));
    }

    @Test
    void optionsOfOneCommandAreRefusedElsewhere() {
        UsageException e = assertThrows(UsageException.class, () -> Cli.parse("compare", "var", "--strategy", "random"));
        assertTrue(e.getMessage().contains("--strategy does not apply to 'compare'"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("tune", "var", "--out", "x"));
        assertTrue(e.getMessage().contains("--out does not apply to 'tune'"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("report", "seed-000", "--variant", "loadstore"));
        assertTrue(e.getMessage().contains("--variant does not apply to 'report'"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("tune", "var", "--strategy", "random", "--strategy", "exhaustive"));
        assertTrue(e.getMessage().contains("--strategy given twice"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("tune"));
        assertTrue(e.getMessage().contains("tune needs a workload"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("report"));
        assertTrue(e.getMessage().contains("report needs a report name"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("tune", "var", "extra"));
        assertTrue(e.getMessage().contains("unexpected argument 'extra'"), e.getMessage());
    }

    @Test
    void helpDescribesTuneAndReport() {
        Run r = Run.of("help", "tune");
        assertEquals(0, r.code());
        assertTrue(r.out().contains("--strategy hierarchical|exhaustive|random") && r.out().contains("perfport.tune.cache"), r.out());
        r = Run.of("help", "report");
        assertTrue(r.out().contains("seed-000") && r.out().contains("--out DIR"), r.out());
        assertTrue(Run.of("help").out().contains("tune <workload>"));
    }
}
