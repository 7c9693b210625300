package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code fft} (seed 004) through the real plugins: the sizes (one 2^20-point transform on
 * the multi-pass path, a batch of 512-point transforms as radix 8·8·8) verify on every OpenCL route
 * and the emulator; a knob the path cannot express is refused with the reason; a bad size is a usage
 * error; {@code tune fft} fills the cache and {@code run} takes the tuned knobs. No timing is asserted.
 */
class FftIT {
    static Run fft(String command, String backend, List<String> params) {
        return fft(command, backend, "stockham", params);
    }

    static Run fft(String command, String backend, String variant, List<String> params) {
        List<String> a = new ArrayList<>(List.of("--format", "json", command, "fft", "--variant", variant, "--backend", backend));
        for (String p : params) a.addAll(List.of("--param", p));
        a.addAll(List.of("--param", "reps=1"));
        return Run.of(a.toArray(String[]::new));
    }

    static Map<String, Object> onlyRow(Run r) {
        List<Map<String, Object>> l = Dist.jsonRows(r);
        assertEquals(1, l.size(), r::describe);
        return l.getFirst();
    }

    @Test
    void largeSingleTransformAndBatchVerifyOnEveryRoute() {
        GemmIT.assumeBackend("jocl");
        for (String backend : List.of("jocl", "aparapi", "cell-emulation")) {
            Run r = fft("run", backend, List.of("n=2^20"));
            Map<String, Object> row = onlyRow(r);
            assertEquals(Boolean.TRUE, row.get("verified"), () -> backend + ": " + row.get("error"));
            Map<?, ?> p = (Map<?, ?>) row.get("params");
            assertEquals("multi", p.get("passes"), r::describe);
            assertEquals("1", String.valueOf(p.get("batch")), "batch=auto takes one transform of 2^20 points");
            Dist.assertExit(0, r);
        }
        // the paper's case: 512 points as radix 8*8*8, 64 work-items per transform, SoA with a twiddle table
        Run r = fft("run", "jocl", List.of("n=512", "batch=1000", "layout=soa", "twiddle=table"));
        Map<String, Object> row = onlyRow(r);
        assertEquals(Boolean.TRUE, row.get("verified"), () -> String.valueOf(row.get("error")));
        Map<?, ?> p = (Map<?, ?>) row.get("params");
        assertEquals("fused", p.get("passes"));
        assertEquals("64", String.valueOf(p.get("wg")));
        assertTrue(((Map<?, ?>) row.get("metrics")).containsKey("GFLOP/s"), r::describe);
    }

    @Test
    void knobsThePathCannotExpressAreRefusedAndBadSizesAreUsageErrors() {
        Run r = fft("run", "cell-emulation", List.of("n=64", "passes=multi", "share=on"));
        Map<String, Object> row = onlyRow(r);
        assertEquals(Boolean.FALSE, row.get("verified"));
        assertTrue(((String) row.get("error")).contains("share=on needs the fused path"), (String) row.get("error"));
        Dist.assertExit(1, r);
        r = Run.of("run", "fft", "--variant", "stockham", "--backend", "cell-emulation", "--param", "n=1000");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("n must be a power of two in [8, 1048576], got 1000"), r::describe);
        r = Run.of("run", "fft", "--variant", "stockham", "--backend", "cell-emulation", "--param", "layout=row");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("layout must be aos or soa"), r::describe);
    }

    @Test
    void tuneFillsTheCacheAndRunTakesTheTunedKnobs(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("tune.json");
        Run t = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "tune", "fft", "--backend", "cell-emulation",
                "--param", "n=64", "--param", "batch=5", "--param", "reps=1", "--param", "radix=4,8");
        Dist.assertExit(0, t);
        Map<?, ?> rec = (Map<?, ?>) ((List<?>) MiniJson.parse(t.out())).getFirst();
        assertEquals("modelled GFLOP/s", rec.get("objective"), t::describe);
        Map<?, ?> best = (Map<?, ?>) rec.get("best");
        assertNotNull(best, t::describe);
        assertTrue(Files.readString(cache).contains("\"twiddle\""), "the cache holds fft's knobs");
        Run run = Run.of("--config", "perfport.tune.cache=" + cache, "--format", "json", "run", "fft", "--variant", "stockham", "--backend", "cell-emulation",
                "--param", "n=64", "--param", "batch=3", "--param", "reps=1");
        Map<String, Object> row = onlyRow(run);
        Map<?, ?> params = (Map<?, ?>) row.get("params");
        assertEquals("cache", params.get("config"), run::describe);
        assertEquals(String.valueOf(best.get("radix")), String.valueOf(params.get("radix")));
        assertEquals(((Number) best.get("layout")).intValue() == 1 ? "soa" : "aos", params.get("layout"));
        assertEquals(((Number) best.get("twiddle")).intValue() == 1 ? "table" : "computed", params.get("twiddle"));
        assertEquals(Boolean.TRUE, row.get("verified"));
    }

    /** The four-step path: 2^20 in two launches verifies on jocl, the emulator, Aparapi and, where installed, TornadoVM. */
    @Test
    void fourstepVerifiesWhereItHasKernelsAndIsRefusedByName() {
        GemmIT.assumeBackend("jocl");
        List<String> backends = new ArrayList<>(List.of("jocl", "cell-emulation", "aparapi"));
        if (Dist.tornadoConfigured()) backends.add("tornado");
        else System.out.println("SKIPPED tornado's four-step FFT: TORNADOVM_HOME is not set");
        for (String backend : backends) {
            Run r = fft("run", backend, "fourstep", List.of("n=2^20"));
            Map<String, Object> row = onlyRow(r);
            assertEquals(Boolean.TRUE, row.get("verified"), () -> backend + ": " + row.get("error"));
            assertEquals("fourstep(2048x512)", ((Map<?, ?>) row.get("params")).get("passes"), r::describe);
            assertEquals(4L, ((Number) ((Map<?, ?>) row.get("profile")).get("launches")).longValue(), "two launches, for the warm-up and the timed repetition: " + r.describe());
        }
        // Aparapi's fft.cols in the other layout and twiddle source, and a one-launch size
        for (List<String> ps : List.of(List.of("n=4096", "layout=soa", "twiddle=table"), List.of("n=512", "radix=4"))) {
            Map<String, Object> row = onlyRow(fft("run", "aparapi", "fourstep", ps));
            assertEquals(Boolean.TRUE, row.get("verified"), () -> ps + ": " + row.get("error"));
        }
        Run r = fft("run", "jocl", "fourstep", List.of("n=512", "share=on"));
        assertTrue(((String) onlyRow(r).get("error")).contains("share=on needs the fused path"), r::describe);
    }

    /** math=fma and relaxed: verified within the bound on OpenCL C, refused by name on the Java routes, a usage error when unknown. */
    @Test
    void mathOptionsVerifyOnOpenClAndAreRefusedOnJavaRoutes() {
        GemmIT.assumeBackend("jocl");
        for (String math : List.of("fma", "relaxed")) {
            for (String variant : List.of("fourstep", "stockham")) {
                Run r = fft("run", "jocl", variant, List.of("n=2^14", "math=" + math));
                Map<String, Object> row = onlyRow(r);
                assertEquals(Boolean.TRUE, row.get("verified"), () -> variant + " math=" + math + ": " + row.get("error"));
                assertEquals(math, ((Map<?, ?>) row.get("params")).get("math"), r::describe);
            }
        }
        List<String> javaRoutes = new ArrayList<>(List.of("aparapi", "cell-emulation"));
        if (Dist.tornadoConfigured()) javaRoutes.add("tornado");
        for (String backend : javaRoutes) {
            Run r = fft("run", backend, "stockham", List.of("n=512", "math=fma"));
            Map<String, Object> row = onlyRow(r);
            assertEquals(Boolean.FALSE, row.get("verified"), r::describe);
            assertEquals("unsupported", row.get("status"), () -> backend + ": the route's limit, not a failure: " + r.describe());
            assertTrue(String.valueOf(row.get("error")).contains("OpenCL C only"), backend + ": " + row.get("error"));
        }
        Run r = Run.of("run", "fft", "--backend", "cell-emulation", "--param", "math=fast");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("math must be precise, fma or relaxed, got 'fast'"), r::describe);
    }
}
