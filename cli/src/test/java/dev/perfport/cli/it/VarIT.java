package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.var.Mt607Creator;
import dev.perfport.workloads.var.Var;
import dev.perfport.workloads.var.VarModel;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The VaR workload (seed 000) on the real plugins: every variant verifies on every backend; with
 * the decomposition-invariant RNG, simulation[] and the quantile agree across backends and
 * configurations; both generators' normals equal the host's bit for bit on every backend;
 * oversized local blocks are refused before launch; portfolios with a known answer.
 */
class VarIT {
    static final List<String> BACKENDS = List.of("cell-emulation", "jocl", "aparapi");

    /** The backends that can run here (jocl is skipped, with the reason, only when no OpenCL platform exists). */
    static List<String> available() {
        List<String> l = new ArrayList<>();
        for (String b : BACKENDS) {
            BackendRegistry.Entry e = Dist.entry(b).orElseThrow(() -> new AssertionError("backend " + b + " is not in the distribution"));
            if (e.available()) {
                l.add(b);
                continue;
            }
            Optional<String> noCl = Dist.noOpenClPlatform();
            if ((b.equals("jocl") || b.equals("aparapi")) && noCl.isPresent()) {
                System.out.println("SKIPPED var on " + b + ": " + noCl.get());
                continue;
            }
            fail("backend " + b + " is unavailable: " + e.reason());
        }
        return l;
    }

    static DeviceSession open(String backend) {
        return Dist.entry(backend).orElseThrow().backend().open(0);
    }

    @Test
    void compareShowsEveryVariantVerifiedOnEveryBackend() {
        List<String> backends = available();
        List<String> args = new ArrayList<>(List.of("compare", "var", "--format", "json"));
        for (String b : backends) args.addAll(List.of("--backend", b));
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        Set<String> seen = new TreeSet<>();
        for (Map<String, Object> row : rows) {
            String what = row.get("backend") + " " + row.get("variant");
            assertEquals(Boolean.TRUE, row.get("verified"), what + ": " + row.get("error"));
            @SuppressWarnings("unchecked")
            Map<String, Object> m = (Map<String, Object>) row.get("metrics");
            assertTrue(((Number) m.get("mpps")).doubleValue() > 0, what + " mpps " + m);
            assertTrue(((Number) m.get("maxError")).doubleValue() <= ((Number) m.get("tolerance")).doubleValue(), what + " " + m);
            @SuppressWarnings("unchecked")
            Map<String, Object> p = (Map<String, Object>) row.get("params");
            assertEquals((long) Var.COMPARE_NPOS, p.get("npos"), "compare's small default");
            seen.add(row.get("backend") + "/" + row.get("variant"));
        }
        for (String b : backends) for (String v : List.of("loadstore", "singlebuffer", "doublebuffer")) assertTrue(seen.contains(b + "/" + v), seen.toString());
    }

    @Test
    void mersenneTwisterRowsVerifyOnEveryBackend() {
        List<String> args = new ArrayList<>(List.of("compare", "var", "--format", "json", "--param", "rng=mt", "--param", "npos=3000",
                "--param", "posbs=700", "--param", "reps=1"));
        for (String b : available()) args.addAll(List.of("--backend", b));
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        for (Map<String, Object> row : Dist.jsonRows(r)) assertEquals(Boolean.TRUE, row.get("verified"), row.get("backend") + " " + row.get("error"));
    }

    /**
     * Philox gives simulation i the same market whatever the backend, variant and decomposition,
     * and every kernel sums positions in the same order; so simulation[] agrees across all of them
     * up to the rounding of exp (a few ulp per term), far inside the verification tolerance, and on
     * the emulator (Java's exp everywhere) exactly.
     */
    @Test
    void philoxSimulationsAgreeAcrossBackendsVariantsAndDecompositions() {
        Var var = new Var();
        // nsim = 1024 in every layout; npos 5003 is not a multiple of any posbs, so tail blocks run too
        List<Map<String, String>> layouts = List.of(
                cfg("singlebuffer", 256, 4, 4, 16, 4), cfg("doublebuffer", 64, 1, 16, 8, 8),
                cfg("loadstore", 1, 8, 1, 32, 4), cfg("singlebuffer", 1000, 2, 2, 1, 256));
        Map<String, float[]> sims = new LinkedHashMap<>();
        Map<String, Double> quantiles = new LinkedHashMap<>();
        double[] scale = null;
        for (String b : available()) {
            try (DeviceSession s = open(b)) {
                for (Map<String, String> l : layouts) {
                    Map<String, String> p = new LinkedHashMap<>(l);
                    String variant = p.remove("variant");
                    p.put("npos", "5003");
                    p.put("seed", "7");
                    p.put("reps", "1");
                    Var.Simulation sim = var.simulate(s, variant, Params.of(p));
                    String key = b + " " + variant + " " + p;
                    assertNull(sim.mismatch(), key);
                    sims.put(key, sim.simulation());
                    quantiles.put(key, sim.quantile());
                    scale = sim.reference().scale();
                }
            }
        }
        double tol = Var.tolerance(5003);
        String firstKey = sims.keySet().iterator().next();
        float[] first = sims.get(firstKey);
        double worst = 0;
        for (Map.Entry<String, float[]> e : sims.entrySet()) {
            float[] a = e.getValue();
            assertEquals(first.length, a.length);
            for (int i = 0; i < a.length; i++) {
                double d = Math.abs(a[i] - first[i]) / scale[i];
                worst = Math.max(worst, d);
                // exp differs by a few ulp per term between implementations: allow 32 ulp of the sum
                assertTrue(d <= 32 * Math.ulp(1f), e.getKey() + " vs " + firstKey + ": simulation[" + i + "] " + a[i] + " vs " + first[i]);
            }
            String backend = e.getKey().substring(0, e.getKey().indexOf(' '));
            float[] sameBackend = sims.entrySet().stream().filter(x -> x.getKey().startsWith(backend + " ")).findFirst().orElseThrow().getValue();
            if (backend.equals("cell-emulation")) {
                assertArrayEquals(sameBackend, a, e.getKey() + ": the emulator computes every configuration in the same order with the same exp, so identical bits");
            }
            assertEquals(quantiles.get(firstKey), quantiles.get(e.getKey()), tol * java.util.Arrays.stream(scale).max().orElseThrow(),
                    e.getKey() + " quantile");
        }
        System.out.println("var: largest relative difference between backends/configurations: " + worst);
    }

    /**
     * Seed 000's static studies: AoS, the task form and a misaligned portfolio verify for every variant on every backend, and give
     * the default's simulations (the same bits on the emulator, which computes them in the same order; within 32 ulp of each
     * sum's scale elsewhere, where a task may vectorise exp otherwise); each point has as many run times as reps asks.
     */
    @Test
    void layoutsTasksAndOffsetsVerifyAndAgreeWithTheDefaultOnEveryBackend() {
        Var var = new Var();
        List<Map<String, String>> studies = List.of(Map.of("layout", "aos"), Map.of("form", "task"), Map.of("offset", "3"),
                Map.of("layout", "aos", "offset", "5", "form", "task"));
        for (String b : available()) {
            try (DeviceSession s = open(b)) {
                for (String v : var.variants()) {
                    // npos 1003 is no multiple of posbs: tail blocks run too
                    Map<String, String> base = new LinkedHashMap<>(Map.of("npos", "1003", "posbs", "64", "simbs", "2", "vwidth", "4",
                            "wgsize", "8", "ngroup", "3", "seed", "7", "reps", "2"));
                    Var.Simulation ref = var.simulate(s, v, Params.of(base));
                    assertNull(ref.mismatch(), b + " " + v + " default");
                    for (Map<String, String> extra : studies) {
                        Map<String, String> p = new LinkedHashMap<>(base);
                        p.putAll(extra);
                        Var.Simulation sim = var.simulate(s, v, Params.of(p));
                        String key = b + " " + v + " " + extra;
                        assertNull(sim.mismatch(), key);
                        assertEquals(2, sim.times().length, key + ": one time per timed run");
                        assertTrue(java.util.Arrays.stream(sim.times()).allMatch(t -> t > 0), key);
                        if (b.equals("cell-emulation")) {
                            assertArrayEquals(ref.simulation(), sim.simulation(), key);
                            continue;
                        }
                        double[] scale = ref.reference().scale();
                        for (int i = 0; i < scale.length; i++) {
                            double d = Math.abs(sim.simulation()[i] - ref.simulation()[i]) / scale[i];
                            assertTrue(d <= 32 * Math.ulp(1f), key + ": simulation[" + i + "] " + sim.simulation()[i] + " vs " + ref.simulation()[i]);
                        }
                    }
                }
            }
        }
    }

    private static Map<String, String> cfg(String variant, int posbs, int simbs, int vwidth, int wgsize, int ngroup) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("variant", variant);
        m.put("posbs", Integer.toString(posbs));
        m.put("simbs", Integer.toString(simbs));
        m.put("vwidth", Integer.toString(vwidth));
        m.put("wgsize", Integer.toString(wgsize));
        m.put("ngroup", Integer.toString(ngroup));
        return m;
    }

    /** Both generators' normals, drawn on the device, equal the host's bit for bit. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi"})
    void normalsAreBitIdenticalToTheHost(String backend) {
        Assumptions.assumeTrue(available().contains(backend), backend + " is not available here");
        try (DeviceSession s = open(backend)) {
            for (VarModel.Rng rng : VarModel.Rng.values()) {
                for (VarModel.Layout l : List.of(new VarModel.Layout(1, 1, 8, 4), new VarModel.Layout(3, 4, 16, 2), new VarModel.Layout(2, 16, 4, 1))) {
                    long seed = 0x1234_5678_9abcL;
                    float[] device = Var.normals(s, rng, seed, l);
                    float[] host = VarModel.normals(rng, (int) seed, (int) (seed >>> 32), l,
                            rng == VarModel.Rng.MT ? Mt607Creator.shared().params(l.workItems()) : List.of());
                    for (int i = 0; i < host.length; i++) {
                        if (Float.floatToRawIntBits(host[i]) != Float.floatToRawIntBits(device[i])) {
                            fail(backend + " " + rng + " " + l + ": normal " + i + " is " + device[i] + " on the device, " + host[i] + " on the host");
                        }
                    }
                }
            }
        }
    }

    /** The core validator refuses local blocks larger than the device's local memory before anything runs. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cell-emulation", "jocl", "aparapi"})
    void oversizedLocalBlocksAreRefusedBeforeLaunch(String backend) {
        Assumptions.assumeTrue(available().contains(backend), backend + " is not available here");
        long cap;
        try (DeviceSession s = open(backend)) {
            cap = s.device().capacity(dev.perfport.core.device.MemoryLevel.LOCAL);
        }
        // doublebuffer holds 2 x 12 B per position: choose posbs just over the capacity
        long posbs = cap / 24 + 1;
        Run r = Run.of("run", "var", "--backend", backend, "--variant", "doublebuffer", "--format", "json", "--param", "npos=" + posbs,
                "--param", "posbs=" + posbs, "--param", "simbs=1", "--param", "vwidth=1", "--param", "wgsize=1", "--param", "ngroup=1",
                "--param", "reps=1");
        Dist.assertExit(1, r);
        Map<String, Object> row = Dist.jsonRows(r).getFirst();
        String error = (String) row.get("error");
        assertNotNull(error, r.describe());
        assertTrue(error.contains("local memory over capacity") && error.contains(24 * posbs + " B local") && error.contains(cap + " B"), error);
        assertEquals(0L, row.get("wallNanos"), "nothing ran");
        // one position less fits
        Run ok = Run.of("run", "var", "--backend", backend, "--variant", "doublebuffer", "--format", "json", "--param", "npos=" + (posbs - 1),
                "--param", "posbs=" + (posbs - 1), "--param", "simbs=1", "--param", "vwidth=1", "--param", "wgsize=1", "--param", "ngroup=1",
                "--param", "reps=1");
        if (!backend.equals("cell-emulation")) Dist.assertExit(0, ok);   // the emulator also needs room for private memory and its reservation
    }

    /**
     * Known answers on the devices: a stock-only portfolio's value quantile is A·(S0 + μ + σ·Φ⁻¹(q))
     * within 4 standard errors; a bond-only portfolio in a market without risk is the same in every
     * simulation, Σ amount·X·exp(−r·(T − today)/365.25).
     */
    @Test
    void portfoliosWithKnownAnswersOnEveryBackend(@TempDir Path dir) throws Exception {
        Path stocks = dir.resolve("stocks.json");
        Files.writeString(stocks, """
                {"today": 0, "market": {"stockIndex": 110, "foreignRate": 0.04, "exchangeRate": 1.5},
                 "meanChange": {"stockIndex": 0, "foreignRate": 0, "exchangeRate": 0},
                 "covariance": [[900, 0, 0], [0, 1e-6, 0], [0, 0, 1e-4]],
                 "portfolio": {"positions": [{"type": "STOCK", "amount": 2}, {"type": "STOCK", "amount": 1.5}]}}
                """);
        Path bonds = dir.resolve("bonds.json");
        Files.writeString(bonds, """
                {"today": 100, "market": {"stockIndex": 110, "foreignRate": 0.04, "exchangeRate": 1.5},
                 "meanChange": {"stockIndex": 0, "foreignRate": 0.01, "exchangeRate": 0.1},
                 "covariance": [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
                 "portfolio": {"positions": [{"type": "FBOND", "amount": 1000, "dayOfMaturity": 465},
                                             {"type": "FBOND", "amount": 250, "dayOfMaturity": 2000}]}}
                """);
        double expectedBond = 1000 * 1.6 * Math.exp(-0.05 * 365 / 365.25) + 250 * 1.6 * Math.exp(-0.05 * 1900 / 365.25);
        double a = 3.5, q = 0.01, z = -2.3263478740408408;
        int nsim = 1 << 16;
        double exact = a * (110 + 30 * z);
        double se = Math.sqrt(q * (1 - q) / nsim) / (Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI) / (a * 30));
        Var var = new Var();
        for (String b : available()) {
            try (DeviceSession s = open(b)) {
                Var.Simulation st = var.simulate(s, "singlebuffer", Params.of("input", stocks.toString(), "posbs", "2", "simbs", "4",
                        "vwidth", "8", "wgsize", "64", "ngroup", "32", "reps", "1", "q", "0.01"));
                assertNull(st.mismatch(), b);
                assertEquals(exact, st.quantile(), 4 * se, b + ": stock-only quantile vs the analytic " + exact);
                Var.Simulation bd = var.simulate(s, "doublebuffer", Params.of("input", bonds.toString(), "posbs", "1", "reps", "1"));
                assertNull(bd.mismatch(), b);
                for (float v : bd.simulation()) assertEquals(expectedBond, v, 4 * Math.ulp((float) expectedBond), b + ": bond-only value");
            }
        }
    }
}
