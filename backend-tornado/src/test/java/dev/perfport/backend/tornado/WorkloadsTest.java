package dev.perfport.backend.tornado;

import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Coverage: every variant of every workload perfport ships ({@code Workloads.all()}) runs on
 * TornadoVM and verifies against its double-precision reference, in every comparison case
 * (types, operators, static-group counts), at sizes small enough for PoCL. A workload that gains
 * a kernel this backend lacks fails here, naming the kernel.
 */
class WorkloadsTest {
    /** Small sizes per workload; parameters a workload does not have are left out. */
    static final Map<String, Params> SMALL = Map.of(
            "reduction", Params.of("n", "65539", "reps", "1"),
            "matmul", Params.of("n", "64", "tile", "16", "reps", "1"),
            "matmul-static", Params.of("M", "64", "K", "96", "N", "48", "tile", "16", "reps", "1"),
            "scan", Params.of("n", "10007", "reps", "1"),
            "table", Params.of("groups", "64", "maxSize", "48", "iters", "32", "tableSize", "256", "reps", "1"));

    /**
     * Workloads without TornadoVM kernels yet (gemm: issue 13), left out of the coverage and checked to
     * fail naming the missing kernel instead (no silent fallback).
     */
    static final List<String> NOT_YET = List.of("gemm");

    private static TornadoVmSession s;

    @BeforeAll
    static void open() {
        s = Tornado.session();
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    static Stream<Arguments> cases() {
        List<Arguments> l = new ArrayList<>();
        for (Workload w : Workloads.all()) {
            if (NOT_YET.contains(w.name())) continue;
            Params small = SMALL.getOrDefault(w.name(), Params.of("reps", "1"));
            Params given = Params.of();
            for (var e : small.asMap().entrySet()) if (w.defaults().has(e.getKey())) given = given.with(e.getKey(), e.getValue());
            List<Params> cases = new ArrayList<>(w.compareCases(given));
            if (w.defaults().has("mapping")) {
                // every task mapping of static work-groups, not only the default
                for (String m : List.of("cyclic", "dynamic")) cases.add(w.defaults().with(given).with("mapping", m));
            }
            if (w.defaults().has("rng")) cases.add(w.defaults().with(given).with("rng", "mt"));   // VaR's other generator
            for (String v : w.variants()) for (Params p : cases) l.add(Arguments.of(w.name(), v, p));
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void verifiesOnTornadoVm(String workload, String variant, Params p) {
        RunResult r = Workloads.get(workload).run(s, variant, p);
        String what = workload + " " + variant + " " + r.params();
        assertEquals("tornado", r.backend(), what);
        assertTrue(r.verified(), what + ": " + r.error());
        assertTrue(r.profile().kernelNanos() > 0, what + " ran on the device: " + r.profile());
    }

    @org.junit.jupiter.api.Test
    void unimplementedWorkloadsFailNamingTheKernel() {
        for (String name : NOT_YET) {
            Workload w = Workloads.get(name);
            for (String v : w.variants()) {
                RunResult r = w.run(s, v, Params.of("m", "9", "n", "7", "k", "5", "reps", "1"));
                assertTrue(!r.verified() && r.error() != null && r.error().contains("kernel '" + name + "."), v + ": " + r.error());
                assertEquals("tornado", r.backend());
            }
        }
    }
}
