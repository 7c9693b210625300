package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The variants perfport adds beside the papers' (reduction {@code tuned}, scan {@code single-pass})
 * at an odd size, n = 1000003, on every backend that can run them: every row verified against the
 * host reference, with several settings of their knobs (vector width, loads in flight, groups per
 * compute unit; items per work-item, work-group size, persistent groups beyond the residency
 * query). A backend without the kernel (TornadoVM for single-pass), or without a schedule knob's
 * setting (Aparapi's single-pass has the default schedule only), must fail the row with the reason,
 * never run something else.
 */
class GpuVariantsIT {
    static final int N = 1000003;

    private static void requireAvailable(String backend) {
        BackendRegistry.Entry entry = Dist.entry(backend)
                .orElseThrow(() -> new AssertionError("backend " + backend + " is not in the distribution"));
        if (entry.available()) return;
        if (backend.equals("tornado") && !Dist.tornadoConfigured()) {
            System.out.println("SKIPPED tornado: TORNADOVM_HOME is not set (backend says: " + entry.reason() + ")");
            Assumptions.abort("TornadoVM is not configured");
        }
        Optional<String> noCl = Dist.noOpenClPlatform();
        if ((backend.equals("jocl") || backend.equals("aparapi")) && noCl.isPresent()) {
            System.out.println("SKIPPED " + backend + ": " + noCl.get() + " (backend says: " + entry.reason() + ")");
            Assumptions.abort(noCl.get());
        }
        fail("backend " + backend + " is unavailable: " + entry.reason());
    }

    private static List<Map<String, Object>> compare(String backend, String workload, String variant, String... params) {
        List<String> args = new ArrayList<>(List.of("compare", workload, "--backend", backend, "--variant", variant,
                "--param", "n=" + N, "--param", "reps=2", "--format", "json"));
        for (String p : params) {
            args.add("--param");
            args.add(p);
        }
        Run r = Run.of(args.toArray(String[]::new));
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertTrue(!rows.isEmpty(), r.describe());
        return rows;
    }

    private static void allVerified(List<Map<String, Object>> rows, String backend) {
        for (Map<String, Object> row : rows) {
            String what = row.get("variant") + " " + row.get("params") + " on " + row.get("device");
            assertEquals(backend, row.get("backend"), what);
            assertEquals(Boolean.TRUE, row.get("verified"), what + ": " + row.get("error"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi"})
    void tunedReductionVerifiesAtAnOddSizeForEveryKnobSetting(String backend) {
        requireAvailable(backend);
        for (String[] knobs : List.of(new String[]{"vw=4", "ipt=4", "gpc=2"}, new String[]{"vw=1", "ipt=3", "gpc=3"},
                new String[]{"vw=8", "ipt=1", "gpc=1", "wg=64"}, new String[]{"vw=2", "ipt=16", "gpc=5", "wg=32"})) {
            List<Map<String, Object>> rows = compare(backend, "reduction", "tuned", knobs);
            assertTrue(rows.size() >= 2 && rows.size() % 2 == 0, "int and float rows per device: " + rows);
            allVerified(rows, backend);
            for (Map<String, Object> row : rows) {
                @SuppressWarnings("unchecked")
                Map<String, Object> counters = (Map<String, Object>) row.get("counters");
                if (counters.containsKey("globalAtomics")) {
                    assertEquals(counters.get("workGroups"), counters.get("globalAtomics"), "one ticket per group: " + counters);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi"})
    void singlePassScanVerifiesAtAnOddSizeForEveryTypeOperatorAndGroupCount(String backend) {
        requireAvailable(backend);
        allVerified(compare(backend, "scan", "single-pass"), backend);   // int, float x add, max; k = residency
        if (backend.equals("aparapi")) {
            // Aparapi's kernel (int-pair status words, a sequence lock): beyond the residency query, one tile per
            // group, and the largest tile in private memory
            allVerified(compare(backend, "scan", "single-pass", "type=int", "op=add", "wg=32", "items=4", "k=5000"), backend);
            allVerified(compare(backend, "scan", "single-pass", "type=float", "op=max", "wg=128", "items=64", "k=3"), backend);
            // the coalesced tile, element by element through local memory (items 64: the H100's fastest Aparapi tile)
            allVerified(compare(backend, "scan", "single-pass", "striped=1", "type=int", "wg=64", "items=64", "k=40"), backend);
        }
        if (backend.equals("jocl")) {
            // more persistent groups than the residency query allows, tiny groups, one tile per group
            allVerified(compare(backend, "scan", "single-pass", "type=int", "op=add", "wg=32", "items=4", "k=5000"), backend);
            allVerified(compare(backend, "scan", "single-pass", "type=float", "op=add", "wg=128", "items=64", "k=3"), backend);
            // The schedule knobs below each run both operators in one type, the types alternating: every
            // variant is a cold PoCL build on a fresh machine (30-45 s for four), and CI has 30 minutes.
            // coalesced tiles through local memory
            allVerified(compare(backend, "scan", "single-pass", "striped=1", "type=float", "wg=64", "items=16", "k=40"), backend);
            // the schedule knobs of session 2: raking tile scan, look-back by one work-item, both
            allVerified(compare(backend, "scan", "single-pass", "rake=1", "type=int", "wg=64", "items=8", "k=40"), backend);
            allVerified(compare(backend, "scan", "single-pass", "lookback=1", "type=float", "wg=32", "items=4", "k=300"), backend);
            allVerified(compare(backend, "scan", "single-pass", "lookback=1", "rake=1", "op=max", "wg=128", "k=7"), backend);
            // session 3: the warp schedule (CUB's) with its shuffles and ballots emulated in local memory:
            // persistent groups beyond residency, one tile per group, the widest group
            allVerified(compare(backend, "scan", "single-pass", "warp=1", "type=int", "wg=64", "items=4", "k=300"), backend);
            allVerified(compare(backend, "scan", "single-pass", "warp=1", "type=float", "wg=32", "items=8", "k=5000"), backend);
            allVerified(compare(backend, "scan", "single-pass", "warp=1", "type=int", "wg=1024", "items=16", "k=3"), backend);
            // 2026-11-27: the next tile's ticket and elements taken one tile ahead (prefetch=2; 1 differs only in
            // where the tile is loaded); k beyond residency, so groups hold a ticket ahead while others wait on them
            allVerified(compare(backend, "scan", "single-pass", "prefetch=2", "type=float", "wg=32", "items=4", "k=5000"), backend);
            // fourth stop of 2026-11-27: coalesced warp tiles (lane L holds elements 128q + 4L..+3 of its warp's chunk), on the
            // emulated warp primitives; one case ends mid-vector and mid-warp (n = 1000003), k beyond residency
            allVerified(compare(backend, "scan", "single-pass", "warp=1", "coalesce=1", "type=int", "wg=64", "items=8", "k=300"), backend);
            allVerified(compare(backend, "scan", "single-pass", "warp=1", "coalesce=1", "type=float", "wg=32", "items=4", "k=5000"), backend);
        }
    }

    /**
     * {@code tune scan} over the single-pass schedule on real OpenCL: warp 0 or 1 by coalesce 0 or 1 by striped 0 or 1, where
     * coalesce=1 with warp=0 and striped=1 with warp=1 break the space's constraints and are never looked at, and the other four
     * run and verify (tuned by measured Gelem/s).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jocl"})
    void singlePassTunesOverItsSchedule(String backend, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        requireAvailable(backend);
        Run r = tuneSinglePassSchedule(dir, backend, 100003, "coalesce=0,1");
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals(4L, ((Number) row.get("evaluations")).longValue(), r::describe);
        List<Map<String, Object>> records = records(row);
        long ok = records.stream().filter(x -> "ok".equals(x.get("status"))).count();
        assertEquals(4, ok, "four schedules verified: " + records);
        // the four points the constraints refuse (coalesce=1 needs warp=1 or 2, striped=1 needs warp=0) are never looked at
        assertEquals(4, records.size(), "only the valid points: " + records);
        assertEquals(0L, ((Number) ((Map<?, ?>) row.get("refusals")).get("constraint")).longValue(), String.valueOf(row.get("refusals")));
        assertTrue(String.valueOf(((List<?>) row.get("trace")).getFirst()).contains("8 grid points, 4 satisfy the space's constraints"),
                String.valueOf(row.get("trace")));
        // run takes the cached best for this device and type (at another n) and says so; config=default does not
        Map<?, ?> best = (Map<?, ?>) row.get("best");
        Run run = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "--format", "json", "run", "scan", "--backend", backend,
                "--variant", "single-pass", "--param", "n=5003", "--param", "type=int", "--param", "reps=1");
        Map<String, Object> tuned = Dist.jsonRows(run).getFirst();
        Map<?, ?> params = (Map<?, ?>) tuned.get("params");
        assertEquals("cache", params.get("config"), run::describe);
        best.forEach((k, v) -> assertEquals(String.valueOf(v), String.valueOf(params.get(k)), "parameter " + k));
        assertEquals(Boolean.TRUE, tuned.get("verified"), run::describe);
        run = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "--format", "json", "run", "scan", "--backend", backend,
                "--variant", "single-pass", "--param", "n=5003", "--param", "type=int", "--param", "reps=1", "--param", "config=default");
        assertEquals("default", ((Map<?, ?>) Dist.jsonRows(run).getFirst().get("params")).get("config"), run::describe);
    }

    /** {@code tune scan --strategy exhaustive} of the single-pass schedule (warp 0 or 1, striped 0 or 1, and {@code coalesce}) at n, exit 0. */
    private static Run tuneSinglePassSchedule(java.nio.file.Path dir, String backend, int n, String coalesce) {
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "--format", "json", "tune", "scan", "--backend", backend,
                "--strategy", "exhaustive", "--param", "n=" + n, "--param", "reps=1", "--param", "type=int", "--param", "gpc=2",
                "--param", "warp=0,1", "--param", coalesce, "--param", "striped=0,1", "--param", "regs=0", "--param", "items=8",
                "--param", "wg=64");
        Dist.assertExit(0, r);
        return r;
    }

    /** The records of one tuning row of {@code --format json}. */
    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> records(Map<String, Object> row) {
        return (List<Map<String, Object>>) row.get("records");
    }

    /**
     * {@code tune scan} on Aparapi measures the single-pass schedules its kernel expresses (striped 0 and 1) and records
     * the others as refused by the backend, with its reason, before building: they are not evaluations, so a budget is
     * not spent on them.
     */
    @Test
    void aparapiTunesTheSinglePassSchedulesItExpressesAndRefusesTheRest(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        requireAvailable("aparapi");
        Run r = tuneSinglePassSchedule(dir, "aparapi", 20003, "coalesce=0");
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals(2L, ((Number) row.get("evaluations")).longValue(), r::describe);
        // warp=1 striped=1 breaks a constraint and is never looked at; warp=1 striped=0 the route refuses
        assertEquals(1L, ((Number) row.get("rejected")).longValue(), r::describe);
        assertEquals(1L, ((Number) ((Map<?, ?>) row.get("refusals")).get("route-refused")).longValue(), r::describe);
        List<Map<String, Object>> records = records(row);
        assertEquals(2, records.stream().filter(x -> "ok".equals(x.get("status")) && String.valueOf(((Map<?, ?>) x.get("params")).get("warp")).equals("0")).count(),
                "striped 0 and 1 verified: " + records);
        Map<String, Object> warp1 = records.stream()
                .filter(x -> String.valueOf(((Map<?, ?>) x.get("params")).get("warp")).equals("1")
                        && String.valueOf(((Map<?, ?>) x.get("params")).get("striped")).equals("0"))
                .findFirst().orElseThrow();
        assertEquals("route-refused", warp1.get("status"), String.valueOf(warp1));
        assertTrue(String.valueOf(warp1.get("message")).contains("warp=1 is not expressed (Aparapi 3.0.2 has no warp shuffles or ballots)"),
                "the backend's reason: " + warp1);
    }

    /**
     * The tuned reduction takes what {@code tune reduction} picked for the device and type (tuned at another n; the
     * hierarchical strategy's pick, which may be within 3% of a faster point) while none of its knobs is given, and
     * says so (config=tuned); config=default, or a knob given (at its default's value too), keeps the row's own.
     * config=tuned given requires the pick: it never runs the defaults under that label.
     */
    @Test
    void tunedReductionRunsTheCachedBest(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String cache = "perfport.tune.cache=" + dir.resolve("tune.json");
        Run tune = Run.of("--config", cache, "--format", "json", "tune", "reduction", "--backend", "cell-emulation",
                "--param", "n=10007", "--param", "reps=1", "--param", "type=int",
                "--param", "vw=1,2,4,8", "--param", "ipt=1,2,4", "--param", "gpc=1", "--param", "wg=64");
        Dist.assertExit(0, tune);
        Map<?, ?> best = (Map<?, ?>) Dist.jsonRows(tune).getFirst().get("best");
        assertTrue(best.keySet().containsAll(List.of("vw", "ipt", "gpc", "wg")), tune::describe);
        Run run = Run.of("--config", cache, "--format", "json", "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned",
                "--param", "n=5003", "--param", "type=int", "--param", "reps=1");
        Map<String, Object> row = Dist.jsonRows(run).getFirst();
        Map<?, ?> params = (Map<?, ?>) row.get("params");
        assertEquals("cache", params.get("config"), run::describe);
        best.forEach((k, v) -> assertEquals(String.valueOf(v), String.valueOf(params.get(k)), "parameter " + k));
        assertEquals(Boolean.TRUE, row.get("verified"), run::describe);
        for (String own : List.of("config=default", "vw=8", "vw=4")) {
            run = Run.of("--config", cache, "--format", "json", "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned",
                    "--param", "n=5003", "--param", "type=int", "--param", "reps=1", "--param", own);
            Map<?, ?> p = (Map<?, ?>) Dist.jsonRows(run).getFirst().get("params");
            assertNotEquals("cache", p.get("config"), own + ": " + run.describe());
            assertEquals(256, ((Number) p.get("wg")).intValue(), own + " keeps the default wg: " + p);
        }
        // config=tuned requires the pick: given, it runs it; with a knob beside it, or an empty cache, it is one error line
        run = Run.of("--config", cache, "--format", "json", "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned",
                "--param", "n=5003", "--param", "type=int", "--param", "reps=1", "--param", "config=tuned");
        Map<?, ?> required = (Map<?, ?>) Dist.jsonRows(run).getFirst().get("params");
        best.forEach((k, v) -> assertEquals(String.valueOf(v), String.valueOf(required.get(k)), "config=tuned: parameter " + k));
        Run beside = Run.of("--config", cache, "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned",
                "--param", "n=5003", "--param", "config=tuned", "--param", "vw=8");
        assertEquals(2, beside.code(), beside.describe());
        assertTrue(beside.err().contains("config=tuned takes the tuned knobs from the tuning cache, so vw=8 cannot be given beside it"),
                beside.describe());
        Run besideDefault = Run.of("--config", cache, "run", "reduction", "--backend", "cell-emulation", "--variant", "tuned",
                "--param", "n=5003", "--param", "config=tuned", "--param", "wg=256");
        assertEquals(2, besideDefault.code(), besideDefault.describe());
        assertTrue(besideDefault.err().contains("so wg=256 cannot be given beside it"), besideDefault.describe());
        Run none = Run.of("--config", "perfport.tune.cache=" + dir.resolve("empty.json"), "run", "reduction", "--backend", "cell-emulation",
                "--variant", "tuned", "--param", "n=5003", "--param", "type=float", "--param", "config=tuned");
        assertEquals(2, none.code(), none.describe());
        assertTrue(none.err().contains("config=tuned, but the tuning cache holds no pick for reduction tuned, type float"), none.describe());
        Run bad = Run.of("run", "reduction", "--backend", "cell-emulation", "--variant", "tuned", "--param", "n=100", "--param", "config=best");
        assertEquals(2, bad.code(), bad.describe());
        assertTrue(bad.err().contains("config must be auto, default or tuned, got 'best'"), bad.describe());
    }

    /** warp=2 is NVIDIA PTX: another OpenCL compiler refuses it with the reason instead of running something else. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jocl"})
    void singlePassWarpPtxIsRefusedByAnotherVendorsOpenCl(String backend) {
        requireAvailable(backend);
        Run r = Run.of("compare", "scan", "--backend", backend, "--variant", "single-pass", "--param", "n=" + N,
                "--param", "reps=1", "--param", "type=int", "--param", "op=add", "--param", "warp=2", "--format", "json");
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertTrue(!rows.isEmpty(), r.describe());
        for (Map<String, Object> row : rows) {
            String device = String.valueOf(row.get("device"));
            Assumptions.assumeFalse(device.contains("NVIDIA"), "an NVIDIA device runs warp=2: " + device);
            assertEquals(Boolean.FALSE, row.get("verified"), String.valueOf(row));
            assertTrue(String.valueOf(row.get("error")).contains("warp=2 needs NVIDIA"), "the reason names warp=2: " + row.get("error"));
        }
    }

    /**
     * launches=N: N launches queued back to back, one read-back; every route runs them all (jocl without waiting for each).
     * TornadoVM copies nothing around each launch: its tasks write the partials before reading them and never touch the
     * ticket, so only the 4-byte result comes back per repetition (it was 532 bytes each way per launch).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi", "tornado"})
    void queuedLaunchesOfTheTunedReductionVerifyAndReportTimePerLaunch(String backend) {
        requireAvailable(backend);
        List<Map<String, Object>> rows = new ArrayList<>(compare(backend, "reduction", "tuned", "gpc=1", "launches=5"));
        rows.addAll(compare(backend, "reduction", "tuned", "groups=1", "launches=3"));   // the smallest launch
        allVerified(rows, backend);
        for (Map<String, Object> row : rows) {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) row.get("metrics");
            assertTrue(m.containsKey("wall us/launch") && m.containsKey("kernel us/launch"), String.valueOf(m));
            if (backend.equals("tornado")) {
                Map<?, ?> profile = (Map<?, ?>) row.get("profile");
                long launches = ((Number) profile.get("launches")).longValue(), back = ((Number) profile.get("bytesToHost")).longValue();
                assertTrue(launches > 10 && back < 1024, back + " bytes copied back over " + launches + " launches: " + profile);
            }
            if (backend.equals("jocl")) {   // jocl measures the host's own share: positive, and within the wall
                double host = ((Number) m.get("host us/launch")).doubleValue(), wall = ((Number) m.get("wall us/launch")).doubleValue();
                assertTrue(host > 0 && host <= wall, "host us/launch " + host + " within wall us/launch " + wall);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> counters = (Map<String, Object>) row.get("counters");
            boolean oneGroup = ((Map<?, ?>) row.get("params")).get("groups") instanceof Number g && g.intValue() == 1;
            if (backend.equals("tornado")) {   // a second task sums the partials: no ticket, no atomics
                assertEquals(0L, ((Number) counters.getOrDefault("globalAtomics", 0L)).longValue(), String.valueOf(counters));
            } else if (backend.equals("jocl") && oneGroup) {   // OpenCL C: a single group writes its sum at once, no ticket
                assertEquals(0L, ((Number) counters.get("globalAtomics")).longValue(), "no ticket for one group: " + counters);
            } else if (counters.containsKey("globalAtomics")) {
                assertEquals(counters.get("workGroups"), counters.get("globalAtomics"), "one ticket per group and launch: " + counters);
            }
        }
    }

    /**
     * readback=each: every launch is followed by its own 4-byte read, and every result is checked; the row counts each
     * launch (the first untimed one, the warm-up, the repetitions) and a read per launch.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi", "tornado"})
    void aReadBackAfterEachLaunchIsCountedAndChecked(String backend) {
        requireAvailable(backend);
        List<Map<String, Object>> rows = compare(backend, "reduction", "tuned", "gpc=1", "launches=4", "warmuplaunches=3", "readback=each");
        allVerified(rows, backend);
        for (Map<String, Object> row : rows) {
            Map<?, ?> params = (Map<?, ?>) row.get("params"), profile = (Map<?, ?>) row.get("profile");
            assertEquals("each", params.get("readback"), String.valueOf(params));
            // the warm-up repetition and 2 timed ones (the helper's reps), of 4 launches each, after the first untimed
            // launch and 3 warm-up launches
            assertEquals(1L + 3 + (1 + 2) * 4, ((Number) profile.get("launches")).longValue(), String.valueOf(profile));
            assertTrue(((Number) profile.get("bytesToHost")).longValue() >= 4L * (3 + (1 + 2) * 4), "a read per launch: " + profile);
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) row.get("metrics");
            assertTrue(((Number) m.get("wall us/launch")).doubleValue() > 0, String.valueOf(m));
        }
        if (backend.equals("cell-emulation")) {
            Run bad = Run.of("run", "reduction", "--backend", backend, "--variant", "tuned", "--param", "n=1000",
                    "--param", "launches=2", "--param", "readback=every");
            assertEquals(2, bad.code(), bad.describe());
            assertTrue(bad.err().contains("readback must be end or each, got 'every'"), bad.describe());
        }
    }

    /**
     * warmuplaunches=W: W untimed queued launches before the repetitions (so that the wall is warm host code's), counted
     * in the row's launches; 0 turns it off, a single launch per repetition has none and shows no such parameter.
     */
    @Test
    void warmUpLaunchesRunBeforeTheTimedOnesAndAreCounted() {
        for (String warmup : List.of("0", "6")) {
            List<Map<String, Object>> rows = compare("cell-emulation", "reduction", "tuned", "type=int", "launches=3", "warmuplaunches=" + warmup);
            allVerified(rows, "cell-emulation");
            Map<?, ?> params = (Map<?, ?>) rows.get(0).get("params"), profile = (Map<?, ?>) rows.get(0).get("profile");
            assertEquals(Integer.parseInt(warmup), ((Number) params.get("warmuplaunches")).intValue(), String.valueOf(params));
            // the first untimed launch, the warm-up launches, then the warm-up repetition and 2 timed ones, of 3 each
            assertEquals(1L + Integer.parseInt(warmup) + (1 + 2) * 3, ((Number) profile.get("launches")).longValue(), String.valueOf(profile));
        }
        List<Map<String, Object>> single = compare("cell-emulation", "reduction", "tuned", "type=int");
        assertFalse(((Map<?, ?>) single.get(0).get("params")).containsKey("warmuplaunches"), "launches=1 has no warm-up launches: " + single.get(0));
        Run bad = Run.of("run", "reduction", "--backend", "cell-emulation", "--variant", "tuned", "--param", "n=1000",
                "--param", "launches=2", "--param", "warmuplaunches=-1");
        assertEquals(2, bad.code(), bad.describe());
        assertTrue(bad.err().contains("warmuplaunches must be in [0, 1000000], got -1"), bad.describe());
    }

    /** VaR math=relaxed: jocl runs it (verified against the same bound); routes without a relaxed kernel refuse it by name. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jocl", "aparapi", "cell-emulation"})
    void relaxedVarRunsOnOpenClAndIsRefusedElsewhere(String backend) {
        requireAvailable(backend);
        Run r = Run.of("compare", "var", "--backend", backend, "--variant", "singlebuffer", "--param", "npos=2^12",
                "--param", "math=relaxed", "--param", "reps=1", "--format", "json");
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertTrue(!rows.isEmpty(), r.describe());
        for (Map<String, Object> row : rows) {
            if (backend.equals("jocl")) {
                assertEquals(Boolean.TRUE, row.get("verified"), row.get("params") + ": " + row.get("error"));
                assertEquals("relaxed", ((Map<?, ?>) row.get("params")).get("math"));
            } else {
                assertEquals(Boolean.FALSE, row.get("verified"), String.valueOf(row));
                assertTrue(String.valueOf(row.get("error")).contains("relaxed"), "the reason says relaxed math: " + row.get("error"));
            }
        }
    }

    /**
     * TornadoVM has no single-pass kernel (its Kernel API has no coherent load to spin on), and Aparapi's has scan.cl's
     * default schedule only: a row asking for either fails with the reason, never runs something else.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"aparapi", "tornado"})
    void singlePassScanIsUnsupportedWithTheReasonWhereTheRouteCannotRunIt(String backend) {
        requireAvailable(backend);
        List<String> args = new ArrayList<>(List.of("compare", "scan", "--backend", backend, "--variant", "single-pass", "--param", "n=" + N,
                "--param", "reps=1", "--param", "type=int", "--param", "op=add", "--format", "json"));
        if (backend.equals("aparapi")) args.addAll(List.of("--param", "warp=1"));
        Run r = Run.of(args.toArray(String[]::new));
        assertEquals(0, r.code(), "a row the route cannot run is unsupported, no failure: " + r.describe());
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertTrue(!rows.isEmpty(), r.describe());
        for (Map<String, Object> row : rows) {
            assertEquals(Boolean.FALSE, row.get("verified"), String.valueOf(row));
            assertEquals("unsupported", row.get("status"), String.valueOf(row));
            String error = String.valueOf(row.get("error"));
            assertTrue(backend.equals("tornado")
                            ? error.contains("tornado does not run kernel 'scan.single_pass.int' (TornadoVM)") && error.contains("no volatile or atomic load")
                            : error.contains("scan.single_pass.int") && error.contains("warp=1 is not expressed"),
                    "the reason names the kernel: " + error);
        }
    }
}
