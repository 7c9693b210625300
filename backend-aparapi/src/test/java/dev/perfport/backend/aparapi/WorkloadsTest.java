package dev.perfport.backend.aparapi;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every workload of the workloads module, every variant and comparison case, at small sizes
 * (several not powers of two) through the Aparapi kernels on the OpenCL test device: each row
 * must verify against the workload's double-precision host reference and name this backend and
 * device.
 */
class WorkloadsTest {
    /** Small parameters per workload; a workload missing here fails the coverage test. */
    static final Map<String, List<Params>> SMALL = Map.of(
            "reduction", List.of(Params.of("n", "1", "reps", "1"), Params.of("n", "1000", "wg", "64", "reps", "1"),
                    Params.of("n", "100003", "reps", "2")),
            "matmul", List.of(Params.of("n", "48", "tile", "8", "reps", "1"), Params.of("n", "64", "tile", "16", "reps", "1")),
            "matmul-static", List.of(Params.of("M", "48", "K", "72", "N", "40", "tile", "8", "reps", "1"),
                    Params.of("M", "64", "K", "32", "N", "64", "tile", "8", "k", "1,2", "mapping", "cyclic", "reps", "1"),
                    Params.of("M", "64", "K", "32", "N", "64", "tile", "8", "mapping", "dynamic", "reps", "1")),
            "scan", List.of(Params.of("n", "1", "wg", "4", "reps", "1"), Params.of("n", "10007", "wg", "32", "reps", "1"),
                    Params.of("n", "70001", "wg", "16", "sums", "recursive", "reps", "1")),
            "table", List.of(Params.of("groups", "37", "maxSize", "45", "iters", "20", "tableSize", "128", "reps", "1"),
                    Params.of("groups", "16", "maxSize", "64", "iters", "8", "reps", "1")),
            "var", List.of(Params.of("npos", "1000", "posbs", "64", "simbs", "4", "vwidth", "4", "wgsize", "16", "ngroup", "4", "reps", "1"),
                    Params.of("npos", "300", "posbs", "7", "simbs", "3", "vwidth", "8", "wgsize", "8", "ngroup", "3", "rng", "mt", "reps", "1"),
                    Params.of("npos", "129", "posbs", "129", "simbs", "64", "vwidth", "2", "wgsize", "4", "ngroup", "2", "reps", "1")));

    /**
     * Workloads without Aparapi kernels yet, with the kernel a row must name when it fails: such a
     * workload's rows must fail naming it (no silent fallback), see {@link #unimplementedWorkloadsFailNamingTheKernel}.
     */
    static final Map<String, String> NOT_YET = Map.of("gemm", "has no Aparapi implementation of kernel 'gemm.");

    private static DeviceSession s;

    @BeforeAll
    static void open() {
        s = Aparapi.session();
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    static Stream<Arguments> cases() {
        List<Arguments> l = new ArrayList<>();
        for (Workload w : Workloads.all()) {
            for (Params p : SMALL.getOrDefault(w.name(), List.of())) {
                for (Params c : w.compareCases(p)) {
                    for (String v : w.variants()) l.add(Arguments.of(w.name(), v, c));
                }
            }
        }
        return l.stream();
    }

    @Test
    void everyWorkloadHasCases() {
        for (Workload w : Workloads.all()) {
            assertTrue(SMALL.containsKey(w.name()) || NOT_YET.containsKey(w.name()), "no small cases for workload " + w.name());
        }
    }

    @Test
    void unimplementedWorkloadsFailNamingTheKernel() {
        for (Map.Entry<String, String> e : NOT_YET.entrySet()) {
            Workload w = Workloads.get(e.getKey());
            for (String v : w.variants()) {
                RunResult r = w.run(s, v, Params.of("m", "9", "n", "7", "k", "5", "reps", "1"));
                assertTrue(!r.verified() && r.error() != null && r.error().contains(e.getValue()), v + ": " + r.error());
                assertEquals("aparapi", r.backend());
            }
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("cases")
    void verifiesAgainstTheHostReference(String workload, String variant, Params params) {
        RunResult r = Workloads.get(workload).run(s, variant, params);
        String what = workload + " " + variant + " " + r.params();
        assertNull(r.error(), what);
        assertTrue(r.verified(), what);
        assertEquals("aparapi", r.backend(), what);
        assertEquals(s.device().name(), r.device(), what);
        assertTrue(r.profile().kernelNanos() > 0, what + ": " + r.profile());
        assertTrue(r.profile().launches() >= 1, what);
    }
}
