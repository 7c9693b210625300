package dev.perfport.cli;

import dev.perfport.cli.format.Format;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {

    @Test
    void parsesCompareWithRepeatedOptionsInBothSpellings() {
        Cli c = Cli.parse("--format=json", "compare", "reduction", "--backend", "jocl:gpu", "-b", "cell-emulation",
                "--param", "n=2^20", "-p", "type=int", "--variant=two-kernel", "--config", "perfport.x=1");
        assertEquals("compare", c.command());
        assertEquals("reduction", c.workload());
        assertEquals(Format.JSON, c.format());
        assertEquals(List.of("jocl:gpu", "cell-emulation"), c.backends());
        assertEquals(List.of("n=2^20", "type=int"), c.params());
        assertEquals(List.of("two-kernel"), c.variants());
        assertEquals(List.of("perfport.x=1"), c.config());
        assertFalse(c.help());
    }

    @Test
    void aRepeatedParamIsAnErrorNamingIt() {
        UsageException e = assertThrows(UsageException.class,
                () -> Cli.parse("run", "reduction", "--param", "n=1024", "-p", "type=int", "--param=n=2048"));
        assertTrue(e.getMessage().contains("--param n given twice") && e.getMessage().contains("'n=1024'")
                && e.getMessage().contains("'n=2048'"), e.getMessage());
        // one parameter with a list of values is one --param
        assertEquals(List.of("posbs=1,16,256"), Cli.parse("tune", "var", "--param", "posbs=1,16,256").params());
    }

    @Test
    void verboseIsAGlobalFlag() {
        assertTrue(Cli.parse("--verbose", "backends").verbose());
        assertTrue(Cli.parse("backends", "-v").verbose());
        assertFalse(Cli.parse("backends").verbose());
    }

    @Test
    void tableIsTheDefaultFormat() {
        assertEquals(Format.TABLE, Cli.parse("backends").format());
        assertEquals(Format.CSV, Cli.parse("backends", "--format", "CSV").format());
    }

    @Test
    void helpNeedsNoCommand() {
        Cli c = Cli.parse("--help");
        assertTrue(c.help());
        assertNull(c.command());
        assertTrue(Cli.parse("run", "-h").help());
    }

    @Test
    void rejectsWhatItDoesNotKnowNamingWhatExists() {
        UsageException e = assertThrows(UsageException.class, () -> Cli.parse("benchmark"));
        assertTrue(e.getMessage().contains("compare") && e.getMessage().contains("backends"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "--threads", "4"));
        assertTrue(e.getMessage().contains("--threads") && e.getMessage().contains("--param"), e.getMessage());
        e = assertThrows(UsageException.class, () -> Cli.parse("backends", "--format", "xml"));
        assertTrue(e.getMessage().contains("table, json, csv"), e.getMessage());
    }

    @Test
    void rejectsMissingValuesAndMalformedPairs() {
        assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "--param"));
        UsageException e = assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "--param", "n"));
        assertTrue(e.getMessage().contains("name=value"), e.getMessage());
        assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "--config", "=x"));
        assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "--backend", ""));
    }

    @Test
    void optionsMustApplyToTheCommand() {
        UsageException e = assertThrows(UsageException.class, () -> Cli.parse("backends", "--param", "n=1"));
        assertTrue(e.getMessage().contains("does not apply to 'backends'"), e.getMessage());
        assertThrows(UsageException.class, () -> Cli.parse("devices", "--variant", "two-kernel"));
        assertThrows(UsageException.class, () -> Cli.parse("workloads", "extra"));
    }

    @Test
    void runAndCompareNeedOneWorkload() {
        UsageException e = assertThrows(UsageException.class, () -> Cli.parse("compare"));
        assertTrue(e.getMessage().contains("needs a workload"), e.getMessage());
        assertThrows(UsageException.class, () -> Cli.parse("run", "reduction", "other"));
    }

    @Test
    void runTakesOneBackendCompareSeveral() {
        UsageException e = assertThrows(UsageException.class,
                () -> Cli.parse("run", "reduction", "--backend", "jocl", "--backend", "cell-emulation"));
        assertTrue(e.getMessage().contains("compare"), e.getMessage());
        assertEquals(2, Cli.parse("compare", "reduction", "--backend", "jocl", "--backend", "cell-emulation").backends().size());
    }

    @Test
    void formatGivenTwiceIsAnError() {
        assertThrows(UsageException.class, () -> Cli.parse("backends", "--format", "json", "--format", "csv"));
    }

    @Test
    void helpTopicMustBeACommand() {
        assertEquals(List.of("run"), Cli.parse("help", "run").positional());
        assertThrows(UsageException.class, () -> Cli.parse("help", "nonsense"));
    }
}
