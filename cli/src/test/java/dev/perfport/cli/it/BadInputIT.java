package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input against the real backends: usage and configuration errors exit 2 with one line that
 * lists what exists; launches over a device limit become failed rows (exit 1) naming the limit,
 * and the other rows still run.
 */
class BadInputIT {

    static void assertOneLineError(Run r, String... fragments) {
        Dist.assertExit(2, r);
        assertEquals("", r.out(), "nothing on stdout: " + r.describe());
        assertEquals(1, r.err().lines().count(), "one line on stderr: " + r.describe());
        for (String f : fragments) assertTrue(r.err().contains(f), "'" + f + "' in: " + r.err());
    }

    static boolean joclAvailable() {
        return Dist.entry("jocl").map(BackendRegistry.Entry::available).orElse(false);
    }

    @Test
    void unknownBackendListsTheBackends() {
        assertOneLineError(Run.of("run", "reduction", "--backend", "cuda"),
                "unknown backend 'cuda'", "cell-emulation", "jocl");
        assertOneLineError(Run.of("compare", "reduction", "--backend", "cell-emulation", "--backend", "cuda:gpu"),
                "unknown backend 'cuda'");
        assertOneLineError(Run.of("--config", "perfport.backend=cuda", "run", "reduction"), "unknown backend 'cuda'");
    }

    @Test
    void selectorMatchingNoDeviceListsTheDevices() {
        assertOneLineError(Run.of("run", "reduction", "--backend", "cell-emulation:name=NoSuchDevice"),
                "matches no device", "cell-emulation:0 = ");
        assertOneLineError(Run.of("devices", "--backend", "cell-emulation:99"), "matches no device", "cell-emulation:0 = ");
        if (joclAvailable()) {
            assertOneLineError(Run.of("compare", "reduction", "--backend", "jocl:name=NoSuchDevice"),
                    "matches no device", "jocl:0 = ");
        }
    }

    @Test
    void unknownWorkloadAndVariantListWhatExists() {
        assertOneLineError(Run.of("compare", "nbody"), "unknown workload 'nbody'", "reduction");
        assertOneLineError(Run.of("run", "reduction", "--variant", "one-kernel"),
                "unknown variant 'one-kernel'", "local-atomic, static-local, two-kernel");
    }

    @Test
    void aUsageErrorIsOneLineWhateverBackendIsUnavailable() {
        // the distribution lists tornado (its plugin missing without TornadoVM) or another backend
        // as unavailable on most machines; nothing asked for it, so nothing is said about it
        boolean someUnavailable = Dist.registry().entries().stream().anyMatch(e -> !e.available());
        Run r = Run.of("compare", "reduction", "--param", "wg=100");
        assertOneLineError(r, "wg must be a power of two, got 100");
        assertFalse(r.err().contains("note:"), r.describe());
        if (!someUnavailable) System.out.println("every backend is available here: the note could not have been printed");
    }

    @Test
    void badParametersAreUsageErrors() {
        assertOneLineError(Run.of("run", "reduction", "--backend", "cell-emulation", "--param", "wg=3", "--param", "n=1000"),
                "wg must be a power of two, got 3");
        assertOneLineError(Run.of("compare", "reduction", "--param", "n=abc"), "n must be an integer", "'abc'");
        assertOneLineError(Run.of("run", "reduction", "--param", "type=double", "--param", "n=1000"), "int or float");
        assertOneLineError(Run.of("run", "reduction", "--param", "n=0"), "n must be >= 1");
        assertOneLineError(Run.of("run", "reduction", "--param", "n=2^40"), "does not fit an int");
    }

    @Test
    void workGroupOverTheDeviceLimitFailsEveryRowNamingTheLimit() {
        Run r = Run.of("compare", "reduction", "--param", "wg=2^20", "--param", "n=5000", "--param", "type=int",
                "--param", "reps=1", "--format", "json");
        Dist.assertExit(1, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        int variants = dev.perfport.workloads.Workloads.get("reduction").variants().size();
        assertEquals(CompareOutputIT.deviceCount() * variants, rows.size(), "every variant on every device still ran: " + r.describe());
        for (Map<String, Object> row : rows) {
            String error = (String) row.get("error");
            assertEquals(Boolean.FALSE, row.get("verified"), row.toString());
            assertTrue(error != null && error.matches("(?s).*exceeds the .*(maximum work-(group|item) size \\d+|B of local memory).*"),
                    "error names the limit: " + error);
        }
    }

    @Test
    void workGroupOverTheOpenClLimitIsARowErrorOnJocl() {
        if (!joclAvailable()) {
            String why = Dist.noOpenClPlatform().orElse("jocl unavailable");
            System.out.println("SKIPPED jocl work-group limit: " + why);
            Assumptions.abort(why);
        }
        var device = Dist.entry("jocl").orElseThrow().backend().devices().getFirst();
        String groupMax = String.valueOf(device.maxWorkGroupSize());
        String itemMax = String.valueOf(device.maxWorkItemSizes().getFirst());
        Run r = Run.of("run", "reduction", "--backend", "jocl:0", "--param", "wg=2^20", "--param", "n=5000",
                "--variant", "local-atomic");
        Dist.assertExit(1, r);
        assertTrue(r.out().contains(" NO "), r.out());
        assertTrue(r.out().contains("exceeds the device's maximum work-") && (r.out().contains(itemMax) || r.out().contains(groupMax)),
                "the table lists the full error with the limit " + itemMax + " or " + groupMax + ":\n" + r.out());
        assertTrue(r.out().contains("1 row: 0 verified, 1 failed"), r.out());
    }

    @Test
    void syntaxErrorsAreUsageErrors() {
        assertOneLineError(Run.of("compare", "reduction", "--param", "n"), "name=value");
        assertOneLineError(Run.of("compare", "reduction", "--speed", "fast"), "unknown option '--speed'");
        assertOneLineError(Run.of("backends", "--format", "yaml"), "table, json, csv");
    }
}
