package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The reduction on every available backend: every variant, int and float, sizes that are and are
 * not powers of two, through {@code perfport compare}. Every row must verify, and the global
 * atomics counted must match each variant's design (seed 003 Table 6).
 */
class BackendComparisonIT {
    static final int WG = 256;

    static Stream<Arguments> cases() {
        List<Arguments> l = new ArrayList<>();
        for (String backend : List.of("cell-emulation", "jocl", "aparapi", "tornado")) {
            for (int n : new int[]{1 << 17, (1 << 20) + 3, 100003}) l.add(Arguments.of(backend, n));
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} n={1}")
    @MethodSource("cases")
    void everyVariantAndTypeVerifiesWithTheExpectedAtomics(String backend, int n) {
        BackendRegistry.Entry entry = Dist.entry(backend)
                .orElseThrow(() -> new AssertionError("backend " + backend + " is not in the distribution; backends: "
                        + Dist.registry().entries() + "; problems: " + Dist.registry().problems()));
        if (!entry.available()) {
            if (backend.equals("tornado") && !Dist.tornadoConfigured()) {
                System.out.println("SKIPPED tornado n=" + n + ": TORNADOVM_HOME is not set (backend says: " + entry.reason() + ")");
                Assumptions.abort("TornadoVM is not configured");
            }
            Optional<String> noCl = Dist.noOpenClPlatform();
            if ((backend.equals("jocl") || backend.equals("aparapi")) && noCl.isPresent()) {
                System.out.println("SKIPPED " + backend + " n=" + n + ": " + noCl.get() + " (backend says: " + entry.reason() + ")");
                Assumptions.abort(noCl.get());
            }
            fail("backend " + backend + " is unavailable: " + entry.reason());
        }
        // a bare backend id compares the devices chosen by default: not Aparapi's thread pool
        List<DeviceInfo> devices = entry.backend().devices().stream().filter(d -> !d.explicitOnly()).toList();
        Set<String> names = new TreeSet<>();
        devices.forEach(d -> names.add(d.name()));

        // the tuned variant has no TornadoVM kernel: tornado compares the paper's three
        List<String> args = new ArrayList<>(List.of("compare", "reduction", "--backend", backend, "--param", "n=" + n, "--param", "reps=1",
                "--param", "wg=" + WG, "--format", "json"));
        if (backend.equals("tornado")) args.addAll(List.of("--variant", "local-atomic", "--variant", "static-local", "--variant", "two-kernel"));
        int variants = backend.equals("tornado") ? 3 : 4;
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(devices.size() * variants * 2, rows.size(), "devices x variants x {int, float}: " + r.describe());
        long groups = (n + WG - 1) / WG;
        Set<String> seen = new TreeSet<>();
        for (Map<String, Object> row : rows) {
            String what = row.get("variant") + " " + row.get("params") + " on " + row.get("device");
            assertEquals(backend, row.get("backend"), what);
            assertTrue(names.contains((String) row.get("device")), what + ": device not one of " + names);
            assertEquals(Boolean.TRUE, row.get("verified"), what + ": " + row.get("error"));
            assertEquals(null, row.get("error"), what);
            @SuppressWarnings("unchecked")
            Map<String, Object> params = (Map<String, Object>) row.get("params");
            assertEquals((long) n, params.get("n"), what);
            @SuppressWarnings("unchecked")
            Map<String, Object> counters = (Map<String, Object>) row.get("counters");
            long atomics = ((Number) counters.getOrDefault("globalAtomics", 0L)).longValue();
            switch ((String) row.get("variant")) {
                case "local-atomic" -> assertEquals(groups, atomics, what + ": one atomic per work-group; counters " + counters);
                case "static-local" -> {
                    Object units = counters.get("unitsUsed");
                    assertTrue(units instanceof Long u && u >= 1, what + ": unitsUsed missing; counters " + counters);
                    assertEquals(units, atomics, what + ": one atomic per unit used; counters " + counters);
                    assertTrue(atomics <= groups, what + ": more atomics than work-groups (" + groups + ")");
                }
                case "two-kernel" -> assertEquals(0L, atomics, what + ": no atomics; counters " + counters);
                case "tuned" -> assertEquals(counters.get("workGroups"), atomics, what + ": one ticket per persistent group; counters " + counters);
                default -> fail("unexpected variant " + what);
            }
            seen.add(row.get("variant") + "/" + params.get("type"));
        }
        Set<String> expected = new TreeSet<>(Set.of("local-atomic/int", "local-atomic/float", "static-local/int", "static-local/float",
                "two-kernel/int", "two-kernel/float"));
        if (variants == 4) expected.addAll(Set.of("tuned/int", "tuned/float"));
        assertEquals(expected, seen);
    }

    /**
     * The other seed-003 workloads (matmul α–ε, static-work-group matmul, scan, the Einstein@Home
     * proxy) at small sizes, including sizes that are not powers of two: every variant of every
     * case must verify, and the counters must show each design (one SUM scan and a counter back at
     * 0 for V1 and Scan⁺, one table build per work-group or per compute unit used). Each case
     * takes a few seconds at most on PoCL (kernel builds dominate) and well under one on the
     * emulator.
     */
    static Stream<Arguments> seed003Cases() {
        List<String[]> specs = List.of(
                new String[]{"matmul", "n=48", "tile=16", "reps=1"},
                new String[]{"matmul-static", "M=48", "K=80", "N=32", "tile=16", "k=1,res", "mapping=dynamic", "reps=1"},
                new String[]{"scan", "n=100003", "wg=64", "type=int", "op=add", "sums=recursive", "reps=1"},
                new String[]{"scan", "n=5000", "wg=32", "type=float", "op=max", "reps=1"},
                new String[]{"table", "groups=50", "maxSize=100", "iters=16", "reps=1"});
        List<Arguments> l = new ArrayList<>();
        for (String backend : List.of("cell-emulation", "jocl", "aparapi", "tornado")) {
            for (String[] spec : specs) l.add(Arguments.of(backend, spec[0], Arrays.asList(spec).subList(1, spec.length)));
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("seed003Cases")
    void seed003WorkloadsVerifyWithTheirDesignCounters(String backend, String workload, List<String> params) {
        BackendRegistry.Entry entry = Dist.entry(backend)
                .orElseThrow(() -> new AssertionError("backend " + backend + " is not in the distribution; backends: "
                        + Dist.registry().entries() + "; problems: " + Dist.registry().problems()));
        if (!entry.available()) {
            if (backend.equals("tornado") && !Dist.tornadoConfigured()) {
                System.out.println("SKIPPED tornado " + workload + ": TORNADOVM_HOME is not set (backend says: " + entry.reason() + ")");
                Assumptions.abort("TornadoVM is not configured");
            }
            Optional<String> noCl = Dist.noOpenClPlatform();
            if ((backend.equals("jocl") || backend.equals("aparapi")) && noCl.isPresent()) {
                System.out.println("SKIPPED " + backend + " " + workload + ": " + noCl.get() + " (backend says: " + entry.reason() + ")");
                Assumptions.abort(noCl.get());
            }
            fail("backend " + backend + " is unavailable: " + entry.reason());
        }
        List<String> args = new ArrayList<>(List.of("compare", workload, "--backend", backend, "--format", "json"));
        // single-pass has an OpenCL C and a Java work-group kernel only (see GpuVariantsIT)
        boolean paperScans = workload.equals("scan") && (backend.equals("aparapi") || backend.equals("tornado"));
        if (paperScans) args.addAll(List.of("--variant", "harris", "--variant", "v1", "--variant", "scanplus"));
        for (String p : params) {
            args.add("--param");
            args.add(p);
        }
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        int cases = workload.equals("matmul-static") ? 2 : 1;
        int variants = switch (workload) {
            case "matmul" -> 5;
            case "scan" -> paperScans ? 3 : 4;
            default -> 2;
        };
        // matmul-static's ndrange reads neither k nor mapping: one row for the two k cases
        int rowsPerDevice = workload.equals("matmul-static") ? 1 + cases : variants * cases;
        long devices = entry.backend().devices().stream().filter(d -> !d.explicitOnly()).count();
        assertEquals(devices * rowsPerDevice, rows.size(), "devices x variants x cases: " + r.describe());
        for (Map<String, Object> row : rows) {
            String what = workload + " " + row.get("variant") + " " + row.get("params") + " on " + row.get("device");
            assertEquals(backend, row.get("backend"), what);
            assertEquals(Boolean.TRUE, row.get("verified"), what + ": " + row.get("error"));
            @SuppressWarnings("unchecked")
            Map<String, Object> ps = (Map<String, Object>) row.get("params");
            @SuppressWarnings("unchecked")
            Map<String, Object> counters = (Map<String, Object>) row.get("counters");
            switch (workload + "/" + row.get("variant")) {
                case "scan/v1", "scan/scanplus" -> {
                    long k = (Long) ps.get("k");
                    assertTrue(k >= 1 && k <= (Long) ps.get("residency"), what);
                    assertEquals(1L, counters.get("sumScans"), what + ": exactly one group scans SUM; " + counters);
                    assertEquals(0L, counters.get("counterEnd"), what + ": the k+1 counter ends at 0; " + counters);
                    assertEquals(k + 2, counters.get("globalAtomics"), what + ": k decrements, the scan count, the last decrement");
                }
                case "table/local" -> assertEquals(counters.get("workGroups"), counters.get("tableBuilds"), what + ": " + counters);
                case "table/static-local" -> {
                    assertEquals(counters.get("unitsUsed"), counters.get("tableBuilds"), what + ": " + counters);
                    assertEquals(counters.get("staticLocalInits"), counters.get("tableBuilds"), what + ": " + counters);
                }
                case "matmul-static/static" -> {
                    assertEquals(ps.get("k"), counters.get("unitsUsed"), what + ": " + counters);
                    assertEquals((48L / 16) * (32 / 16), counters.get("workGroups"), what + ": every C tile is one task");
                }
                default -> {
                }
            }
        }
    }
}
