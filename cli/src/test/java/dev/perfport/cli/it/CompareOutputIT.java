package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code perfport compare} over every available backend, in each output format. */
class CompareOutputIT {
    static final String[] SMALL = {"--param", "n=10007", "--param", "reps=1"};

    static String[] args(String... extra) {
        String[] a = new String[2 + SMALL.length + extra.length];
        a[0] = "compare";
        a[1] = "reduction";
        System.arraycopy(SMALL, 0, a, 2, SMALL.length);
        System.arraycopy(extra, 0, a, 2 + SMALL.length, extra.length);
        return a;
    }

    /** Every device of every available backend, as backend ids. */
    static Set<String> availableBackends() {
        Set<String> s = new TreeSet<>();
        for (BackendRegistry.Entry e : Dist.registry().entries()) if (e.available()) s.add(e.id());
        assertTrue(s.contains("cell-emulation"), "cell-emulation must always be available: " + Dist.registry().entries());
        return s;
    }

    /** Devices a comparison over every backend runs on: all but the explicit-only ones (Aparapi's thread pool). */
    static int deviceCount() {
        int n = 0;
        for (BackendRegistry.Entry e : Dist.registry().entries()) {
            if (e.available()) n += (int) e.backend().devices().stream().filter(d -> !d.explicitOnly()).count();
        }
        return n;
    }

    /** Devices {@code perfport devices} lists: every one, the explicit-only ones included. */
    static int listedDeviceCount() {
        int n = 0;
        for (BackendRegistry.Entry e : Dist.registry().entries()) if (e.available()) n += e.backend().devices().size();
        return n;
    }

    @Test
    void jsonIsOneArrayOfRowsWithEveryFieldTyped() {
        Run r = Run.of(args("--format", "json"));
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(deviceCount() * 4 * 2, rows.size(), r.describe());
        Set<String> backends = new TreeSet<>();
        for (Map<String, Object> row : rows) {
            assertInstanceOf(String.class, row.get("backend"));
            assertInstanceOf(String.class, row.get("device"));
            assertInstanceOf(String.class, row.get("selector"));
            assertEquals("reduction", row.get("workload"));
            assertInstanceOf(String.class, row.get("variant"));
            Map<?, ?> params = assertInstanceOf(Map.class, row.get("params"));
            assertEquals(10007L, params.get("n"));
            assertEquals(1L, params.get("reps"));
            assertTrue(Set.of("int", "float").contains(params.get("type")), "type: " + params);
            assertEquals(Boolean.TRUE, row.get("verified"), "row: " + row);
            assertTrue(row.containsKey("error"));
            assertNull(row.get("error"));
            long wall = assertInstanceOf(Long.class, row.get("wallNanos"));
            assertTrue(wall > 0, "wallNanos " + wall);
            assertTrue(row.containsKey("modelledNanos"));
            Object modelled = row.get("modelledNanos");
            assertTrue(modelled == null || modelled instanceof Long m && m > 0, "modelledNanos " + modelled);
            Map<?, ?> metrics = assertInstanceOf(Map.class, row.get("metrics"));
            assertTrue(metrics.get("GB/s") instanceof Double d && d > 0, "metrics " + metrics);
            Map<?, ?> counters = assertInstanceOf(Map.class, row.get("counters"));
            counters.values().forEach(v -> assertInstanceOf(Long.class, v));
            Map<?, ?> profile = assertInstanceOf(Map.class, row.get("profile"));
            for (String k : List.of("compileNanos", "transferNanos", "kernelNanos", "bytesToDevice", "bytesToHost", "launches")) {
                assertInstanceOf(Long.class, profile.get(k), k + " in " + profile);
            }
            assertTrue((Long) profile.get("launches") >= 1, "profile " + profile);
            assertTrue((Long) profile.get("bytesToDevice") >= 10007L * 4, "the input was copied: " + profile);
            assertTrue(profile.containsKey("modelledNanos"));
            backends.add((String) row.get("backend"));
        }
        assertEquals(availableBackends(), backends, "one row set per available backend");
    }

    @Test
    void csvHasAHeaderAndOneLinePerRow() {
        Run r = Run.of(args("--format", "csv", "--variant", "two-kernel"));
        Dist.assertExit(0, r);
        List<String> lines = r.out().lines().toList();
        String header = lines.getFirst();
        for (String col : List.of("backend", "device", "workload", "variant", "params.n", "params.type", "verified", "error",
                "wallNanos", "modelledNanos", "metrics.GB/s", "profile.kernelNanos")) {
            assertTrue(List.of(header.split(",")).contains(col), col + " in " + header);
        }
        assertEquals(1 + deviceCount() * 2, lines.size(), r.describe());
        int verified = List.of(header.split(",")).indexOf("verified");
        for (String line : lines.subList(1, lines.size())) {
            assertTrue(line.contains(",two-kernel,"), line);
            if (!line.contains("\"")) assertEquals("true", line.split(",", -1)[verified], line);
        }
    }

    @Test
    void tableShowsEveryRowVerifiedAndASummary() {
        Run r = Run.of(args());
        Dist.assertExit(0, r);
        for (String backend : availableBackends()) assertTrue(r.out().contains(backend), backend + " in\n" + r.out());
        assertTrue(r.out().contains("every row: n=10007"), r.out());
        assertTrue(r.out().contains("VERIFIED") && r.out().contains("GB/s"), r.out());
        int rows = deviceCount() * 8;
        assertTrue(r.out().contains(rows + " rows: " + rows + " verified, 0 failed"), r.out());
        assertTrue(r.err().contains("[" + rows + "/" + rows + "]"), "progress on stderr: " + r.err());
    }

    /** recommend keeps stdout machine-readable when asked, as its help says (it printed its table line before). */
    @Test
    void recommendPrintsJsonAndCsvWhenAsked() {
        String[] base = {"recommend", "transfers", "convolution", "--backend", "cell-emulation", "--param", "width=256", "--param", "height=256"};
        Run json = Run.of(concat(base, "--format", "json"));
        Dist.assertExit(0, json);
        List<Map<String, Object>> recs = Dist.jsonRows(json);
        assertEquals(1, recs.size(), json.describe());
        Map<String, Object> r = recs.getFirst();
        assertEquals("cell-emulation:0", r.get("selector"));
        Map<?, ?> ms = assertInstanceOf(Map.class, r.get("predictedMs"));
        assertEquals(Set.of("explicit", "mapped", "streams", "hybrid"), Set.copyOf(ms.keySet().stream().map(String::valueOf).toList()));
        double least = ms.values().stream().mapToDouble(v -> ((Number) v).doubleValue()).min().orElseThrow();
        assertEquals(least, ((Number) ms.get(r.get("best"))).doubleValue(), "best is the least predicted time: " + r);
        Run csv = Run.of(concat(base, "--format", "csv"));
        Dist.assertExit(0, csv);
        List<String> lines = csv.out().lines().toList();
        assertEquals(2, lines.size(), csv.describe());
        assertTrue(lines.getFirst().startsWith("selector,device,best,") && lines.getFirst().contains("predictedMs.mapped"), lines.getFirst());
    }

    private static String[] concat(String[] a, String... b) {
        String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void runUsesTheConfiguredBackendAndEveryVariant() {
        Run r = Run.of("--config", "perfport.backend=cell-emulation", "run", "reduction", "--param", "n=4099",
                "--param", "reps=1", "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(List.of("local-atomic", "static-local", "two-kernel", "tuned"), rows.stream().map(m -> m.get("variant")).toList());
        rows.forEach(m -> assertEquals("cell-emulation", m.get("backend")));
        rows.forEach(m -> assertEquals("int", ((Map<?, ?>) m.get("params")).get("type")));
    }

    /** --warmup: the row is the run after the untimed ones, verified, and says how many there were. */
    @Test
    void warmupRowsSayHowManyRunsWarmedThemUp() {
        Run r = Run.of("compare", "saxpy", "--backend", "cell-emulation", "--warmup", "2", "--param", "n=4099", "--param", "reps=1",
                "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(1, rows.size(), r.describe());
        assertEquals(true, rows.getFirst().get("verified"), r.describe());
        assertEquals("2", String.valueOf(((Map<?, ?>) rows.getFirst().get("params")).get("warmup")), r.describe());
    }

    @Test
    void devicesDescribeEveryMemoryLevelAndFeature() {
        Run r = Run.of("devices", "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> devices = Dist.jsonRows(r);
        assertEquals(listedDeviceCount(), devices.size(), r.describe());
        for (Map<String, Object> d : devices) {
            assertTrue(((String) d.get("selector")).matches("[a-z0-9.-]+:\\d+"), "selector " + d.get("selector"));
            assertTrue((Long) d.get("computeUnits") >= 1);
            assertTrue((Long) d.get("maxWorkGroupSize") >= 1);
            Map<?, ?> mem = assertInstanceOf(Map.class, d.get("memory"));
            assertEquals(List.of("global", "constant", "static-local", "local", "private"), List.copyOf(mem.keySet()));
            for (Object level : mem.values()) {
                Map<?, ?> l = assertInstanceOf(Map.class, level);
                assertTrue(Set.of("native", "emulated", "unsupported").contains(l.get("support")), "support " + l);
                assertInstanceOf(Boolean.class, l.get("hostVisible"));
                assertInstanceOf(Long.class, l.get("capacityBytes"));
            }
            Map<?, ?> features = assertInstanceOf(Map.class, d.get("features"));
            assertTrue(features.containsKey("static-work-groups"), "features " + features);
        }
        Run table = Run.of("devices", "--backend", "cell-emulation");
        Dist.assertExit(0, table);
        assertTrue(table.out().startsWith("cell-emulation:0  "), table.out());
        assertTrue(table.out().contains("static-local") && table.out().contains("compute units"), table.out());
    }
}
