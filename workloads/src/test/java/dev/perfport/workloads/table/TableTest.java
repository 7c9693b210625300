package dev.perfport.workloads.table;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions, the proxy's input and reference, and the table-build rules. */
class TableTest {
    @Test
    void definitionsCarryBothDialectsAndTheTableLevel() {
        for (KernelDef def : List.of(TableKernels.local(), TableKernels.staticLocal())) {
            var cl = assertInstanceOf(KernelImpl.OpenClSource.class, def.impl(Dialect.OPENCL_C).orElseThrow(), def.name());
            assertTrue(cl.source().contains("__kernel void " + cl.entryPoint() + "(PP_PARAMS"), def.name());
            assertTrue(def.impl(Dialect.JAVA_WORKGROUP).isPresent());
            assertEquals(ElemType.DOUBLE, def.args().get(def.indexOf("w")).type());
            assertEquals(1024, def.defaults().getInt(TableKernels.TABLE_SIZE));
        }
        assertEquals(MemoryLevel.LOCAL, TableKernels.local().args().get(7).level());
        assertEquals(MemoryLevel.STATIC_LOCAL, TableKernels.staticLocal().args().get(7).level());
        assertFalse(TableKernels.local().usesStaticLocal());
        assertTrue(TableKernels.staticLocal().isPersistent());
        assertEquals(List.of("local", "static-local"), Workloads.get("table").variants());
    }

    @Test
    void groupsHaveVariableSizesAndTheWorkGroupIsTheLargest() {
        TableInput in = TableInput.generate(500, 100, 10, 64, 9);
        int largest = 0;
        java.util.Set<Integer> sizes = new java.util.HashSet<>();
        for (int g = 0; g < 500; g++) {
            int size = in.offsets()[g + 1] - in.offsets()[g];
            assertTrue(size >= 1 && size <= 100, "size " + size);
            sizes.add(size);
            largest = Math.max(largest, size);
        }
        assertEquals(largest, in.maxGroup());
        assertTrue(sizes.size() > 50, "sizes vary");
        assertEquals(in.offsets()[500], in.calculations());
        for (int c = 0; c < in.calculations(); c++) assertNotEquals(0, in.ab()[2 * c + 1], "a step of 0");
    }

    @Test
    void referenceIsTheSumOfTheGroupsCalculations() {
        double[] t = TableInput.table(64);
        assertEquals(0.0, t[0]);
        assertEquals(1.0, t[64]);
        assertEquals(1.0, t[16], 1e-15);   // sin(pi/2)
        assertEquals(-1.0, t[64 + 32], 1e-15);   // cos(pi)
        TableInput in = TableInput.generate(20, 8, 5, 64, 1);
        for (int g = 0; g < 20; g++) {
            double sum = 0;
            for (int c = in.offsets()[g]; c < in.offsets()[g + 1]; c++) {
                int a = in.ab()[2 * c], b = in.ab()[2 * c + 1];
                double s = 0;
                for (int j = 0; j < 5; j++) {
                    int p = Math.floorMod(a + j * b, 64);
                    s += 1.5 + Math.sin(2 * Math.PI * p / 64) * Math.cos(2 * Math.PI * Math.floorMod(p + j, 64) / 64);
                }
                sum += in.w()[c] * s;
            }
            assertEquals(sum, in.reference()[g], 1e-12 * sum, "group " + g);
            assertTrue(in.reference()[g] > 0);
        }
    }

    @Test
    void checkAllowsTheDocumentedToleranceOnly() {
        TableInput in = TableInput.generate(30, 16, 20, 128, 2);
        double[] got = in.reference().clone();
        assertNull(in.check(got));
        got[4] *= 1 + 0.5 * TableInput.TOLERANCE;
        assertNull(in.check(got));
        got[4] = in.reference()[4] * (1 + 10 * TableInput.TOLERANCE);
        String m = in.check(got);
        assertTrue(m != null && m.contains("group 4"), m);
        got[4] = Double.NaN;
        assertNotNull(in.check(got));
    }

    @Test
    void tableBuildsFollowTheVariant() {
        assertNull(Table.buildsMismatch(false, 100, 100, Map.of()));
        assertTrue(Table.buildsMismatch(false, 6, 100, Map.of()).contains("once per work-group (100)"));
        Map<String, Long> six = Map.of(Counters.STATIC_LOCAL_INITS, 6L, Counters.UNITS_USED, 6L);
        assertNull(Table.buildsMismatch(true, 6, 100, six));
        assertTrue(Table.buildsMismatch(true, 100, 100, six).contains("initialised static local memory 6 times"));
        assertNotNull(Table.buildsMismatch(true, 6, 100, Map.of(Counters.UNITS_USED, 5L)));
        assertNull(Table.buildsMismatch(true, 3, 100, Map.of()));
        assertNotNull(Table.buildsMismatch(true, 0, 100, Map.of()));
    }

    @Test
    void parameterErrorsNameTheProblem() {
        Params d = new Table().defaults();
        String[][] bad = {{"tableSize", "1000", "power of two"}, {"tableSize", "1", "power of two"},
                {"groups", "0", "groups"}, {"maxSize", "0", "maxSize"}, {"iters", "-1", "iters"}, {"reps", "0", "reps"}};
        for (String[] b : bad) {
            var e = assertThrows(ConfigException.class, () -> Table.SPEC.parse(d.with(b[0], b[1])), b[0] + "=" + b[1]);
            assertTrue(e.getMessage().contains(b[2]), e.getMessage());
        }
        assertThrows(ConfigException.class, () -> new Table().run(null, "global", Params.of()));
    }
}
