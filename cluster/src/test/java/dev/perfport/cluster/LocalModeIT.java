package dev.perfport.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Spark in local mode ({@code local[2]}: two task slots in this JVM) against the real
 * distribution of cli/target/perfport: the cluster run's output and tuning cache equal a local
 * run's.
 */
class LocalModeIT {

    /** A small VaR tuning problem on the emulator: 16 grid points, whose modelled time is deterministic. */
    static final List<String> GRID = List.of("--param", "posbs=16,256", "--param", "simbs=1,4", "--param", "vwidth=1,4",
            "--param", "wgsize=4", "--param", "ngroup=1,6", "--param", "npos=2048", "--param", "reps=1");

    /**
     * The comparison both cluster tests run: the paper's reduction variants, whose emulator rows
     * (modelled time, counters) are the same in every run. The tuned variant is left out: which
     * group is last to take its ticket, and so which SPE adds the partials, is a race, and the
     * modelled time follows the SPE that wins it (as the time would on a real device).
     */
    static final String[] COMPARE = {"compare", "reduction", "--backend", "cell-emulation", "--backend", "jocl",
            "--variant", "local-atomic", "--variant", "static-local", "--variant", "two-kernel",
            "--param", "n=65536", "--format", "json"};

    static String[] tune(Path cache, String strategy, String... extra) {
        List<String> a = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + cache, "tune", "var", "--backend", "cell-emulation",
                "--strategy", strategy, "--format", "json"));
        a.addAll(GRID);
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void exhaustiveAndHierarchicalTuningOnLocalModeEqualOneMachine(@TempDir Path dir) {
        for (String strategy : List.of("exhaustive", "hierarchical")) {
            Cmd local = Cmd.local(tune(dir.resolve(strategy + "-local.json"), strategy));
            assertEquals(0, local.code(), local.toString());
            Cmd cluster = Cmd.cluster(tune(dir.resolve(strategy + "-cluster.json"), strategy, "--cluster", "local[2]"));
            assertEquals(0, cluster.code(), cluster.toString());
            assertTrue(cluster.err().contains("1 executor (the driver), 2 cores"), cluster.err());
            assertTrue(cluster.err().contains(" measured) in "), cluster.err());
            Results.sameTuning(local.out(), cluster.out());
            // the same cache keys and values: a later local run would find every cluster result
            assertEquals(Results.cache(dir.resolve(strategy + "-local.json")), Results.cache(dir.resolve(strategy + "-cluster.json")));
        }
    }

    @Test
    void aClusterRunResumesFromTheCacheALocalRunFilled(@TempDir Path dir) {
        Path cache = dir.resolve("shared.json");
        Cmd local = Cmd.local(tune(cache, "exhaustive"));
        assertEquals(0, local.code(), local.toString());
        Cmd cluster = Cmd.cluster(tune(cache, "exhaustive", "--cluster", "local[2]"));
        assertEquals(0, cluster.code(), cluster.toString());
        var row = Results.json(cluster.out()).get(0);
        assertEquals(0, row.get("measured").asInt(), "nothing measured again: " + row);
        assertEquals(row.get("evaluations").asInt(), row.get("fromCache").asInt());
        assertEquals(Results.json(local.out()).get(0).get("best"), row.get("best"));
    }

    /**
     * --cluster runs what a local run runs: with config=tuned (and with config=auto) the executors take the pick of the
     * driver's tuning cache, which is not on their machines, and the rows show the same knobs and config=cache.
     */
    @Test
    void aClusterRunTakesTheDriversTunedConfigurationAsALocalRunDoes(@TempDir Path dir) {
        Path cache = dir.resolve("tuned.json");
        Cmd tune = Cmd.local("--config", "perfport.tune.cache=" + cache, "tune", "reduction", "--backend", "cell-emulation",
                "--strategy", "exhaustive", "--param", "vw=1,4", "--param", "ipt=1,4", "--param", "gpc=2,8", "--param", "wg=64",
                "--param", "n=2^14", "--param", "type=int", "--format", "json");
        assertEquals(0, tune.code(), tune.toString());
        for (String config : List.of("tuned", "auto")) {
            String[] args = {"--config", "perfport.tune.cache=" + cache, "--config", "perfport.tune.database=none", "compare", "reduction",
                    "--backend", "cell-emulation", "--variant", "tuned", "--param", "n=2^16", "--param", "type=int",
                    "--param", "config=" + config, "--format", "json"};
            Cmd local = Cmd.local(args);
            assertEquals(0, local.code(), local.toString());
            List<String> withCluster = new ArrayList<>(List.of(args));
            withCluster.addAll(List.of("--cluster", "local[2]"));
            Cmd cluster = Cmd.cluster(withCluster.toArray(String[]::new));
            assertEquals(0, cluster.code(), cluster.toString());
            var l = Results.json(local.out()).get(0).get("params");
            var c = Results.json(cluster.out()).get(0).get("params");
            assertEquals("cache", l.get("config").asText(), local.out());
            for (String knob : List.of("config", "vw", "ipt", "gpc", "wg")) {
                assertEquals(l.get(knob), c.get(knob), "config=" + config + ": " + knob + " of the cluster row, as the local row's");
            }
        }
    }

    @Test
    void comparisonOnLocalModeHasTheRowsOfOneMachine() {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.perfport.conformance.OpenClPresence.missing().isEmpty(), () -> "skipped: " + dev.perfport.conformance.OpenClPresence.missing().orElse(""));
        String[] args = COMPARE;
        Cmd local = Cmd.local(args);
        List<String> withCluster = new ArrayList<>(List.of(args));
        withCluster.addAll(List.of("--cluster", "local[2]"));
        Cmd cluster = Cmd.cluster(withCluster.toArray(String[]::new));
        assertEquals(local.code(), cluster.code(), cluster.toString());
        Results.sameRows(local.out(), cluster.out());
        boolean pocl = false;
        for (var row : Results.json(cluster.out())) pocl |= row.get("backend").asText().equals("jocl") && row.get("verified").asBoolean();
        assertTrue(pocl, "verified rows through jocl on PoCL: " + cluster.out());
    }

    @Test
    void badInputIsOneLineWithExitCodeTwo() {
        Cmd run = Cmd.cluster("run", "reduction", "--cluster", "local[2]");
        assertEquals(2, run.code(), run.toString());
        assertEquals("perfport: --cluster applies to 'tune' and 'compare', not 'run'", run.err().strip());
        Cmd master = Cmd.cluster("compare", "reduction", "--cluster", "nowhere://x");
        assertEquals(2, master.code(), master.toString());
        assertTrue(master.err().strip().startsWith("perfport: cannot start Spark with master nowhere://x: Could not parse Master URL"),
                master.err());
        assertEquals(1, master.err().strip().lines().count(), master.err());
        Cmd speedup = Cmd.cluster("compare", "reduction", "--speedup", "--cluster", "local[2]");
        assertEquals(2, speedup.code(), speedup.toString());
        assertEquals("perfport: --speedup applies to 'tune' (it measures the same tuning on one executor), not 'compare'", speedup.err().strip());
        Cmd none = Cmd.cluster("compare", "reduction", "--cluster");
        assertEquals(2, none.code(), none.toString());
        assertEquals("perfport: option --cluster needs a value, e.g. --cluster spark://host:7077", none.err().strip());
    }
}
