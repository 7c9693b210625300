package dev.perfport.cli;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The picocli command line: generated help of every command, exit codes, and errors as one line. */
class CommandLineTest {

    /** Exit code 2, nothing on stdout, one line on stderr holding every fragment. */
    static void usageError(Run r, String... fragments) {
        assertEquals(2, r.code(), r.describe());
        assertEquals("", r.out(), r.describe());
        assertEquals(1, r.err().lines().count(), r.describe());
        assertTrue(r.err().startsWith("perfport: "), r.describe());
        for (String f : fragments) assertTrue(r.err().contains(f), "'" + f + "' in " + r.describe());
    }

    @Test
    void everyCommandHasGeneratedHelpListingItsOptions() {
        Map<String, List<String>> options = Map.of(
                "backends", List.of("--format", "--config", "--verbose", "--help"),
                "devices", List.of("--backend=SEL", "--format"),
                "workloads", List.of("--format"),
                "run", List.of("<workload>", "--backend=SEL", "--variant=V", "--param=k=v", "--progress=auto|bar|plain"),
                "compare", List.of("<workload>", "--backend=SEL", "--variant=V", "--param=k=v", "--progress=auto|bar|plain", "--cluster MASTER"),
                "tune", List.of("<workload>", "--strategy=hierarchical|exhaustive|random|genetic", "--budget=N", "--seed=N", "--progress",
                        "--cluster MASTER"),
                "report", List.of("<name>", "--out=DIR", "--from=DIR[,DIR...]", "--param=k=v"),
                "bench", List.of("<target>", "--param=k=v"),
                "recommend", List.of("<what>", "<workload>", "--backend=SEL", "--param=k=v"),
                "help", List.of("<command>"));
        assertEquals(options.keySet(), Set.copyOf(Cli.COMMANDS));
        for (String command : Cli.COMMANDS) {
            // picocli's own warnings (a description it could not format) go to System.err, not to the command's streams
            PrintStream stderr = System.err;
            ByteArrayOutputStream warnings = new ByteArrayOutputStream();
            Run help;
            try {
                System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
                help = Run.of("help", command);
            } finally {
                System.setErr(stderr);
            }
            assertFalse(warnings.toString(StandardCharsets.UTF_8).contains("picocli WARN"), command + " help: " + warnings);
            assertEquals(0, help.code(), help.describe());
            assertEquals("", help.err());
            assertTrue(help.out().startsWith("Usage: perfport " + command + " "), help.out());
            // a lone '%' in a description makes picocli print that text raw, "%n" and all ("%%" is a percent sign)
            assertFalse(help.out().contains("%n") || help.out().contains("%%"), command + " help was formatted:\n" + help.out());
            for (String o : options.get(command)) assertTrue(help.out().contains(o), command + " help names " + o + ":\n" + help.out());
            // the same text from --help and -h, after the command or before it
            assertEquals(help.out(), Run.of(command, "--help").out(), command);
            assertEquals(help.out(), Run.of(command, "-h").out(), command);
            assertEquals(help.out(), Run.of("--help", command).out(), command);
        }
        // the reports are listed from where they are kept
        for (String report : dev.perfport.cli.commands.ReportCommand.REPORTS) {
            assertTrue(Run.of("help", "report").out().contains(report), report);
        }
        // options of one command are not offered by another
        assertFalse(Run.of("help", "backends").out().contains("--param"));
        assertFalse(Run.of("help", "compare").out().contains("--strategy"));
    }

    @Test
    void helpNeedsNoRequiredArgumentAndOverridesErrors() {
        Run r = Run.of("tune", "--help");
        assertEquals(0, r.code(), r.describe());
        assertTrue(r.out().contains("Strategies: hierarchical"), r.out());
        assertEquals(0, Run.of("compare", "reduction", "--param", "n", "--help").code(), "help wins over a bad pair");
    }

    @Test
    void topLevelHelpListsEveryCommandAndTheExitCodes() {
        Run r = Run.of("--help");
        assertEquals(0, r.code(), r.describe());
        for (String c : Cli.COMMANDS) assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  " + c + " ")), c + " in:\n" + r.out());
        assertTrue(r.out().contains("Exit codes: 0") && r.out().contains("Selectors:"), r.out());
        assertEquals(r.out(), Run.of("help").out());
        Run none = Run.of();
        assertEquals(2, none.code());
        assertEquals(r.out(), none.err(), "no command: the same usage, on stderr");
    }

    @Test
    void usageErrorsAreOneLineWithExitCodeTwo() {
        usageError(Run.of("benchmark"), "unknown command 'benchmark'", "commands: backends, devices, workloads, run, compare");
        usageError(Run.of("compare", "reduction", "--speed", "fast"), "unknown option '--speed' for 'compare'", "--backend", "--param");
        usageError(Run.of("--speed", "backends"), "unknown option '--speed'", "--format");
        usageError(Run.of("--backend", "jocl", "compare", "reduction"), "option --backend goes after the command");
        usageError(Run.of("run", "var", "--strategy", "random"), "option --strategy does not apply to 'run'", "perfport help run");
        usageError(Run.of("backends", "--param", "n=1"), "option --param does not apply to 'backends'");
        usageError(Run.of("compare"), "compare needs a workload, e.g. 'perfport compare reduction'");
        usageError(Run.of("bench"), "bench needs a target, e.g. 'perfport bench emulator'");
        usageError(Run.of("workloads", "extra"), "unexpected argument 'extra' for 'workloads'");
        usageError(Run.of("tune", "var", "a", "b"), "unexpected arguments 'a b' for 'tune'");
        usageError(Run.of("run", "reduction", "--param"), "option --param needs a value");
        usageError(Run.of("tune", "var", "--speedup"), "--speedup applies to 'tune' with --cluster MASTER (docs/cluster.md)");
        usageError(Run.of("run", "reduction", "--param", "n"), "--param takes name=value, got 'n'");
        usageError(Run.of("backends", "--format", "yaml"), "unknown format 'yaml'; formats: table, json, csv");
        usageError(Run.of("--format", "json", "backends", "--format", "csv"), "--format given twice");
        usageError(Run.of("tune", "var", "--seed", "1", "--seed", "2"), "--seed given twice");
        usageError(Run.of("compare", "reduction", "--progress", "fancy"), "unknown progress 'fancy'", "auto, bar or plain");
        usageError(Run.of("help", "nonsense"), "no help for 'nonsense'", "commands: backends");
        usageError(Run.of("run", "reduction", "--backend", "jocl", "-b", "cell-emulation"), "run takes one --backend");
    }

    @Test
    void valuesKeepTheirSpellingAndGlobalOptionsGoAnywhere() {
        Cli c = Cli.parse("-c", "perfport.a=1", "compare", "reduction", "--param=n=2^20", "-ptype=int", "--config", "perfport.b=2",
                "-f", "csv", "--progress=plain", "-v");
        assertEquals(List.of("n=2^20", "type=int"), c.params());
        assertEquals(List.of("perfport.a=1", "perfport.b=2"), c.config(), "--config before and after the command add up");
        assertEquals("plain", c.options().get("progress"));
        assertTrue(c.verbose());
        // a negative number is a value, '@file' an ordinary argument (picocli would read it as a file of arguments)
        assertEquals("-5", Cli.parse("tune", "var", "--seed", "-5").options().get("seed"));
        assertEquals("@args", Cli.parse("run", "@args").workload());
        assertThrows(UsageException.class, () -> Cli.parse("run", (String) null));
    }

    @Test
    void progressModes() {
        assertEquals(ProgressMode.AUTO, ProgressMode.parse(null));
        assertEquals(ProgressMode.BAR, ProgressMode.parse("BAR"));
        assertTrue(ProgressMode.BAR.bar());
        assertFalse(ProgressMode.PLAIN.bar());
        UsageException e = assertThrows(UsageException.class, () -> ProgressMode.parse("none"));
        assertTrue(e.getMessage().contains("auto, bar or plain"), e.getMessage());
    }
}
