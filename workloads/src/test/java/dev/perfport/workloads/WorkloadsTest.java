package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadsTest {

    @Test
    void everyWorkloadIsFoundThroughItsServiceEntryInListingOrder() {
        List<String> names = Workloads.all().stream().map(Workload::name).toList();
        // the first ones keep the places they had in the hand-written list
        assertEquals(List.of("reduction", "matmul", "matmul-static", "scan", "table", "var", "saxpy", "gemm"),
                names.subList(0, 8), names.toString());
        for (int i = 1; i < Workloads.all().size(); i++) {
            Workload a = Workloads.all().get(i - 1), b = Workloads.all().get(i);
            assertTrue(a.order() < b.order() || a.order() == b.order()
                    && (a.seed() + " " + a.name()).compareTo(b.seed() + " " + b.name()) < 0, a.name() + " before " + b.name());
        }
    }

    @Test
    void anUnknownNameListsTheKnownOnesInOneLine() {
        var e = assertThrows(ConfigException.class, () -> Workloads.get("nbody"));
        assertEquals("unknown workload 'nbody'; workloads: " + String.join(", ", Workloads.all().stream().map(Workload::name).toList()),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
