package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.core.plugin.BackendRegistry;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The aparapi backend in the distribution: its plugin jar loads, and Aparapi's Java thread pool,
 * listed as a device of its own, runs only when a selector names it (never by default, by type
 * or in a comparison over every device), while every row names the device that ran it.
 */
class AparapiIT {
    static final String JTP = "Aparapi Java thread pool (JTP)";

    /** The aparapi entry, or a skip with the reason where no OpenCL platform is installed. */
    static BackendRegistry.Entry aparapi() {
        BackendRegistry.Entry e = Dist.entry("aparapi").orElseThrow(() -> new AssertionError(
                "aparapi is not in the distribution; backends: " + Dist.registry().entries() + "; problems: " + Dist.registry().problems()));
        assertTrue(e.origin().endsWith("perfport-backend-aparapi-plugin.jar"), e.origin());
        if (!e.available()) {
            Optional<String> noCl = Dist.noOpenClPlatform();
            if (noCl.isPresent()) {
                System.out.println("SKIPPED aparapi: " + noCl.get() + " (backend says: " + e.reason() + ")");
                Assumptions.abort(noCl.get());
            }
            fail("aparapi is unavailable although an OpenCL platform is installed: " + e.reason());
        }
        return e;
    }

    @Test
    void devicesListsTheThreadPoolLastWithItsSelectorAndHowToChooseIt() {
        BackendRegistry.Entry e = aparapi();
        int last = e.backend().devices().size() - 1;
        Run r = Run.of("devices", "--backend", "aparapi", "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> ds = Dist.jsonRows(r);
        assertEquals(last + 1, ds.size(), r.describe());
        Map<String, Object> jtp = ds.get(last);
        assertEquals(JTP, jtp.get("name"));
        assertEquals("aparapi:" + last, jtp.get("selector"));
        @SuppressWarnings("unchecked")
        Map<String, Object> props = (Map<String, Object>) jtp.get("properties");
        assertEquals("true", props.get("explicitOnly"), props.toString());
        assertTrue(((String) props.get("selection")).contains("aparapi:name=jtp"), props.toString());
    }

    @Test
    void compareAndRunNeverPickTheThreadPoolByThemselves() {
        aparapi();
        Run c = Run.of("compare", "reduction", "--backend", "aparapi", "--variant", "local-atomic", "--param", "n=1000",
                "--param", "reps=1", "--format", "json");
        Dist.assertExit(0, c);
        List<Map<String, Object>> rows = Dist.jsonRows(c);
        assertFalse(rows.isEmpty(), c.describe());
        for (Map<String, Object> row : rows) assertNotEquals(JTP, row.get("device"), c.describe());
        for (String sel : List.of("aparapi", "aparapi:cpu")) {
            if (sel.equals("aparapi:cpu") && aparapi().backend().devices().stream().noneMatch(d -> !d.explicitOnly()
                    && d.type() == dev.perfport.core.device.DeviceType.CPU)) {
                continue;   // no OpenCL CPU here: aparapi:cpu matches nothing rather than the thread pool
            }
            Run r = Run.of("run", "reduction", "--backend", sel, "--variant", "two-kernel", "--param", "n=1000",
                    "--param", "reps=1", "--format", "json");
            Dist.assertExit(0, r);
            for (Map<String, Object> row : Dist.jsonRows(r)) assertNotEquals(JTP, row.get("device"), sel + ": " + r.describe());
        }
    }

    @Test
    void theThreadPoolRunsWhenNamedAndTheRowSaysSo() {
        aparapi();
        Run r = Run.of("run", "reduction", "--backend", "aparapi:name=jtp", "--param", "n=3001", "--param", "wg=32",
                "--param", "reps=1", "--format", "json");
        Dist.assertExit(0, r);
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        // every variant of the reduction (the paper's three and the tuned one)
        assertEquals(dev.perfport.workloads.Workloads.get("reduction").variants().size(), rows.size(), r.describe());
        for (Map<String, Object> row : rows) {
            assertEquals("aparapi", row.get("backend"));
            assertEquals(JTP, row.get("device"), r.describe());
            assertEquals(Boolean.TRUE, row.get("verified"), row.get("variant") + ": " + row.get("error"));
        }
    }
}
