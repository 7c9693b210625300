package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
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
        for (String backend : List.of("cell-emulation", "jocl")) {
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
            Optional<String> noCl = Dist.noOpenClPlatform();
            if (backend.equals("jocl") && noCl.isPresent()) {
                System.out.println("SKIPPED jocl n=" + n + ": " + noCl.get() + " (backend says: " + entry.reason() + ")");
                Assumptions.abort(noCl.get());
            }
            fail("backend " + backend + " is unavailable: " + entry.reason());
        }
        List<DeviceInfo> devices = entry.backend().devices();
        Set<String> names = new TreeSet<>();
        devices.forEach(d -> names.add(d.name()));

        Run r = Run.of("compare", "reduction", "--backend", backend, "--param", "n=" + n, "--param", "reps=1",
                "--param", "wg=" + WG, "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        assertEquals(devices.size() * 3 * 2, rows.size(), "devices x 3 variants x {int, float}: " + r.describe());
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
                default -> fail("unexpected variant " + what);
            }
            seen.add(row.get("variant") + "/" + params.get("type"));
        }
        assertEquals(Set.of("local-atomic/int", "local-atomic/float", "static-local/int", "static-local/float",
                "two-kernel/int", "two-kernel/float"), seen);
    }
}
