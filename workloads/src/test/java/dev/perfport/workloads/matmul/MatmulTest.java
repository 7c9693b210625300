package dev.perfport.workloads.matmul;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions, parameter checks and the exact reference; the variants run on every backend in the CLI's integration tests. */
class MatmulTest {
    @Test
    void definitionsCarryBothDialectsAndTheirEntryPoints() {
        for (KernelDef def : List.of(MatmulKernels.alpha(), MatmulKernels.beta(), MatmulKernels.gamma(),
                MatmulKernels.delta(), MatmulKernels.betaStatic())) {
            var cl = assertInstanceOf(KernelImpl.OpenClSource.class, def.impl(Dialect.OPENCL_C).orElseThrow(), def.name());
            assertTrue(cl.source().contains("__kernel void " + cl.entryPoint() + "(PP_PARAMS"), def.name());
            assertTrue(def.impl(Dialect.JAVA_WORKGROUP).isPresent(), def.name());
            assertEquals(List.of("A", "B", "C", "M", "N", "K"), def.args().subList(0, 6).stream().map(a -> a.name()).toList());
            assertEquals(ElemType.FLOAT, def.args().get(0).type());
        }
        for (KernelDef def : List.of(MatmulKernels.gamma(), MatmulKernels.delta())) {
            assertEquals(8, def.args().size(), def.name());
            assertEquals(MemoryLevel.LOCAL, def.args().get(6).level());
            assertEquals(MemoryLevel.LOCAL, def.args().get(7).level());
        }
        assertEquals(6, MatmulKernels.beta().args().size(), "β stages no local tiles (paper §2.5)");
        assertEquals(LaunchForm.STATIC_GROUPS, MatmulKernels.betaStatic().form());
        assertEquals(LaunchForm.NDRANGE, MatmulKernels.beta().form());
        assertEquals(1, MatmulKernels.delta().defaults().getInt(MatmulKernels.GROUPS_IN_FLIGHT));
        // ε is δ's code: the same definition, built with another constant
        assertEquals(MatmulKernels.forVariant(Matmul.DELTA).name(), MatmulKernels.forVariant(Matmul.EPSILON).name());
        assertNull(MatmulKernels.forVariant("zeta"));
    }

    @Test
    void registeredWithTheirVariants() {
        assertEquals(List.of("alpha", "beta", "gamma", "delta", "epsilon"), Workloads.get("matmul").variants());
        assertEquals(List.of("ndrange", "static"), Workloads.get("matmul-static").variants());
        assertEquals("003", Workloads.get("matmul-static").seed());
    }

    @Test
    void tileMustDivideTheSizes() {
        var e = assertThrows(ConfigException.class, () -> Matmul.SPEC.parse(Params.of("n", "500", "tile", "16")));
        assertEquals("tile 16 does not divide n 500 (remainder 4); choose n as a multiple of the tile", e.getMessage());
        Matmul.SPEC.parse(Params.of("n", "512", "tile", "128"));
        Matmul.SPEC.parse(Params.of("n", "48", "tile", "16"));
        assertThrows(ConfigException.class, () -> Matmul.SPEC.parse(Params.of("n", "0", "tile", "16")));
        assertThrows(ConfigException.class, () -> Matmul.SPEC.parse(Params.of("n", "64", "tile", "0")));

        var k = assertThrows(ConfigException.class, () -> MatmulStatic.SPEC.parse(Params.of("K", "100")));
        assertTrue(k.getMessage().contains("tile 16 does not divide K 100"), k.getMessage());
        var n = assertThrows(ConfigException.class, () -> MatmulStatic.SPEC.parse(Params.of("N", "200")));
        assertTrue(n.getMessage().contains("does not divide N 200"), n.getMessage());
        MatmulStatic.SPEC.parse(Params.of("M", "4800", "K", "7200", "N", "4800"));
    }

    @Test
    void badParametersFailBeforeTheDeviceIsTouched() {
        // every check runs before the session is used, so a null session is never reached
        Matmul mm = new Matmul();
        assertThrows(ConfigException.class, () -> mm.run(null, "zeta", Params.of()));
        var e = assertThrows(ConfigException.class, () -> mm.run(null, "beta", Params.of("n", "100", "tile", "16")));
        assertTrue(e.getMessage().contains("does not divide"), e.getMessage());
        assertThrows(ConfigException.class, () -> mm.run(null, "beta", Params.of("reps", "0")));

        MatmulStatic ms = new MatmulStatic();
        var m = assertThrows(ConfigException.class, () -> ms.run(null, "static", Params.of("mapping", "guided")));
        assertTrue(m.getMessage().contains("blocked, cyclic or dynamic"), m.getMessage());
        assertThrows(ConfigException.class, () -> ms.run(null, "static", Params.of("k", "0")));
        assertThrows(ConfigException.class, () -> ms.run(null, "static", Params.of("k", "1,2")));
        assertEquals(TaskMapping.CYCLIC, MatmulStatic.mapping(" Cyclic "));
    }

    @Test
    void inputsAreSmallIntegersAndTheReferenceIsExact() {
        Matrices in = Matrices.generate(32, 48, 16, 7);
        for (float v : in.a()) {
            assertEquals(Math.rint(v), v);
            assertTrue(Math.abs(v) <= Matrices.MAX_ABS);
        }
        assertTrue(new java.util.HashSet<>(Arrays.asList(box(in.a()))).size() > 5, "inputs vary");
        // a hand-checked product: [1 2; 3 4] · [5 6; 7 8] = [19 22; 43 50]
        assertArrayEquals(new double[]{19, 22, 43, 50}, Matrices.multiply(new float[]{1, 2, 3, 4}, new float[]{5, 6, 7, 8}, 2, 2, 2));
        // the reference of a product with the identity is the matrix itself
        Matrices sq = Matrices.generate(32, 16, 16, 8);
        float[] eye = new float[16 * 16];
        for (int i = 0; i < 16; i++) eye[i * 16 + i] = 1;
        double[] c = Matrices.multiply(sq.a(), eye, 32, 16, 16);
        for (int i = 0; i < 32 * 16; i++) assertEquals(sq.a()[i], c[i]);
        // and the generated reference is A·B of the generated inputs, element (i, j) = Σ_k A[i][k]·B[k][j]
        double c57 = 0;
        for (int k = 0; k < 48; k++) c57 += in.a()[5 * 48 + k] * in.b()[k * 16 + 7];
        assertEquals(c57, in.c()[5 * 16 + 7]);
        // every partial sum stays below 2^24, so float32 arithmetic in any order reproduces it
        assertTrue((long) Matrices.MAX_ABS * Matrices.MAX_ABS * Matrices.MAX_EXACT_K < 1L << 24);
        // the specification refuses the sizes before anything is allocated, naming the size and the limit
        String k = Integer.toString(Matrices.MAX_EXACT_K + 1);
        assertTrue(assertThrows(ConfigException.class, () -> MatmulStatic.SPEC.parse(Params.of("M", "16", "K", k, "N", "16")))
                .getMessage().startsWith("K=" + k + " exceeds " + Matrices.MAX_EXACT_K));
        assertTrue(assertThrows(ConfigException.class, () -> MatmulStatic.SPEC.parse(Params.of("M", "50000", "K", "16", "N", "50000")))
                .getMessage().startsWith("a 50000x50000 matrix has 2500000000 elements"));
    }

    @Test
    void checkDemandsExactEquality() {
        Matrices in = Matrices.generate(16, 16, 16, 3);
        float[] got = new float[256];
        for (int i = 0; i < 256; i++) got[i] = (float) in.c()[i];
        assertNull(in.check(got));
        got[17] += 1;
        String m = in.check(got);
        assertNotNull(m);
        assertTrue(m.startsWith("1 of 256") && m.contains("(1, 1)"), m);
        got[17] = Float.NaN;   // an element no work-item wrote
        assertNotNull(in.check(got));
    }

    @Test
    void staticSweepRunsOneCasePerK() {
        MatmulStatic ms = new MatmulStatic();
        assertEquals(List.of("1", "res/4", "res/2", "res"), ms.compareCases(Params.of()).stream().map(p -> p.get("k")).toList());
        assertEquals(List.of("1", "2", "4", "8"), ms.compareCases(Params.of("k", "1,2,4,8")).stream().map(p -> p.get("k")).toList());
        List<Params> one = ms.compareCases(Params.of("k", "res/2", "M", "512"));
        assertEquals(1, one.size());
        assertEquals("512", one.getFirst().get("M"));
        assertEquals("res", ms.defaults().get("k"));
        assertEquals("blocked", ms.defaults().get("mapping"));
    }

    private static Float[] box(float[] a) {
        Float[] b = new Float[a.length];
        for (int i = 0; i < a.length; i++) b[i] = a[i];
        return b;
    }
}
