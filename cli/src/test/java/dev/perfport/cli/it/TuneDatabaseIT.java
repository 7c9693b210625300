package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A user contributes a device: tune --export writes tuning-database entries; with that database and an empty
 * tuning cache, a plain run takes the exported configuration and says config=database; the cache, when it
 * has a pick, comes first; a bad database setting is one line.
 */
class TuneDatabaseIT {

    @Test
    void anExportedConfigurationIsWhatAPlainRunTakesWithAnEmptyCache(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("tune.json"), db = dir.resolve("db.json"), empty = dir.resolve("empty.json");
        Run tune = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "tune", "gemm", "--backend", "cell-emulation",
                "--strategy", "random", "--budget", "3", "--param", "m=40", "--param", "n=24", "--param", "k=33", "--param", "reps=1",
                "--export", db.toString());
        Dist.assertExit(0, tune);
        Map<?, ?> best = (Map<?, ?>) ((Map<?, ?>) ((List<?>) MiniJson.parse(tune.out())).getFirst()).get("best");
        String text = Files.readString(db);
        assertTrue(text.contains("\"format\" : \"perfport-tuning-database/1\"") && text.contains("\"workload\" : \"gemm\"")
                && text.contains("perfport tune --strategy random --budget 3"), text);
        assertTrue(!text.contains("\"reps\"") && !text.contains("\"seed\""), "how it was measured is no key of the case: " + text);
        assertTrue(tune.err().contains("exported 1 entry to " + db), tune.describe());

        Run run = Run.of("--config", "perfport.tune.cache=" + empty, "--config", "perfport.tune.database=" + db, "--format", "json",
                "run", "gemm", "--backend", "cell-emulation", "--variant", "indirect", "--param", "m=19", "--param", "n=23",
                "--param", "k=29", "--param", "reps=1");
        Map<?, ?> params = (Map<?, ?>) Dist.jsonRows(run).getFirst().get("params");
        assertEquals("database", params.get("config"), run::describe);
        best.forEach((k, v) -> assertEquals(String.valueOf(v), String.valueOf(params.get(k)), "parameter " + k));

        // the user's own cache comes first
        Run cached = Run.of("--config", "perfport.tune.cache=" + cache, "--config", "perfport.tune.database=" + db, "--format", "json",
                "run", "gemm", "--backend", "cell-emulation", "--variant", "indirect", "--param", "m=19", "--param", "reps=1");
        assertEquals("cache", ((Map<?, ?>) Dist.jsonRows(cached).getFirst().get("params")).get("config"), cached::describe);

        // none: the defaults, and the row says so
        Run none = Run.of("--config", "perfport.tune.cache=" + empty, "--config", "perfport.tune.database=none", "--format", "json",
                "run", "gemm", "--backend", "cell-emulation", "--variant", "indirect", "--param", "m=19", "--param", "reps=1");
        assertEquals("default", ((Map<?, ?>) Dist.jsonRows(none).getFirst().get("params")).get("config"), none::describe);
    }

    /** A workload that reads reps while it takes its pick (scan) still finds the database's with reps=auto. */
    @Test
    void repsAutoDoesNotHideThePick(@TempDir Path dir) throws Exception {
        Path db = emulatorEntry(dir, "scan", "\"variant\":\"single-pass\",\"type\":\"int\",\"n\":\"65536\"",
                "\"warp\":0,\"coalesce\":0,\"striped\":0,\"regs\":0,\"items\":8,\"wg\":64,\"gpc\":2", "Gelem/s");
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("none.json"), "--config", "perfport.tune.database=" + db,
                "--format", "json", "run", "scan", "--backend", "cell-emulation", "--variant", "single-pass", "--param", "n=2^16",
                "--param", "type=int", "--param", "reps=auto");
        Map<?, ?> params = (Map<?, ?>) Dist.jsonRows(r).getFirst().get("params");
        assertEquals("database", params.get("config"), r::describe);
        assertEquals("auto", params.get("reps"), r::describe);
        assertEquals(8L, params.get("items"), r::describe);
    }

    /** The reduction's groups is matched: a pick for the smallest launch (groups=1) serves groups=1 rows, not groups=0 ones. */
    @Test
    void aPickForOneGroupServesOneGroupOnly(@TempDir Path dir) throws Exception {
        Path db = emulatorEntry(dir, "reduction", "\"variant\":\"tuned\",\"type\":\"float\",\"groups\":\"1\",\"n\":\"1024\"",
                "\"vw\":1,\"ipt\":1,\"fanin\":2,\"gpc\":8,\"wg\":128", "GB/s");
        for (String groups : List.of("1", "0")) {
            Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("none.json"), "--config", "perfport.tune.database=" + db,
                    "--format", "json", "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned", "--param", "n=1024",
                    "--param", "type=float", "--param", "groups=" + groups, "--param", "reps=1");
            Map<?, ?> params = (Map<?, ?>) Dist.jsonRows(r).getFirst().get("params");
            assertEquals(groups.equals("1") ? "database" : "default", params.get("config"), r::describe);
            assertEquals(groups.equals("1") ? 128L : 256L, params.get("wg"), r::describe);
        }
    }

    /** A row's recorded source given back (config=database or cache) is looked up again: the row never names a source it did not use. */
    @Test
    void aRecordedSourceGivenBackIsLookedUpAgain(@TempDir Path dir) throws Exception {
        Path db = emulatorEntry(dir, "reduction", "\"variant\":\"tuned\",\"type\":\"float\",\"groups\":\"1\",\"n\":\"1024\"",
                "\"vw\":1,\"ipt\":1,\"fanin\":2,\"gpc\":8,\"wg\":128", "GB/s");
        for (String[] c : new String[][]{{"database", "1", "database", "128"}, {"database", "0", "default", "256"}, {"cache", "1", "database", "128"}}) {
            Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("none.json"), "--config", "perfport.tune.database=" + db,
                    "--format", "json", "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned", "--param", "n=1024",
                    "--param", "type=float", "--param", "groups=" + c[1], "--param", "reps=1", "--param", "config=" + c[0]);
            Map<?, ?> params = (Map<?, ?>) Dist.jsonRows(r).getFirst().get("params");
            assertEquals(c[2], params.get("config"), r::describe);
            assertEquals(Long.parseLong(c[3]), params.get("wg"), r::describe);
        }
    }

    /** SpMV takes the pick tuned on the row's own matrix over a better-rated one of another; without one, any matrix's. */
    @Test
    void spmvPrefersTheRowsOwnMatrix(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("spmv.json");
        String entry = "{\"workload\":\"spmv\",\"backend\":\"cell-emulation\",\"device\":\"Cell/B.E. emulator (6 SPEs)\","
                + "\"fixed\":{\"variant\":\"csr-adaptive\",\"matrix\":\"%s\"},\"knobs\":{\"wg\":%d,\"block\":%d},"
                + "\"metric\":\"GFLOP/s\",\"value\":%s,\"date\":\"2026-11-30\",\"commit\":\"test\",\"source\":\"test\"}";
        Files.writeString(db, "{\"format\":\"perfport-tuning-database/1\",\"architectures\":{},\"entries\":["
                + entry.formatted("stencil2d:16x16", 64, 1024, "1.0") + "," + entry.formatted("powerlaw:2^8:4", 128, 512, "2.0") + "]}");
        for (String[] c : new String[][]{{"stencil2d:16x16", "64", "1024"}, {"powerlaw:2^8:4", "128", "512"}, {"stencil2d:8x8", "128", "512"}}) {
            Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("none.json"), "--config", "perfport.tune.database=" + db,
                    "--format", "json", "run", "spmv", "--backend", "cell-emulation", "--variant", "csr-adaptive", "--param", "matrix=" + c[0],
                    "--param", "reps=1");
            Map<?, ?> params = (Map<?, ?>) Dist.jsonRows(r).getFirst().get("params");
            assertEquals("database", params.get("config"), r::describe);
            assertEquals(Long.parseLong(c[1]), params.get("wg"), () -> c[0] + ": " + r.describe());
            assertEquals(Long.parseLong(c[2]), params.get("block"), () -> c[0] + ": " + r.describe());
        }
    }

    /** {@return a database file in {@code dir} of one entry of the emulator's: {@code fixed} and {@code knobs} are JSON members} */
    private static Path emulatorEntry(Path dir, String workload, String fixed, String knobs, String metric) throws Exception {
        Path db = dir.resolve(workload + ".json");
        Files.writeString(db, "{\"format\":\"perfport-tuning-database/1\",\"architectures\":{},\"entries\":[{\"workload\":\"" + workload
                + "\",\"backend\":\"cell-emulation\",\"device\":\"Cell/B.E. emulator (6 SPEs)\",\"fixed\":{" + fixed + "},\"knobs\":{"
                + knobs + "},\"metric\":\"" + metric + "\",\"value\":1.0,\"date\":\"2026-11-28\",\"commit\":\"test\",\"source\":\"test\"}]}");
        return db;
    }

    @Test
    void anUnreadableDatabaseIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"format\":\"something else\"}");
        Run r = Run.of("--config", "perfport.tune.database=" + bad, "run", "gemm", "--backend", "cell-emulation", "--param", "m=8");
        assertEquals(2, r.code(), r.describe());
        assertEquals(1, r.err().strip().lines().count(), r.describe());
        assertTrue(r.err().contains("perfport.tune.database=" + bad) && r.err().contains("format 'something else'"), r.describe());
    }
}
