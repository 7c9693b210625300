package dev.perfport.workloads.reduction;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions and verification rules; the variants themselves run on every backend in the CLI's integration tests. */
class ReductionTest {
    @Test
    void definitionsCarryBothDialects() {
        for (ElemType t : new ElemType[]{ElemType.INT, ElemType.FLOAT}) {
            for (var def : new dev.perfport.core.kernel.KernelDef[]{ReductionKernels.localAtomic(t), ReductionKernels.staticLocal(t),
                    ReductionKernels.partials(t), ReductionKernels.fin(t)}) {
                assertTrue(def.impl(Dialect.OPENCL_C).isPresent(), def.name());
                assertTrue(def.impl(Dialect.JAVA_WORKGROUP).isPresent(), def.name());
                assertEquals(t, def.args().get(0).type());
            }
        }
        assertTrue(ReductionKernels.staticLocal(ElemType.INT).usesStaticLocal());
        assertEquals(MemoryLevel.STATIC_LOCAL, ReductionKernels.staticLocal(ElemType.INT).args().get(4).level());
        assertFalse(ReductionKernels.localAtomic(ElemType.INT).isPersistent());
        assertThrows(IllegalArgumentException.class, () -> ReductionKernels.localAtomic(ElemType.DOUBLE));
    }

    @Test
    void intMustBeExactFloatWithinTolerance() {
        assertNull(Reduction.check(ElemType.INT, 100, 42, 42));
        assertNotNull(Reduction.check(ElemType.INT, 100, 43, 42));
        double ref = 1.6e7;
        double tol = 1e-5 * 25;
        assertNull(Reduction.check(ElemType.FLOAT, 1 << 25, ref * (1 + tol * 0.9), ref));
        String m = Reduction.check(ElemType.FLOAT, 1 << 25, ref * (1 + tol * 1.1), ref);
        assertNotNull(m);
        assertTrue(m.contains("tolerance"), m);
    }

    @Test
    void compareRunsBothTypesUnlessFixed() {
        Reduction r = new Reduction();
        assertEquals(2, r.compareCases(Params.of()).size());
        assertEquals(1, r.compareCases(Params.of("type", "float")).size());
        assertEquals("2^20", r.compareCases(Params.of("n", "2^20")).get(0).get("n"));
    }
}
