package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A row is verified, failed or unsupported; compare exits 0 when every row that could run verified. A route
 * that cannot run a case says so in words for a user, not in instructions for a kernel author.
 */
class RowStatusIT {

    @Test
    void aRouteWithoutAKernelsFormGivesUnsupportedRowsAndCompareStillExitsZero() {
        AparapiIT.aparapi();
        Run r = Run.of("compare", "fft", "--backend", "aparapi", "--backend", "cell-emulation", "--param", "n=256",
                "--param", "batch=2", "--format", "json");
        List<Map<String, Object>> rows = Dist.jsonRows(r);
        long unsupported = rows.stream().filter(x -> "unsupported".equals(x.get("status"))).count();
        Assumptions.assumeTrue(unsupported > 0, "Aparapi runs every fft kernel now: nothing unsupported to check");
        for (Map<String, Object> row : rows) {
            String status = (String) row.get("status");
            if (status.equals("unsupported")) {
                String why = (String) row.get("error");
                assertEquals("aparapi", row.get("backend"));
                assertFalse(why.contains("KernelDef.builder") || why.contains("META-INF/services"), "no kernel author's hint for a user: " + why);
                assertTrue(why.contains("aparapi"), why);
            } else {
                assertEquals("verified", status, String.valueOf(row));
            }
        }
        assertEquals(0, r.code(), "every row that could run verified: " + r.describe());
        Run table = Run.of("compare", "fft", "--backend", "aparapi", "--param", "n=256", "--param", "batch=2");
        assertEquals(0, table.code(), table.describe());
        assertTrue(table.out().contains("unsupported"), table.describe());
        assertTrue(table.out().contains(" unsupported (the route cannot run it"), table.describe());
    }
}
