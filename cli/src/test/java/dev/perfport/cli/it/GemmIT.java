package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code gemm} (seed 001) through the real plugins: every path verifies against the
 * double-precision reference on PoCL (jocl) and the emulator at odd sizes, in float and double,
 * in both layouts with A and B transposed or not, with several kernel configurations (local
 * memory, strides, vectors, loader shapes); a configuration that breaks a constraint is refused
 * before compiling with its reason; Aparapi runs its own kernels and refuses a register tile its
 * private arrays cannot hold; {@code tune gemm --strategy random} runs and fills the cache; trsm
 * verifies by its residual on every backend and counts its launches. No timing is asserted.
 */
class GemmIT {
    /** GPU-style: 64×64 tiles, 16×16 threads, strided, A and B in local memory. */
    static final List<String> STAGED = List.of("mwg=64", "nwg=64", "kwg=16", "mdimc=16", "ndimc=16", "mdima=16", "ndimb=16",
            "kwi=2", "vwm=1", "vwn=1", "strm=1", "strn=1", "sa=1", "sb=1");
    /** Vectors along m and n, a loader shape unlike the thread shape, A staged, B from global memory. */
    static final List<String> VECTORS = List.of("mwg=32", "nwg=64", "kwg=32", "mdimc=8", "ndimc=16", "mdima=16", "ndimb=8",
            "kwi=4", "vwm=2", "vwn=4", "strm=1", "strn=0", "sa=1", "sb=0");

    static void assumeBackend(String backend) {
        if (backend.equals("jocl")) {
            Dist.noOpenClPlatform().ifPresent(why -> {
                System.out.println("SKIPPED: " + why);
                Assumptions.abort(why);
            });
        }
    }

    static Run gemm(String command, String backend, List<String> params, String... variants) {
        List<String> a = new ArrayList<>(List.of("--format", "json", command, "gemm", "--backend", backend));
        for (String v : variants) a.addAll(List.of("--variant", v));
        for (String p : params) a.addAll(List.of("--param", p));
        a.addAll(List.of("--param", "reps=1"));
        return Run.of(a.toArray(String[]::new));
    }

    static void assertAllVerified(Run r, int rows, String backend) {
        List<Map<String, Object>> l = Dist.jsonRows(r);
        assertEquals(rows, l.size(), r::describe);
        for (Map<String, Object> row : l) {
            assertEquals(Boolean.TRUE, row.get("verified"), () -> row.get("params") + ": " + row.get("error"));
            assertEquals(backend, row.get("backend"));
        }
        Dist.assertExit(0, r);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation"})
    void oddSizesLayoutsAndTranspositionsVerify(String backend) {
        assumeBackend(backend);
        List<List<String>> cases = List.of(
                List.of("m=1", "n=1", "k=1", "type=float"),
                List.of("m=7", "n=7", "k=7", "type=double", "layout=row", "transa=t"),
                List.of("m=33", "n=17", "k=65", "type=float", "layout=row", "transb=t", "beta=0"),
                List.of("m=67", "n=31", "k=129", "type=double", "transa=t", "transb=t", "alpha=-0.75"));
        for (List<String> c : cases) assertAllVerified(gemm("run", backend, c, "indirect", "direct"), 2, backend);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation"})
    void kernelConfigurationsVerify(String backend) {
        assumeBackend(backend);
        for (List<String> cfg : List.of(STAGED, VECTORS)) {
            for (String type : List.of("float", "double")) {
                List<String> p = new ArrayList<>(cfg);
                p.addAll(List.of("m=70", "n=65", "k=47", "type=" + type, "layout=row", "transa=t"));
                assertAllVerified(gemm("run", backend, p, "indirect"), 1, backend);
            }
        }
    }

    /**
     * Split k (ks slices summed by gemm_ksum) verifies on every route, k padded to ks k-tiles, beta
     * added once; ks beyond its limit is refused with the limit.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation", "aparapi"})
    void splitKVerifiesOnEveryRoute(String backend) {
        assumeBackend(backend.equals("aparapi") ? "jocl" : backend);   // aparapi runs on the same OpenCL
        for (String type : List.of("float", "double")) {
            Run r = gemm("run", backend, List.of("m=70", "n=65", "k=47", "type=" + type, "ks=3", "beta=0.5", "transb=t"), "indirect");
            assertAllVerified(r, 1, backend);
            assertEquals("3", String.valueOf(((Map<?, ?>) Dist.jsonRows(r).getFirst().get("params")).get("ks")));
        }
        Run r = gemm("run", backend, List.of("m=9", "n=9", "k=9", "ks=17"), "indirect");
        String err = (String) Dist.jsonRows(r).getFirst().get("error");
        assertTrue(err.contains("ks must be in [1, 16], got 17"), err);
    }

    /**
     * Double-buffered tiles (db = 1: the next k-tile staged into the other half of local memory while this one is
     * multiplied) verify on every route, with odd k-tile counts and split k; db without both operands staged is
     * refused before compiling, with the reason.
     */
    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation", "aparapi"})
    void doubleBufferedTilesVerifyOnEveryRoute(String backend) {
        assumeBackend(backend.equals("aparapi") ? "jocl" : backend);   // aparapi runs on the same OpenCL
        for (String type : List.of("float", "double")) {
            for (String ks : List.of("1", "3")) {
                // 8-deep k-tiles: 6 of them over k = 47, 2 in each of 3 slices
                List<String> p = List.of("mwg=64", "nwg=64", "kwg=8", "mdimc=16", "ndimc=16", "mdima=32", "ndimb=32", "kwi=2",
                        "vwm=1", "vwn=1", "strm=1", "strn=1", "sa=1", "sb=1", "db=1", "m=70", "n=65", "k=47", "type=" + type,
                        "ks=" + ks, "beta=0.5", "transb=t");
                Run r = gemm("run", backend, p, "indirect");
                assertAllVerified(r, 1, backend);
                assertEquals("1", String.valueOf(((Map<?, ?>) Dist.jsonRows(r).getFirst().get("params")).get("db")));
            }
        }
        List<String> unstaged = new ArrayList<>(STAGED.subList(0, STAGED.size() - 1));
        unstaged.addAll(List.of("sb=0", "db=1", "m=9", "n=9", "k=9"));
        Run r = gemm("run", backend, unstaged, "indirect");
        String err = (String) Dist.jsonRows(r).getFirst().get("error");
        assertTrue(err.contains("db = 1 double-buffers the staged tiles and needs sa = 1 and sb = 1, got sa = 1, sb = 0"), err);
    }

    /** The size of the issue, on PoCL only (the emulator would take minutes). */
    @Test
    void largeOddShapeVerifiesOnPocl() {
        assumeBackend("jocl");
        assertAllVerified(gemm("run", "jocl", List.of("m=1023", "n=517", "k=2049"), "indirect"), 1, "jocl");
    }

    @Test
    void brokenConstraintsAreRefusedBeforeCompilingWithTheReason() {
        Run r = gemm("run", "cell-emulation", List.of("m=9", "n=9", "k=9", "mwg=24"), "indirect");
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals(Boolean.FALSE, row.get("verified"));
        String err = (String) row.get("error");
        assertTrue(err.startsWith("gemm configuration refused before compiling on ") && err.contains("mwg = 24 is not a multiple of mdimc*vwm = 32"), err);
        Dist.assertExit(1, r);
        // the emulator's local store is smaller than 2 x 128 x 256 doubles
        r = gemm("run", "cell-emulation", List.of("m=9", "n=9", "k=9", "type=double", "mwg=256", "nwg=256", "kwg=128", "vwm=1", "sa=1", "sb=1"), "indirect");
        err = (String) Dist.jsonRows(r).getFirst().get("error");
        assertTrue(err.contains("local memory 524288 B (8 B x (1+db) x (sa*kwg*mwg + sb*kwg*nwg)) exceeds the device's"), err);
        // a bad value of a parameter is a usage error: one line, exit 2
        r = Run.of("run", "gemm", "--backend", "cell-emulation", "--param", "layout=diagonal");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("layout must be col or row, got 'diagonal'"), r::describe);
    }

    @Test
    void aparapiRunsItsOwnKernelsAndRefusesWhatItsPrivateArraysCannotHold() {
        assumeBackend("jocl");   // aparapi runs on the same OpenCL
        Run r = gemm("compare", "aparapi", List.of("m=7", "n=5", "k=3", "layout=row", "transa=t"));
        assertAllVerified(r, 6, "aparapi");   // auto, indirect, direct in float and double
        assertAllVerified(gemm("run", "aparapi", withAll(STAGED, "m=33", "n=17", "k=65", "transb=t"), "indirect"), 1, "aparapi");
        assertAllVerified(gemm("run", "aparapi", withAll(VECTORS, "m=40", "n=70", "k=33", "type=double"), "indirect"), 1, "aparapi");
        // 64 x 64 results per work-item: beyond the 128 the Aparapi kernels hold in private memory
        r = gemm("run", "aparapi", List.of("m=9", "n=9", "k=9", "mwg=64", "nwg=64", "kwg=8", "mdimc=1", "ndimc=1", "mdima=1", "ndimb=1",
                "kwi=1", "vwm=1", "vwn=1", "sa=0", "sb=0"), "indirect");
        Map<String, Object> capped = Dist.jsonRows(r).getFirst();
        String err = (String) capped.get("error");
        assertTrue(err.contains("exceed the 128 the Aparapi GEMM kernels hold in private memory"), err);
        assertEquals("unsupported", capped.get("status"), "a route limit: the route cannot run it, no failure");
        Dist.assertExit(0, r);
    }

    /** A tile beyond Aparapi's private arrays is refused by the backend before building: a refusal, not an evaluation. */
    @Test
    void tuningOnAparapiCountsATileItsPrivateArraysCannotHoldAsRefused(@TempDir Path dir) {
        assumeBackend("jocl");   // aparapi runs on the same OpenCL
        List<String> args = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "--format", "json",
                "tune", "gemm", "--backend", "aparapi", "--variant", "indirect", "--strategy", "exhaustive"));
        for (String p : List.of("m=64", "n=64", "k=64", "reps=1", "mwg=64,128", "nwg=64,128", "kwg=16", "mdimc=8", "ndimc=8", "mdima=8",
                "ndimb=8", "kwi=1", "vwm=1", "vwn=1", "strm=0", "strn=0", "sa=1", "sb=1", "ks=1")) {
            args.addAll(List.of("--param", p));
        }
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals(3L, ((Number) row.get("evaluations")).longValue(), r::describe);
        assertEquals(1L, ((Number) row.get("rejected")).longValue(), r::describe);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> records = (List<Map<String, Object>>) row.get("records");
        // the route's refusal, counted apart from constraint refusals (none: the space filters those)
        Map<?, ?> kinds = (Map<?, ?>) row.get("refusals");
        assertEquals(1L, ((Number) kinds.get("route-refused")).longValue(), kinds::toString);
        assertEquals(0L, ((Number) kinds.get("constraint")).longValue(), kinds::toString);
        Map<String, Object> big = records.stream().filter(x -> "route-refused".equals(x.get("status"))).findFirst().orElseThrow();
        assertEquals("128", String.valueOf(((Map<?, ?>) big.get("params")).get("mwg")), String.valueOf(big));
        assertTrue(String.valueOf(big.get("message")).contains("16*16 results per work-item exceed the 128"), String.valueOf(big));
    }

    private static List<String> withAll(List<String> cfg, String... more) {
        List<String> l = new ArrayList<>(cfg);
        l.addAll(List.of(more));
        return l;
    }

    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation", "aparapi"})
    void trsmVerifiesByItsResidualAndCountsLaunches(String backend) {
        assumeBackend(backend.equals("aparapi") ? "jocl" : backend);
        Run r = Run.of("--format", "json", "compare", "trsm", "--backend", backend, "--param", "m=45", "--param", "n=7",
                "--param", "nb=16", "--param", "directmax=0", "--param", "reps=1");
        assertAllVerified(r, 2, backend);
        for (Map<String, Object> row : Dist.jsonRows(r)) {
            Map<?, ?> counters = (Map<?, ?>) row.get("counters");
            // invert + 3 block rows x (X_i: pad A, pad B, xgemm, unpad = 4) + 2 updates x 5 (C padded too, beta != 0)
            assertEquals(1L + 3 * 4 + 2 * 5, ((Number) counters.get("launches")).longValue(), row::toString);
            // jocl queues the solve's one launch sequence and waits once; the others wait once a launch
            assertEquals(backend.equals("jocl") ? 1L : ((Number) counters.get("launches")).longValue(),
                    ((Number) counters.get("hostSyncs")).longValue(), row::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"jocl", "cell-emulation"})
    void tuneRandomFillsTheCacheAndReusesIt(String backend, @TempDir Path dir) throws Exception {
        assumeBackend(backend);
        Path cache = dir.resolve("tune.json");
        String[] args = {"--config", "perfport.tune.cache=" + cache, "--format", "json", "tune", "gemm", "--backend", backend,
                "--strategy", "random", "--budget", "3", "--param", "m=40", "--param", "n=24", "--param", "k=33", "--param", "reps=1"};
        Run first = Run.of(args);
        Dist.assertExit(0, first);
        Map<?, ?> rec = (Map<?, ?>) ((List<?>) MiniJson.parse(first.out())).getFirst();
        assertEquals(3L, ((Number) rec.get("evaluations")).longValue(), first::describe);
        assertNotNull(rec.get("best"), first::describe);
        assertEquals(backend.equals("jocl") ? "GFLOP/s" : "modelled GFLOP/s", rec.get("objective"));
        assertTrue(Files.readString(cache).contains("\"mwg\""), "the cache holds gemm's parameters");
        Run second = Run.of(args);
        Dist.assertExit(0, second);
        Map<?, ?> again = (Map<?, ?>) ((List<?>) MiniJson.parse(second.out())).getFirst();
        assertEquals(3L, ((Number) again.get("fromCache")).longValue(), second::describe);
        assertEquals(rec.get("best"), again.get("best"));
        // run takes the cached best for this device (at other sizes), and says so; config=default ignores it
        Run run = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "run", "gemm", "--backend", backend,
                "--variant", "indirect", "--param", "m=19", "--param", "n=23", "--param", "k=29", "--param", "reps=1");
        Map<String, Object> row = Dist.jsonRows(run).getFirst();
        Map<?, ?> params = (Map<?, ?>) row.get("params");
        assertEquals("cache", params.get("config"), run::describe);
        ((Map<?, ?>) rec.get("best")).forEach((k, v) -> assertEquals(String.valueOf(v), String.valueOf(params.get(k)), "parameter " + k));
        assertEquals(Boolean.TRUE, row.get("verified"));
        run = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "run", "gemm", "--backend", backend,
                "--variant", "indirect", "--param", "m=19", "--param", "config=default", "--param", "reps=1");
        assertEquals("default", ((Map<?, ?>) Dist.jsonRows(run).getFirst().get("params")).get("config"), run::describe);
    }

    @Test
    void theSwitchOverIsTunedPerDeviceAndRunTakesIt(@TempDir Path dir) {
        Path cache = dir.resolve("tune.json");
        Run t = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "tune", "gemm", "--backend", "cell-emulation",
                "--variant", "auto", "--strategy", "exhaustive", "--param", "m=32", "--param", "directmax=1,16,33", "--param", "reps=1");
        Dist.assertExit(0, t);
        Map<?, ?> rec = (Map<?, ?>) ((List<?>) MiniJson.parse(t.out())).getFirst();
        assertEquals(3L, ((Number) rec.get("evaluations")).longValue(), t::describe);
        Object best = ((Map<?, ?>) rec.get("best")).get("directmax");
        assertNotNull(best, t::describe);
        Run r = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "run", "gemm", "--backend", "cell-emulation",
                "--variant", "auto", "--param", "m=20", "--param", "n=20", "--param", "k=20", "--param", "reps=1");
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        assertEquals(String.valueOf(best), String.valueOf(((Map<?, ?>) row.get("params")).get("directmax")), r::describe);
        assertEquals(Boolean.TRUE, row.get("verified"));
    }

    @Test
    void reportSeed001AtTinySizesAndAgainFromItsData(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "report", "seed-001", "--backend", "cell-emulation",
                "--out", out.toString(), "--param", "sizes=16,24", "--param", "types=float", "--param", "budget=2", "--param", "tunesize=16",
                "--param", "reps=1", "--param", "trsmm=20", "--param", "trsmn=3", "--param", "nbs=8,16", "--param", "rounds=2");
        Dist.assertExit(0, r);
        String md = Files.readString(out.resolve("seed-001.md"));
        assertTrue(md.contains("## Tuned vs untuned") && md.contains("| cell-emulation:0 | float | 24 |"), md);
        assertTrue(md.contains("measured side by side in 2 rounds"), "the rounds are stated: " + md);
        assertTrue(Files.readString(out.resolve("seed-001/data.json")).contains("\"rounds\" : 2"), "and saved with each size row");
        assertTrue(md.contains("| cell-emulation:0 | float | 20 | 3 | 16 |"), "the trsm rows: " + md);
        assertTrue(Files.exists(out.resolve("seed-001/data.json")));
        Files.delete(out.resolve("seed-001.md"));
        Run again = Run.of("report", "seed-001", "--from", out.toString());
        Dist.assertExit(0, again);
        assertEquals(md, Files.readString(out.resolve("seed-001.md")), "--from writes the same report from the saved data");
    }

    /** Each type is tuned apart (a float shape may not fit double), here by the hierarchical strategy. */
    @Test
    void reportSeed001TunesEachTypeApart(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("tune.json"), "report", "seed-001", "--backend", "cell-emulation",
                "--out", out.toString(), "--param", "sizes=16", "--param", "types=float,double", "--param", "strategy=hierarchical",
                "--param", "tunesize=16", "--param", "reps=1", "--param", "trsmm=16", "--param", "trsmn=2", "--param", "nbs=8");
        Dist.assertExit(0, r);
        String md = Files.readString(out.resolve("seed-001.md"));
        assertTrue(md.contains("`--strategy hierarchical`"), md);
        for (String type : List.of("float", "double")) {
            assertTrue(md.contains("| cell-emulation:0 | " + type + " | `"), "a tuned-parameters row for " + type + ": " + md);
            assertTrue(r.err().contains("[report cell-emulation:0] tuning " + type + " "), "tuning " + type + " traced: " + r.describe());
        }
        Run bad = Run.of("report", "seed-001", "--backend", "cell-emulation", "--out", dir.resolve("bad").toString(),
                "--param", "strategy=hierarchical", "--param", "budget=5");
        Dist.assertExit(2, bad);
        assertTrue(bad.err().contains("budget applies to strategy=random only"), bad::describe);
        bad = Run.of("report", "seed-001", "--backend", "cell-emulation", "--out", dir.resolve("bad").toString(), "--param", "rounds=0");
        Dist.assertExit(2, bad);
        assertTrue(bad.err().contains("report parameter rounds must be in [1, 20], got 0"), bad::describe);
    }

    @Test
    void listedAmongTheWorkloads() {
        Run r = Run.of("workloads");
        Dist.assertExit(0, r);
        assertTrue(r.out().contains("gemm"), r::describe);
    }
}
