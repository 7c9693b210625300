package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code perfport tune --devices a,b}: one tuning run whose batches several local sessions
 * evaluate together (the batched path a cluster's executors take). On the emulator, whose
 * modelled time is deterministic, two sessions find what one finds, with the same evaluations,
 * records and trace.
 */
class TuneDevicesIT {
    private static final String[] GRID = {"--param", "posbs=16,256", "--param", "simbs=1,4", "--param", "vwidth=1,4",
            "--param", "wgsize=4", "--param", "ngroup=1,6", "--param", "npos=2048", "--param", "reps=1"};

    private static String[] tune(Path cache, String strategy, String... devices) {
        List<String> a = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + cache, "tune", "var", "--strategy", strategy,
                "--format", "json"));
        a.addAll(List.of(devices));
        a.addAll(List.of(GRID));
        return a.toArray(String[]::new);
    }

    @Test
    void twoEmulatorSessionsTuneAsOneDoes(@TempDir Path dir) {
        for (String strategy : List.of("exhaustive", "hierarchical")) {
            Run one = Run.of(tune(dir.resolve(strategy + "-one.json"), strategy, "--backend", "cell-emulation:0"));
            Dist.assertExit(0, one);
            Run two = Run.of(tune(dir.resolve(strategy + "-two.json"), strategy, "--devices", "cell-emulation:0,cell-emulation:0"));
            Dist.assertExit(0, two);
            List<Map<String, Object>> a = Dist.jsonRows(one), b = Dist.jsonRows(two);
            assertEquals(1, b.size(), two.toString());
            assertEquals("cell-emulation:0,cell-emulation:0", b.getFirst().get("selector"));
            assertEquals(withoutSelector(a.getFirst()), withoutSelector(b.getFirst()), strategy);
        }
    }

    private static Map<String, Object> withoutSelector(Map<String, Object> row) {
        Map<String, Object> m = new LinkedHashMap<>(row);
        m.remove("selector");
        m.remove("wallSeconds");   // how long each took, not what it found
        return m;
    }

    @Test
    void devicesThatDifferAreRefused(@TempDir Path dir) {
        Assumptions.assumeTrue(VarIT.available().contains("jocl"), "jocl is not available here (no OpenCL platform)");
        Run r = Run.of(tune(dir.resolve("c.json"), "exhaustive", "--devices", "cell-emulation:0,jocl:0"));
        Dist.assertExit(2, r);
        assertTrue(r.err().strip().startsWith("perfport: --devices cell-emulation:0 (Cell/B.E. emulator") && r.err().contains("are different devices"),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }

    @Test
    void devicesAndBackendTogetherAreRefused(@TempDir Path dir) {
        Run r = Run.of(tune(dir.resolve("c.json"), "exhaustive", "--devices", "cell-emulation:0,cell-emulation:0", "--backend", "cell-emulation"));
        Dist.assertExit(2, r);
        assertEquals("perfport: give --devices (one tuning run on several identical devices) or --backend, not both", r.err().strip());
        Run empty = Run.of(tune(dir.resolve("c.json"), "exhaustive", "--devices", "cell-emulation:0,"));
        Dist.assertExit(2, empty);
        assertTrue(empty.err().contains("--devices has an empty selector"), empty.err());
    }
}
